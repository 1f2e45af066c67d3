import type { ServerResponse } from 'node:http';
import { ErrorCode, SpectateGameReq } from '@taikai/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AuthedCtx } from '../context';
import { authenticate, tokenHash } from '../domains/accounts/sessions';
import { spectatedContest } from '../domains/contests/access';
import { ContestError, messageOf } from '../http/errors';
import { route } from '../http/route';
import { tableRuleView, withRobotNames } from './host';
import { type OpenStreams, openStreamsOf } from './open-streams';
import * as q from './queries';
import { spectateLine } from './spectate-buffer';

// A running game watched from the side: `GET /api/contest/spectate_game?unique_id&uuid`, a server-sent event
// stream of every seat's messages, each held back by the tournament's spectator delay (README, "Spectating").

/** Timings of the stream; tests shorten them. */
export const SPECTATE_TIMING = {
  /** A comment line this often, so that proxies see the stream live. */
  keepAliveMs: 15_000,
  /** The session and the right to watch are checked again this often; the stream ends on a refusal. */
  recheckMs: 60_000,
  /** What the client should wait before reconnecting after a drop (`retry:`). */
  retryMs: 5_000,
};

type Stream = {
  accountId: number;
  uniqueId: number;
  /** The session's SHA-256, as ended sessions are announced. */
  hash: string;
  ip: string;
  end: () => void;
  recheck: () => void;
  close: (code: number) => void;
};

/** What may be watched: the tournament (2501, 2557, 2529 first), then its running game (2517 when none). */
async function watchable(ctx: AuthedCtx, uniqueId: number, uuid: string) {
  const contest = await spectatedContest(ctx.db, ctx, uniqueId);
  const game = await q.runningGameOf(ctx.db, uniqueId, uuid);
  if (!game) {
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: `uuid: ${messageOf(ErrorCode.PARAM_ERROR)} (no such running game)`,
    });
  }
  // A seat never receives spectator data: a player of the game does not watch it.
  if (game.seats.some((s) => s.account_id === ctx.actor.id))
    throw new ContestError(ErrorCode.SPECTATE_UNSUPPORTED);
  return { contest, game };
}

export function spectateStreamRoutes(app: FastifyInstance): void {
  const streams = openStreamsOf<Stream>(app, 'spectator streams');

  route(app, 'GET', 'spectate_game', {
    auth: 'account',
    policy: 'spectate',
    query: SpectateGameReq,
    stream: true,
    handler: async (ctx, req, reply) => {
      const found = await watchable(ctx, req.unique_id, req.uuid);
      streams.admit(ctx.actor.id, ctx.ip);
      openStream(ctx, found, reply, streams);
    },
  });
}

function openStream(
  ctx: AuthedCtx,
  { contest, game }: Awaited<ReturnType<typeof watchable>>,
  reply: FastifyReply,
  streams: OpenStreams<Stream>,
): void {
  reply.hijack();
  const res: ServerResponse = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });

  const write = (text: string | Buffer) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    // A client that does not read what it is sent is cut off before it holds more of the server's memory.
    if (res.writableLength > ctx.config.live.maxBufferedBytes) res.destroy();
  };
  const delay = contest.spectateDelay;

  write(`retry: ${SPECTATE_TIMING.retryMs}\n`);
  write(
    spectateLine({
      type: 'hello',
      delay,
      seats: withRobotNames(game.seats).map((s, seat) => ({
        seat,
        account_id: s.account_id,
        nickname: s.nickname,
      })),
      uuid: game.uuid,
      round_type: game.roundType,
      rule: tableRuleView(game.roundType, game.detailRule, contest.emojiSwitch),
    }),
  );

  let ended = false;
  const stream: Stream = {
    accountId: ctx.actor.id,
    uniqueId: contest.uniqueId,
    hash: ctx.token ? tokenHash(ctx.token) : '',
    ip: ctx.ip,
    end: () => {
      cleanUp();
      if (!res.writableEnded) res.end();
    },
    recheck: () => void stillAllowed(),
    close: (code) => {
      if (ended) return;
      write(spectateLine({ type: 'closed', code }));
      stream.end();
    },
  };
  let stopWatching: (() => void) | null = null;
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), SPECTATE_TIMING.keepAliveMs);
  const recheck = setInterval(() => void stillAllowed(), SPECTATE_TIMING.recheckMs);
  keepAlive.unref();
  recheck.unref();

  function cleanUp() {
    if (ended) return;
    ended = true;
    stopWatching?.();
    clearInterval(keepAlive);
    clearInterval(recheck);
    streams.all.delete(stream);
    streams.release(stream.accountId, stream.ip);
  }
  streams.all.add(stream);
  res.on('close', cleanUp);
  res.on('error', cleanUp);

  // Last: what is owed first may be written at once (and a game that just ended ends the stream at once).
  const stop = ctx.games.spectators.watch(game.uuid, delay * 1000, {
    send: write,
    end: () => stream.end(),
  });
  if (ended) stop();
  else stopWatching = stop;

  /**
   * A logged-out session, or a spectator who may no longer watch, loses the stream. A changed delay ends it
   * without a refusal: the client reconnects and is fed at the new delay.
   */
  async function stillAllowed() {
    try {
      const now = ctx.clock.now();
      const actor = await authenticate({ ...ctx, now }, ctx.token);
      if (!actor) throw new ContestError(ErrorCode.NOT_LOGGED_IN);
      const row = await spectatedContest(ctx.db, { ...ctx, actor, now }, contest.uniqueId);
      if (row.spectateDelay !== delay) stream.end();
    } catch (error) {
      stream.close(error instanceof ContestError ? error.code : ErrorCode.SYSTEM_ERROR);
    }
  }
}
