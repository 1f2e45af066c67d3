import { describe, expect, it } from 'vitest';
import { shouldShow, TOAST_DEDUPE_MS } from './notify';

describe('error toasts', () => {
  it('shows an identical toast once within 5 s, and again after', () => {
    const t0 = 1_000_000;
    expect(shouldShow('Error 2515', t0)).toBe(true);
    expect(shouldShow('Error 2515', t0 + 4_999)).toBe(false);
    expect(shouldShow('Error 501', t0 + 100)).toBe(true);
    expect(shouldShow('Error 2515', t0 + TOAST_DEDUPE_MS)).toBe(true);
  });
});
