import { describe, expect, it } from 'vitest';
import { handoffUrl } from './handoffLink';
import { mobileTarget } from './MobileHandoff';

describe('mobile hand-off (spec §1: the session goes to the phone-sized site)', () => {
  it("lands on the players' page of the tournament being looked at, else on /play/", () => {
    expect(mobileTarget(4711, '')).toBe('/play/4711');
    expect(mobileTarget(null, '')).toBe('/play/');
  });

  it('a configured mobile site wins', () => {
    expect(mobileTarget(4711, 'https://m.example.org/')).toBe('https://m.example.org/');
  });

  it('carries a one-time hand-off code as ?handoff=, never the session token', () => {
    expect(handoffUrl('c0de_-x', '/play/4711', 'https://taikai.example')).toBe(
      'https://taikai.example/play/4711?handoff=c0de_-x',
    );
  });
});
