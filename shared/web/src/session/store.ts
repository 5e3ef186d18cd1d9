// One jotai store for the host and every remote (@originate/web is a federated singleton), and the atoms in it.

import { type RuntimeEnv, resolveDebugRole, type Session, type ThemeConfig } from '@originate/contract';
import { atom, createStore } from 'jotai/vanilla';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/vanilla/utils';

export const SESSION_STORAGE_KEY = 'originate.session';
export const DEBUG_MODE_STORAGE_KEY = 'originate.debugMode';
const APP_REF_ID_STORAGE_KEY = 'originate.appRefId';

// Declared in the contract, where test fixtures can name it without depending on this package.
export type { Session };

export const sharedStore = createStore();

// sessionStorage is absent in Node (mock-server, jest node environment): the atoms then live in memory.
function browserSessionStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

function sessionStored<T>(key: string, initial: T) {
  const storage = createJSONStorage<T>(() => browserSessionStorage() as Storage);
  // getOnInit: a reload reads the stored session at once, so guards never see a false 'logged out'.
  return atomWithStorage<T>(key, initial, storage, { getOnInit: true });
}

export const sessionAtom = sessionStored<Session | null>(SESSION_STORAGE_KEY, null);
export const userAtom = atom((get) => get(sessionAtom)?.user ?? null);
export const isLoggedInAtom = atom((get) => get(sessionAtom) !== null);

const debugModeStoredAtom = sessionStored<boolean>(DEBUG_MODE_STORAGE_KEY, false);
/** True only while the stored flag is on and the user holds DEVELOPER or DEBUGGER (spec §6). */
export const debugModeAtom = atom(
  (get) => get(debugModeStoredAtom) && resolveDebugRole(get(userAtom)?.roles ?? []) !== null,
  (get, set, on: boolean) => {
    const allowed = resolveDebugRole(get(userAtom)?.roles ?? []) !== null;
    set(debugModeStoredAtom, on && allowed ? true : RESET);
  },
);

/** The customer application's reference id, sent as the appRefId header when present. */
export const appRefIdAtom = sessionStored<string | null>(APP_REF_ID_STORAGE_KEY, null);

export const runtimeEnvAtom = atom<RuntimeEnv | null>(null);
export const themeConfigAtom = atom<ThemeConfig | null>(null);
export const unreadCountAtom = atom(0);
export const backClickedAtom = atom(false);
/** Set once a response says 'resubmission': modification-time updates stop (spec §8). */
export const modTimeUpdatesStoppedAtom = atom(false);

/** Drops session id, tokens and debug mode: the login status becomes logged out. */
export function clearSession(): void {
  sharedStore.set(sessionAtom, RESET);
  sharedStore.set(debugModeStoredAtom, RESET);
  sharedStore.set(unreadCountAtom, 0);
}

export function getSession(): Session | null {
  return sharedStore.get(sessionAtom);
}
