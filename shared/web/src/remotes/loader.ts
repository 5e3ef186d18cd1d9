// Runtime registration and loading of remotes through the federation runtime: the one the plugin built into a
// federated page (the shell), or the one startPageHost starts in a page built without federation (the portal).
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@originate/contract';
import type { ComponentType } from 'react';
import { checkRemoteModule } from './shape';

/** name → entry URL that is registered; a changed entry (manifest flipped) re-registers. */
const registered = new Map<string, string>();
/** Remotes whose last load failed: the next attempt re-registers them so no failed state is reused. */
const failed = new Set<string>();
let pluginsRegistered = false;

function ensurePlugins(): void {
  if (pluginsRegistered) return;
  pluginsRegistered = true;
  registerPlugins([
    {
      name: 'originate-remote-errors',
      // Logged once here with the remote and the lifecycle; the UI shows the fallback. Returning
      // nothing lets the error reach the caller (retries, then the error boundary).
      errorLoadRemote({ id, lifecycle, error }) {
        console.warn(`[remotes] ${id} failed during ${lifecycle}:`, error);
      },
    },
  ]);
}

function ensureRegistered(remote: RemoteEntry): void {
  ensurePlugins();
  const current = registered.get(remote.name);
  if (current === remote.entry && !failed.has(remote.name)) return;
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: current !== undefined });
  registered.set(remote.name, remote.entry);
  failed.delete(remote.name);
}

/** A shared module as the federation runtime keeps it in its global share scopes (instance → scope → name → version). */
interface SharedEntry {
  loading?: Promise<unknown> | null;
  loaded?: boolean;
}
type ShareScopes = Record<string, Record<string, Record<string, Record<string, SharedEntry>>>>;

/**
 * The runtime keeps a shared module's loading promise even when it rejected, and hands it to every later consumer:
 * a remote that was down while its page asked for a shared chunk (MUI's Container, say) would fail in this page
 * for good, the host's one runtime outliving the remote's re-registration. Each load still pending is told to
 * forget itself should it fail (an already rejected one does so before the next attempt, which waits at least
 * 250 ms or for the user's Retry); nothing waits for the loads in flight.
 */
function forgetFailedShares(): void {
  const scopes = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__?.__SHARE__ ?? {};
  for (const instance of Object.values(scopes))
    for (const scope of Object.values(instance ?? {}))
      for (const versions of Object.values(scope ?? {}))
        for (const shared of Object.values(versions ?? {})) {
          const { loading } = shared ?? {};
          if (!loading || shared.loaded) continue;
          loading.catch(() => {
            if (shared.loading === loading) shared.loading = null;
          });
        }
}

const LOAD_ATTEMPTS = 3;

/** Loads `<name>/<module>` (module as exposed, e.g. './NotificationBell'), retrying, and checks its shape. */
export async function loadRemoteComponent<P>(remote: RemoteEntry, module: string): Promise<ComponentType<P>> {
  const id = `${remote.name}/${module.replace(/^\.\//, '')}`;
  let lastError: unknown;
  for (let attempt = 1; attempt <= LOAD_ATTEMPTS; attempt++) {
    ensureRegistered(remote);
    try {
      return checkRemoteModule<P>(await loadRemote(id), id);
    } catch (error) {
      lastError = error;
      failed.add(remote.name);
      forgetFailedShares();
      if (error instanceof Error && error.name === 'RemoteShapeError') break;
      if (attempt < LOAD_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
  throw lastError;
}
