import { testSession } from '@originate/testing/fixtures';
import {
  clearSession,
  DEBUG_MODE_STORAGE_KEY,
  debugModeAtom,
  isLoggedInAtom,
  SESSION_STORAGE_KEY,
  type Session,
  sessionAtom,
  sharedStore,
  unreadCountAtom,
  userAtom,
} from './store';
import { sessionTimers } from './timers';

const session = (roles: string[]): Session => testSession(roles);

afterEach(() => {
  clearSession();
  sessionStorage.clear();
});

describe('session atoms', () => {
  it("persist the session in sessionStorage 'originate.session' and derive user and login status", () => {
    expect(sharedStore.get(isLoggedInAtom)).toBe(false);
    sharedStore.set(sessionAtom, session(['AGENT']));
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null').sessionid).toBe('sess-1');
    expect(sharedStore.get(userAtom)?.userid).toBe('u1');
    expect(sharedStore.get(isLoggedInAtom)).toBe(true);
  });

  it('read a stored session when the module loads (page reload)', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session(['AGENT'])));
    jest.isolateModules(() => {
      const fresh = require('./store') as typeof import('./store');
      expect(fresh.sharedStore.get(fresh.sessionAtom)?.sessionid).toBe('sess-1');
      expect(fresh.sharedStore.get(fresh.isLoggedInAtom)).toBe(true);
    });
  });

  it('clearSession drops tokens, debug mode and the unread count', () => {
    sharedStore.set(sessionAtom, session(['DEVELOPER']));
    sharedStore.set(debugModeAtom, true);
    sharedStore.set(unreadCountAtom, 3);
    clearSession();
    expect(sharedStore.get(sessionAtom)).toBeNull();
    expect(sharedStore.get(isLoggedInAtom)).toBe(false);
    expect(sharedStore.get(debugModeAtom)).toBe(false);
    expect(sharedStore.get(unreadCountAtom)).toBe(0);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(DEBUG_MODE_STORAGE_KEY)).toBeNull();
  });
});

describe('debugModeAtom', () => {
  it("turns on for DEVELOPER and DEBUGGER users and persists in 'originate.debugMode'", () => {
    for (const role of ['DEVELOPER', 'DEBUGGER']) {
      sharedStore.set(sessionAtom, session([role]));
      sharedStore.set(debugModeAtom, true);
      expect(sharedStore.get(debugModeAtom)).toBe(true);
      expect(sessionStorage.getItem(DEBUG_MODE_STORAGE_KEY)).toBe('true');
      sharedStore.set(debugModeAtom, false);
      expect(sharedStore.get(debugModeAtom)).toBe(false);
    }
  });

  it('stays off for other users and without a session', () => {
    sharedStore.set(debugModeAtom, true);
    expect(sharedStore.get(debugModeAtom)).toBe(false);
    sharedStore.set(sessionAtom, session(['AGENT']));
    sharedStore.set(debugModeAtom, true);
    expect(sharedStore.get(debugModeAtom)).toBe(false);
    expect(sessionStorage.getItem(DEBUG_MODE_STORAGE_KEY)).toBeNull();
  });
});

describe('sessionTimers (spec §4)', () => {
  it('sets no timers below the valid session time of 900 s', () => {
    expect(sessionTimers(899)).toBeNull();
    expect(sessionTimers(0)).toBeNull();
    expect(sessionTimers(Number.NaN)).toBeNull();
  });

  it('warns 300 s before expiry and expires at expires_in, in ms', () => {
    expect(sessionTimers(900)).toEqual({ warnAfterMs: 600000, expireAfterMs: 900000 });
    expect(sessionTimers(3600)).toEqual({ warnAfterMs: 3300000, expireAfterMs: 3600000 });
  });
});
