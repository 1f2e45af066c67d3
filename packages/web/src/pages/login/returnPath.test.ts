import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPathOf } from './returnPath';

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
