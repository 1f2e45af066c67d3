import type { Executor } from '../../db/client';
import type { WebhookEventRow } from '../../db/schema';
import * as q from './queries';

// The events other domains report to the tournament's webhooks, each written in the transaction of the change it
// reports (the outbox): a change rolled back sends nothing. The dispatcher sends them.

type Seat = { account_id: number; nickname: string };
type Game = { uuid: string; uniqueId: number; seasonId: number; seats: Seat[]; tag?: string };

function report(
  db: Executor,
  uniqueId: number,
  event: WebhookEventRow,
  key: string,
  data: Record<string, unknown>,
  now: number,
) {
  return q.enqueue(db, { uniqueId, event, key, data, now });
}

const playersOf = (seats: Seat[]) =>
  seats.map((s, seat) => ({ seat, account_id: s.account_id, nickname: s.nickname }));

/** A game started: its season, uuid, tag and seated players. */
export function gameStarted(db: Executor, game: Game, now: number) {
  return report(
    db,
    game.uniqueId,
    'game_started',
    `game_started:${game.uuid}`,
    { season_id: game.seasonId, uuid: game.uuid, tag: game.tag ?? '', players: playersOf(game.seats) },
    now,
  );
}

/** A game finished: its result, the players in placement order with their points and scores. */
export function gameFinished(
  db: Executor,
  game: Game,
  result: { seat: number; place: number; part_point_1: number; total_point: number }[],
  now: number,
) {
  const players = [...result]
    .sort((a, b) => a.place - b.place)
    .map((p) => ({
      place: p.place,
      seat: p.seat,
      account_id: game.seats[p.seat]?.account_id ?? 0,
      nickname: game.seats[p.seat]?.nickname ?? '',
      part_point_1: p.part_point_1,
      total_point: p.total_point,
    }));
  return report(
    db,
    game.uniqueId,
    'game_finished',
    `game_finished:${game.uuid}`,
    { season_id: game.seasonId, uuid: game.uuid, tag: game.tag ?? '', players },
    now,
  );
}

/** A player won a yakuman (`yiman`: how many times yakuman; 7 for a counted one, kazoe). */
export function yakuman(
  db: Executor,
  game: Game,
  win: { hand: number; seat: number; yiman: number; yaku: string[] },
  now: number,
) {
  const seat = game.seats[win.seat];
  return report(
    db,
    game.uniqueId,
    'yakuman',
    `yakuman:${game.uuid}:${win.hand}:${win.seat}`,
    {
      season_id: game.seasonId,
      uuid: game.uuid,
      hand: win.hand,
      seat: win.seat,
      account_id: seat?.account_id ?? 0,
      nickname: seat?.nickname ?? '',
      yiman: win.yiman,
      yaku: win.yaku,
    },
    now,
  );
}

/** A player signed up to a season that reviews sign-ups, and awaits review. */
export function signupPending(
  db: Executor,
  signup: { uniqueId: number; seasonId: number; accountId: number; nickname: string },
  now: number,
) {
  return report(
    db,
    signup.uniqueId,
    'signup_pending',
    `signup_pending:${signup.seasonId}:${signup.accountId}:${now}`,
    { season_id: signup.seasonId, account_id: signup.accountId, nickname: signup.nickname },
    now,
  );
}

/** A season was ended (closed for good). */
export function seasonEnded(db: Executor, season: { uniqueId: number; seasonId: number }, now: number) {
  return report(
    db,
    season.uniqueId,
    'season_ended',
    `season_ended:${season.seasonId}`,
    { season_id: season.seasonId },
    now,
  );
}
