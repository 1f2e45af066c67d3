import { describe, expect, it } from 'vitest';
import { mobileSiteUrl, mobileTarget } from './MobileHandoff';

describe('mobile hand-off (spec §1: the token goes to the phone-sized site)', () => {
  it("lands on the players' page of the tournament being looked at, else on /play/", () => {
    expect(mobileTarget(4711, '')).toBe('/play/4711');
    expect(mobileTarget(null, '')).toBe('/play/');
  });

  it('a configured mobile site wins', () => {
    expect(mobileTarget(4711, 'https://m.example.org/')).toBe('https://m.example.org/');
  });

  it('carries the session token as ?token=', () => {
    expect(mobileSiteUrl('abc-123', '/play/4711', 'https://taikai.example')).toBe(
      'https://taikai.example/play/4711?token=abc-123',
    );
  });
});
