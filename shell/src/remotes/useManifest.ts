import { runtimeEnvAtom } from '@originate/shared';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { fetchManifest } from './manifest';

export const MANIFEST_QUERY_KEY = ['remotesManifest'] as const;

/** The runtime remotes manifest; an unreachable one means no remotes (the shell still works). */
export function useManifest() {
  const env = useAtomValue(runtimeEnvAtom);
  const url = env?.remotesManifestUrl;
  return useQuery({
    queryKey: [...MANIFEST_QUERY_KEY, url],
    queryFn: () => fetchManifest(url as string),
    enabled: Boolean(url),
    staleTime: 60_000,
  });
}

/** Every contributed page path (permitted or not: the guard and the menu decide access), undefined while loading. */
export function useContributedPaths(): string[] | undefined {
  const { data, isError } = useManifest();
  if (isError) return [];
  return data?.remotes.flatMap((r) => r.menu.map((m) => m.path));
}
