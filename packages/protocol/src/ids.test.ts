import { describe, expect, it } from 'vitest';
import { Zone } from './enums';
import { decodeAccountId, encodeAccountId, ZONE_ID_RANGES, zoneOfAccountId } from './ids';

describe('account id codec', () => {
  it('encodes the known examples: 1 → 57626123, 16329130 → 47904916', () => {
    expect(encodeAccountId(1)).toBe(57626123);
    expect(encodeAccountId(16329130)).toBe(47904916);
  });

  it('decodes the known examples: 57626123 → 1, 47904916 → 16329130', () => {
    expect(decodeAccountId(57626123)).toBe(1);
    expect(decodeAccountId(47904916)).toBe(16329130);
  });

  it('a public id at or below the offset decodes to 0 (player not found)', () => {
    expect(decodeAccountId(10000000)).toBe(0);
    expect(decodeAccountId(123)).toBe(0);
    expect(decodeAccountId(0)).toBe(0);
    expect(decodeAccountId(-5)).toBe(0);
    expect(decodeAccountId(1.5e10)).toBe(0);
    expect(decodeAccountId(12345678.5)).toBe(0);
  });

  it('robot / none (0) stays 0', () => {
    expect(encodeAccountId(0)).toBe(0);
  });

  it('round-trips every id of a seeded sample across all zones', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const ids = [1, 2, 3, 1000, (7 << 23) - 1, 7 << 23, (13 << 23) - 1, 13 << 23, (16 << 23) - 1];
    for (let i = 0; i < 20000; i++) ids.push(1 + (next() % ((16 << 23) - 1)));
    const seen = new Set<number>();
    for (const id of ids) {
      const pub = encodeAccountId(id);
      expect(pub).toBeGreaterThan(10000000);
      expect(decodeAccountId(pub)).toBe(id);
      seen.add(pub);
    }
    expect(seen.size).toBe(new Set(ids).size);
  });
});

describe('zones', () => {
  it('id >> 23: 0–6 CN, 7–12 JP, 13–15 US', () => {
    expect(zoneOfAccountId(1)).toBe(Zone.CN);
    expect(zoneOfAccountId(16329130)).toBe(Zone.CN);
    expect(zoneOfAccountId((7 << 23) - 1)).toBe(Zone.CN);
    expect(zoneOfAccountId(7 << 23)).toBe(Zone.JP);
    expect(zoneOfAccountId((13 << 23) - 1)).toBe(Zone.JP);
    expect(zoneOfAccountId(13 << 23)).toBe(Zone.US);
    expect(zoneOfAccountId((16 << 23) - 1)).toBe(Zone.US);
  });

  it('the declared ranges agree with zoneOfAccountId at both ends', () => {
    for (const [zone, [first, last]] of Object.entries(ZONE_ID_RANGES)) {
      expect(zoneOfAccountId(first)).toBe(Number(zone));
      expect(zoneOfAccountId(last)).toBe(Number(zone));
    }
  });
});
