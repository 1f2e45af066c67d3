import {
  OVERLAY_TOP_DEFAULT,
  type OverlayHandResult,
  type OverlayTableWire,
  type ShareLinkWire,
} from '@taikai/protocol';
import type { z } from 'zod';
import type { GameSeatRow, ProgressRow } from '../../db/schema';
import type { MomentRow } from '../../games/moments';
import type { ShareLinkRow } from './queries';

export function presentShareLink(row: ShareLinkRow): z.infer<typeof ShareLinkWire> {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    size: row.options.size,
    top: row.options.top ?? OVERLAY_TOP_DEFAULT,
    mode: row.options.mode ?? 'personal',
    prefix: row.prefix,
    creator_id: row.creatorId,
    create_time: row.createTime,
  };
}

type StoredResult =
  | {
      kind: 'win';
      wins: { seat: number; from: number | null; points: number; yaku: string[] }[];
      deltas: number[];
    }
  | { kind: 'draw'; name: string; deltas: number[] };

/** A hand's result as the engine reported it, as a broadcast shows it. */
export function presentHandResult(result: unknown): z.infer<typeof OverlayHandResult> | null {
  const r = result as StoredResult | null;
  if (!r || (r.kind !== 'win' && r.kind !== 'draw')) return null;
  return {
    kind: r.kind,
    wins:
      r.kind === 'win'
        ? r.wins.map((w) => ({
            seat: w.seat,
            from: w.from ?? null,
            points: w.points,
            yaku: w.yaku.map(String),
          }))
        : [],
    draw: r.kind === 'draw' ? String(r.name ?? '') : '',
    deltas: r.deltas ?? [],
  };
}

/** A table as it stood at a moment (before its first moment: its seats' starting points). */
export function presentTable(
  game: { uuid: string; seats: GameSeatRow[] },
  moment: MomentRow | undefined,
  lastEnd: MomentRow | undefined,
  ended: boolean,
): z.infer<typeof OverlayTableWire> {
  const progress: ProgressRow = moment?.progress ?? {
    chang: 0,
    ju: 0,
    ben: 0,
    liqibang: 0,
    scores: game.seats.map((s) => s.init_points),
  };
  const riichi = moment && moment.kind !== 'hand_end' ? moment.riichi : [];
  return {
    uuid: game.uuid,
    started: moment ? 1 : 0,
    ended: ended ? 1 : 0,
    chang: progress.chang,
    ju: progress.ju,
    ben: progress.ben,
    liqibang: progress.liqibang,
    seats: game.seats.map((s, seat) => ({
      seat,
      nickname: s.nickname,
      score: progress.scores[seat] ?? 0,
      riichi: riichi.includes(seat) ? 1 : 0,
    })),
    last_result: lastEnd ? presentHandResult(lastEnd.result) : null,
  };
}
