import { beforeEach, describe, expect, it, vi } from 'vitest';

// What the address may hand over, and where a session is kept.

function fakeStorage() {
  const store = new Map<string, string>();
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
}

let address = '';
const replaceState = vi.fn((_state: unknown, _title: string, url: string) => {
  address = new URL(url, address).toString();
});

beforeEach(() => {
  vi.stubGlobal('localStorage', fakeStorage());
  vi.stubGlobal('sessionStorage', fakeStorage());
  vi.stubGlobal('window', {
    get location() {
      return { href: address };
    },
    history: { state: null, replaceState },
  });
});

const { autoLogin, readToken, setAutoLogin, storeToken, takeHandoffFromAddress } = await import('./token');

describe('a session is never taken from the address', () => {
  it('?token= is removed from the address and handed to the caller, not stored (a link cannot swap the session)', () => {
    storeToken('mine');
    address = 'https://taikai.example/play/4711?token=attackers-token&x=1#top';
    expect(takeHandoffFromAddress()).toEqual({ token: 'attackers-token' });
    expect(readToken()).toBe('mine');
    expect(address).toBe('https://taikai.example/play/4711?x=1#top');
  });

  it('a hand-off code is taken out of the address and handed to the caller, nothing stored', () => {
    address = 'https://taikai.example/play/4711?handoff=abc_DEF-123';
    expect(takeHandoffFromAddress()).toEqual({ code: 'abc_DEF-123' });
    expect(readToken()).toBeNull();
    expect(address).toBe('https://taikai.example/play/4711');
  });

  it('an address with neither is left alone', () => {
    address = 'https://taikai.example/contest/1?tab=2';
    replaceState.mockClear();
    expect(takeHandoffFromAddress()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });
});

describe('auto login decides where the token is kept', () => {
  it('on (the default): kept across browser restarts; off: for this browser session only', () => {
    expect(autoLogin()).toBe(true);
    storeToken('kept');
    expect(localStorage.getItem('token')).toBe('kept');
    setAutoLogin(false);
    storeToken('session-only');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('session-only');
    expect(readToken()).toBe('session-only');
  });
});
