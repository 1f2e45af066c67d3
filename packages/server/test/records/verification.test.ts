import { commitmentOf } from '@taikai/engine';
import { defaultRuleFor } from '@taikai/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyRecord } from '../../src/domains/records/verification';
import { finishedOf, playTable, seedOf } from './support';

// A record's file is verified against what was published: the seed revealed at the end re-deals every wall of
// the log and hashes to the commitment announced at the start. One real robot game, then the record as stored
// (its log through JSON, as the database keeps it) and tampered copies of it.

let record: { seed: string; commitment: string; log: unknown };
let hands: number;

beforeAll(async () => {
  const played = await playTable(1, defaultRuleFor(1) as Record<string, number | boolean>, 7);
  const finished = finishedOf(played);
  record = {
    seed: finished.seed,
    commitment: finished.commitment,
    log: JSON.parse(JSON.stringify(finished.log)),
  };
  hands = played.events.filter((e) => e.type === 'hand_end').length;
});

describe('verifying a record', () => {
  it('the revealed seed matches the commitment and re-deals every hand of the log', () => {
    expect(record.seed).toBe(seedOf(7));
    expect(verifyRecord(record)).toEqual({ ok: true, hands, problems: [], redealt: [] });
    expect(hands).toBeGreaterThan(0);
  });

  it('another seed fails: it does not match the commitment, and its walls are not the log’s', () => {
    const tampered = verifyRecord({ ...record, seed: seedOf(8) });
    expect(tampered.ok).toBe(false);
    expect(tampered.problems).toContain('the seed does not match the commitment');
    expect(tampered.problems.some((p) => /^hand 0: /.test(p))).toBe(true);
  });

  it('a seed swapped together with a commitment made for it still fails: the log carries the published one', () => {
    const other = seedOf(8);
    const result = verifyRecord({ ...record, seed: other, commitment: commitmentOf(other) });
    expect(result.ok).toBe(false);
    expect(result.problems).toContain(
      'the log carries another commitment than the one published at the start',
    );
  });

  it('a dealt hand changed in the log fails for that hand', () => {
    const log = JSON.parse(JSON.stringify(record.log));
    const qipai = log.paipu.log[0][0].qipai;
    qipai.shoupai[1] = qipai.shoupai[0];
    const result = verifyRecord({ ...record, log });
    expect(result.ok).toBe(false);
    expect(result.problems.some((p) => p.startsWith('hand 0: seat 1 was dealt'))).toBe(true);
  });

  it('a record without a readable log fails without throwing', () => {
    expect(verifyRecord({ ...record, log: { hello: 1 } })).toEqual({
      ok: false,
      hands: 0,
      problems: ['the record holds no game log this server can read'],
      redealt: [],
    });
  });
});
