import { encodeAccountId, LIMITS } from '@taikai/protocol';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type CalcRankRow, type RankRow, rankingKeys } from '../../../api/ranking-calls';
import { applySeasonChange } from '../../../api/season-events';
import { csvBlob, toCsv } from '../../../components/csv';
import { collectPages } from '../../../components/export/exportPages';
import {
  calcRankCsvRows,
  checkCalcDraft,
  DEFAULT_CALC_DRAFT,
  type RankCsvWords,
  rankCsvRows,
  rankDownloadCap,
  showsFourth,
  uniqueRows,
} from './rankView';

const words: RankCsvWords = {
  rank: 'Rank',
  nickname: 'Nickname',
  publicId: 'ID',
  remark: 'Remark',
  score: 'Score',
  total: 'Total',
  games: 'Games',
  counted: 'Counted',
  place: (p) => `#${p}`,
  qualified: 'Qualified',
  yes: 'Yes',
  no: 'No',
};

const row = (accountId: number, over: Partial<RankRow> = {}): RankRow => ({
  rank: 1,
  account_id: accountId,
  nickname: `P${accountId}`,
  remark: '',
  team_name: '',
  score: 45_300,
  accumulate_point: 60_000,
  game_count: 6,
  counted_count: 5,
  qualified: 1,
  rank_1_count: 3,
  rank_2_count: 1,
  rank_3_count: 1,
  rank_4_count: 1,
  uuid: 'g6',
  ...over,
});

describe('ranking download caps (spec §9)', () => {
  it('reads 30 pages of 100, or 50 when the tournament admits more than 3000 players', () => {
    expect(rankDownloadCap(3000)).toEqual({ pages: 30, rows: 3000 });
    expect(rankDownloadCap(100)).toEqual({ pages: LIMITS.RANK_DOWNLOAD_PAGES, rows: 3000 });
    expect(rankDownloadCap(3001)).toEqual({ pages: 50, rows: 5000 });
  });

  it('stops at the cap even when the ranking has more players', async () => {
    const asked: [number, number][] = [];
    const rows = await collectPages(
      async (offset, limit) => {
        asked.push([offset, limit]);
        return { items: Array.from({ length: limit }, (_, i) => row(offset + i + 1)), total: 9000 };
      },
      { pageSize: LIMITS.RANK_DOWNLOAD_PAGE_SIZE, maxItems: rankDownloadCap(100).rows },
    );
    expect(rows).toHaveLength(3000);
    expect(asked).toHaveLength(30);
    expect(asked.at(-1)).toEqual([2900, 100]);
  });
});

describe('ranking CSV', () => {
  it('writes public ids, scores divided by 1000 with one decimal, place counts and qualification', () => {
    const rows = rankCsvRows(
      [row(101), row(102, { rank: 2, score: -12_360, qualified: 0, nickname: '=HYPERLINK("x")' })],
      words,
      true,
    );
    expect(rows[0]).toEqual([
      'Rank',
      'Nickname',
      'ID',
      'Remark',
      'Score',
      'Total',
      'Games',
      'Counted',
      '#1',
      '#2',
      '#3',
      '#4',
      'Qualified',
    ]);
    expect(rows[1]).toEqual([1, 'P101', encodeAccountId(101), '', 45.3, 60, 6, 5, 3, 1, 1, 1, 'Yes']);
    expect(rows[2].slice(4, 5)).toEqual([-12.4]);
    expect(rows[2].at(-1)).toBe('No');
    // A nickname a spreadsheet would run as a formula is written as text.
    expect(toCsv(rows).split('\r\n')[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('leaves out the 4th place in three-player seasons', () => {
    const rows = rankCsvRows([row(101, { rank_4_count: 0 })], words, false);
    expect(rows[0]).not.toContain('#4');
    expect(rows[1]).toHaveLength(12);
    expect(showsFourth(3, [row(1, { rank_4_count: 0 })])).toBe(false);
    expect(showsFourth(4, [])).toBe(true);
  });

  it('starts the file with a byte-order mark so spreadsheets read every language', async () => {
    const blob = csvBlob(rankCsvRows([row(101, { nickname: '雀士 작사 じゃんし' })], words, true));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toContain('雀士 작사 じゃんし');
  });

  it('writes the calculated ranking with its score and the total of every game', () => {
    const calc: CalcRankRow = {
      rank: 3,
      account_id: 7,
      nickname: 'Q',
      remark: 'r',
      team_name: '',
      score: 75_300,
      total_point: 45_300,
      game_count: 4,
      rank_1_count: 2,
      rank_2_count: 1,
      rank_3_count: 1,
      rank_4_count: 0,
    };
    expect(calcRankCsvRows([calc], words, true)[1]).toEqual([
      3,
      'Q',
      encodeAccountId(7),
      'r',
      75.3,
      45.3,
      4,
      2,
      1,
      1,
      0,
    ]);
  });

  it('keeps each player once when the live ranking moved one between two pages', () => {
    expect(uniqueRows([row(1), row(2), row(2), row(3), row(1)]).map((r) => r.account_id)).toEqual([1, 2, 3]);
  });
});

describe('calculated ranking setting (spec §5)', () => {
  it('accepts the default: four points summing to zero, divisor 1, no minimum', () => {
    const check = checkCalcDraft(DEFAULT_CALC_DRAFT);
    expect(check.sum).toBe(0);
    expect(check.setting).toEqual({ points: [30, 10, -10, -30], divisor: 1, min_games: 0 });
  });

  it('disables calculate and download until the points sum to zero', () => {
    const check = checkCalcDraft({ points: [30, 10, -10, -20], divisor: 1, min_games: 0 });
    expect(check.sum).toBe(10);
    expect(check.setting).toBeNull();
    expect([...check.invalid]).toEqual(['points']);
  });

  it('refuses points outside −100…100, a divisor below 1 and a negative minimum', () => {
    expect([...checkCalcDraft({ points: [150, -50, -50, -50], divisor: 1, min_games: 0 }).invalid]).toEqual([
      'points',
    ]);
    const check = checkCalcDraft({ points: [0, 0, 0, 0], divisor: 0.5, min_games: -1 });
    expect([...check.invalid].sort()).toEqual(['divisor', 'min_games']);
    expect(check.setting).toBeNull();
  });

  it('treats a cleared box as not filled in', () => {
    expect(checkCalcDraft({ points: [null, 0, 0, 0], divisor: 1, min_games: 0 }).setting).toBeNull();
    expect(checkCalcDraft({ points: [0, 0, 0, 0], divisor: null, min_games: 0 }).invalid.has('divisor')).toBe(
      true,
    );
    expect(checkCalcDraft({ points: [0, 0, 0, 0], divisor: 1, min_games: null }).setting).toBeNull();
  });
});

describe('freshness', () => {
  it('a finished, removed or restored game (a records change) reads the rankings and player data again', () => {
    const client = new QueryClient();
    const rank = [...rankingKeys.rank(1, 2), { offset: 0, limit: 20 }];
    const calc = [...rankingKeys.calcRank(1, 2), { offset: 0 }];
    const data = rankingKeys.playerData(1, 2, 101);
    const otherSeason = [...rankingKeys.rank(1, 3), { offset: 0, limit: 20 }];
    for (const key of [rank, calc, data, otherSeason]) client.setQueryData(key, {});
    applySeasonChange(client, 1, 2, { kind: 'records' });
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([rank, calc, data].map(invalidated)).toEqual([true, true, true]);
    expect(invalidated(otherSeason)).toBe(false);
  });
});
