// The runtime remotes manifest, loaded once per URL and read with React's use() (no data library on
// the shell's login path). An unreachable manifest means no remotes: the page still works.
import type { RemotesManifest } from '@originate/contract';
import { runtimeEnvAtom } from '@originate/web';
import { useAtomValue } from 'jotai';
import { use, useCallback, useState } from 'react';
import { fetchManifest } from './manifest';

export type ManifestResult = { ok: true; manifest: RemotesManifest } | { ok: false; error: Error };

const cache = new Map<string, Promise<ManifestResult>>();

function load(url: string): Promise<ManifestResult> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetchManifest(url).then(
      (manifest) => ({ ok: true as const, manifest }),
      (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    cache.set(url, pending);
  }
  return pending;
}

const NO_REMOTES: RemotesManifest = { remotes: [] };

/** Suspends until the manifest is read. `reload` fetches it again (e.g. Retry after a failure). */
export function useManifest(): { result: ManifestResult; manifest: RemotesManifest; reload: () => void } {
  const url = useAtomValue(runtimeEnvAtom)?.remotesManifestUrl ?? '';
  const [, setGeneration] = useState(0);
  const result = use(url ? load(url) : Promise.resolve<ManifestResult>({ ok: true, manifest: NO_REMOTES }));
  const reload = useCallback(() => {
    cache.delete(url);
    setGeneration((g) => g + 1);
  }, [url]);
  return { result, manifest: result.ok ? result.manifest : NO_REMOTES, reload };
}
