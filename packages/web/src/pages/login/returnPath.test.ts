import { describe, expect, it } from 'vitest';
import { askedReturn, landingOf, loginReturningTo, returnPathOf } from './returnPath';

describe('the address to come back to after logging in', () => {
  it('a path of this site comes back whole', () => {
    const path = '/play/game/0b7c-11';
    expect(returnPathOf(new URL(loginReturningTo(path), 'http://x').searchParams.get('next'))).toBe(path);
  });

  it('another site, a scheme, the login page itself or nothing is refused', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:x',
      '/login',
      '/login?next=/',
    ])
      expect(returnPathOf(next)).toBeNull();
  });
});

describe('where a login lands', () => {
  it("an asked return wins: the address's next, else the page that sent the visitor, except the bare site", () => {
    expect(askedReturn('/contest/123456', null)).toBe('/contest/123456');
    expect(askedReturn('/play/123456', '/play')).toBe('/play');
    expect(askedReturn(undefined, '/')).toBe('/');
    expect(askedReturn('/', null)).toBeNull();
    expect(askedReturn(undefined, null)).toBeNull();
    expect(askedReturn('//evil.example', 'https://evil.example')).toBeNull();
  });

  it('without one, organisers land in the console and players in the portal', () => {
    expect(landingOf('organiser')).toBe('/');
    expect(landingOf('player')).toBe('/play');
  });
});
