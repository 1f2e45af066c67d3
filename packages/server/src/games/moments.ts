import { and, desc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { gameMoments, type ProgressRow } from '../db/schema';

// A running game's table at the moments a broadcast shows (a hand's start, a riichi, a hand's end), kept with
// the time each happened, so that an overlay on any process can show the table as it stood the tournament's
// spectator delay ago. Written by the process that holds the table, in its event order.

export type MomentKind = 'hand_start' | 'riichi' | 'hand_end';
export type MomentRow = typeof gameMoments.$inferSelect;

/** A discard that declares riichi, as every seat's messages carry it: `{dapai: {l: seat, p: 'm5*'}}`. */
export function riichiSeatOf(msg: Record<string, unknown>): number | null {
  const dapai = msg.dapai as { l?: unknown; p?: unknown } | undefined;
  if (!dapai || typeof dapai.p !== 'string' || typeof dapai.l !== 'number') return null;
  return dapai.p.endsWith('*') ? dapai.l : null;
}

/** The moments of the games this process holds; it knows each one's hand in progress and who is in riichi. */
export class MomentKeeper {
  private readonly hands = new Map<string, { hand: number; progress: ProgressRow; riichi: number[] }>();

  constructor(private readonly db: Executor) {}

  async handStarted(uuid: string, hand: number, progress: ProgressRow, at: number): Promise<void> {
    this.hands.set(uuid, { hand, progress, riichi: [] });
    await this.write(uuid, { hand, kind: 'hand_start', progress, riichi: [], result: null, at });
  }

  /**
   * A seat's message: every seat is told each discard, so a riichi is noted from the first seat's message that
   * carries it (the others repeat it). Its stick is counted on the table from the declaration (the scores change
   * at the hand's end).
   */
  async seatMessage(uuid: string, msg: Record<string, unknown>, at: number): Promise<void> {
    const current = this.hands.get(uuid);
    if (!current) return;
    const declared = riichiSeatOf(msg);
    if (declared === null || current.riichi.includes(declared)) return;
    current.riichi = [...current.riichi, declared].sort();
    const progress = { ...current.progress, liqibang: current.progress.liqibang + current.riichi.length };
    await this.write(uuid, {
      hand: current.hand,
      kind: 'riichi',
      progress,
      riichi: current.riichi,
      result: null,
      at,
    });
  }

  async handEnded(uuid: string, hand: number, progress: ProgressRow, result: unknown, at: number) {
    const riichi = this.hands.get(uuid)?.riichi ?? [];
    this.hands.delete(uuid);
    await this.write(uuid, { hand, kind: 'hand_end', progress, riichi, result, at });
  }

  forget(uuid: string): void {
    this.hands.delete(uuid);
  }

  private async write(uuid: string, moment: Omit<typeof gameMoments.$inferInsert, 'gameUuid'>) {
    await this.db.insert(gameMoments).values({ ...moment, gameUuid: uuid });
  }
}

/** The newest moment of a game at or before `at` (unix seconds). */
export async function momentAsOf(db: Executor, uuid: string, at: number): Promise<MomentRow | undefined> {
  const [row] = await db
    .select()
    .from(gameMoments)
    .where(and(eq(gameMoments.gameUuid, uuid), lte(gameMoments.at, at)))
    .orderBy(desc(gameMoments.at), desc(gameMoments.id))
    .limit(1);
  return row;
}

/** The newest hand end of a game at or before `at` (its last shown result). */
export async function lastHandEndAsOf(
  db: Executor,
  uuid: string,
  at: number,
): Promise<MomentRow | undefined> {
  const [row] = await db
    .select()
    .from(gameMoments)
    .where(and(eq(gameMoments.gameUuid, uuid), lte(gameMoments.at, at), eq(gameMoments.kind, 'hand_end')))
    .orderBy(desc(gameMoments.at), desc(gameMoments.id))
    .limit(1);
  return row;
}
