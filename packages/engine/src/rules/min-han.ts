import type { HuleResult } from '@kobalab/majiang-core';

/** Dora of every kind: they add han but do not count toward the minimum (fanfu). */
const DORA = new Set(['ドラ', '赤ドラ', '裏ドラ']);

/** Han from yaku only (dora excluded); Infinity for a yakuman. */
export function yakuHan(hule: Pick<HuleResult, 'hupai'> | undefined): number {
  if (!hule?.hupai?.length) return 0;
  if (hule.hupai.some((h) => typeof h.fanshu === 'string')) return Number.POSITIVE_INFINITY;
  return hule.hupai.filter((h) => !DORA.has(h.name)).reduce((sum, h) => sum + Number(h.fanshu), 0);
}

/** `fanfu`: a win needs at least this many han of yaku (2-han or 4-han shibari). */
export function meetsMinHan(hule: Pick<HuleResult, 'hupai'> | undefined, minHan: number): boolean {
  return yakuHan(hule) >= minHan;
}
