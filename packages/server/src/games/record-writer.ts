import type { TableEvent } from '@taikai/engine';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type GameSeatRow, gameHands, gameRecords, games, recordMarks, recordPlayers } from '../db/schema';
import { earnFromGame } from '../domains/levels/service';
import { recountPlayers } from '../domains/ranking/queries';
import * as webhookEvents from '../domains/webhooks/events';
import { TableLost } from './queries';

type Finished = Extract<TableEvent, { type: 'finished' }>;

/** A hand's stored result: the standing it ended with and how it ended. */
type StoredHand = {
  chang: number;
  ju: number;
  ben: number;
  result: { kind: string; wins?: { seat: number; yakuman?: number; counted?: boolean; yaku: string[] }[] };
};

/**
 * A finished game becomes its record in one transaction: the record (players in placement order, the rule, the
 * hand log, the revealed seed), a row per seat, its players' season figures (`ranking_players`), the yakuman
 * marks of its hands, the players' levels when the tournament is rated (`earnFromGame`), and the game's state. A
 * record that already exists (a game finished twice across a restart) is not written again.
 */
export async function writeRecord(
  db: Db,
  game: { uuid: string; uniqueId: number; seasonId: number; seats: GameSeatRow[] },
  event: Finished,
  now: number,
  owner?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The game's row first, held by its owner (scaled mode): a process that lost the table writes no record.
    const ended = await tx
      .update(games)
      .set({ state: 3, endTime: now, progress: event.progress, pauseUntil: null, updateTime: now })
      .where(
        and(
          eq(games.uuid, game.uuid),
          eq(games.state, 2),
          owner === undefined ? undefined : eq(games.owner, owner),
        ),
      )
      .returning({ uuid: games.uuid });
    if (owner !== undefined && ended.length === 0) throw new TableLost(game.uuid);
    const [row] = await tx
      .select({
        startTime: games.startTime,
        tag: games.tag,
        roundType: games.roundType,
        detailRule: games.detailRule,
      })
      .from(games)
      .where(eq(games.uuid, game.uuid));
    if (!row) return;
    const players = event.settlement.players;
    const inserted = await tx
      .insert(gameRecords)
      .values({
        uuid: game.uuid,
        uniqueId: game.uniqueId,
        seasonId: game.seasonId,
        startTime: row.startTime,
        endTime: now,
        tag: row.tag,
        roundType: row.roundType,
        detailRule: row.detailRule,
        seats: game.seats,
        result: players.map((p) => ({
          seat: p.seat,
          part_point_1: p.part_point_1,
          total_point: p.total_point,
        })),
        log: event.log,
        seed: event.seed,
        commitment: event.commitment,
      })
      .onConflictDoNothing()
      .returning({ uuid: gameRecords.uuid });
    if (inserted.length > 0) {
      await tx.insert(recordPlayers).values(
        players.map((p) => ({
          recordUuid: game.uuid,
          uniqueId: game.uniqueId,
          seasonId: game.seasonId,
          accountId: game.seats[p.seat].account_id,
          seat: p.seat,
          place: p.place,
          partPoint: p.part_point_1,
          totalPoint: p.total_point,
          endTime: now,
        })),
      );
      // The players' season figures, in this transaction: the next ranking read counts the game.
      await recountPlayers(
        tx,
        { uniqueId: game.uniqueId, seasonId: game.seasonId },
        game.seats.map((s) => s.account_id),
      );
      // A rated tournament's players move on their ladder, in this transaction: once per record.
      await earnFromGame(
        tx,
        {
          recordUuid: game.uuid,
          uniqueId: game.uniqueId,
          roundType: row.roundType,
          seats: game.seats,
          places: players,
        },
        now,
      );
      const hands = await tx
        .select({ hand: gameHands.hand, result: gameHands.result })
        .from(gameHands)
        .where(eq(gameHands.gameUuid, game.uuid))
        .orderBy(asc(gameHands.hand));
      const marks = hands.flatMap(({ hand, result }) => {
        const stored = result as StoredHand;
        return (stored.result.wins ?? [])
          .filter((w) => w.yakuman || w.counted)
          .map((w) => ({
            recordUuid: game.uuid,
            uniqueId: game.uniqueId,
            seasonId: game.seasonId,
            hand,
            seat: w.seat,
            accountId: game.seats[w.seat].account_id,
            yiman: w.counted ? 7 : (w.yakuman ?? 1),
            yaku: w.yaku,
            chang: stored.chang,
            ju: stored.ju,
            ben: stored.ben,
            startTime: row.startTime,
          }));
      });
      if (marks.length > 0) await tx.insert(recordMarks).values(marks);
      // The tournament's webhooks hear of the game's end and its yakuman with the record.
      const reported = { ...game, tag: row.tag };
      await webhookEvents.gameFinished(tx, reported, players, now);
      for (const mark of marks) await webhookEvents.yakuman(tx, reported, mark, now);
    }
  });
}
