import type { ServerResponse } from 'node:http';
import { ErrorCode, LooseId, type SeasonChange } from '@taikai/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthedCtx } from '../context';
import { authenticate, tokenHash } from '../domains/accounts/sessions';
import { managedSeason } from '../domains/seasons/service';
import { ContestError } from '../http/errors';
import { route } from '../http/route';
import { type OpenStreams, openStreamsOf } from './open-streams';

// The console's live channel of a season: `GET /api/contest/season_events?unique_id&season_id`, a server-sent
// event stream of the season's changes (README, "Live channels"). Authorized like the season's game lists.

export const SeasonEventsReq = z.object({ unique_id: LooseId, season_id: LooseId });

/** Timings of the stream; tests shorten them. */
export const STREAM_TIMING = {
  /** A comment line this often, so that proxies and the console's idle watchdog (75 s) see the stream live. */
  keepAliveMs: 15_000,
  /** The session and the viewer's right to the season are checked again this often; the stream ends on a refusal. */
  recheckMs: 60_000,
  /** What the client should wait before reconnecting after a drop (`retry:`). */
  retryMs: 5_000,
};

/** Who may read a season's live changes: whoever may read its game lists. */
const VIEW = 'viewSeason';

type Stream = {
  res: ServerResponse;
  accountId: number;
  uniqueId: number;
  /** The session's SHA-256, as ended sessions are announced. */
  hash: string;
  ip: string;
  end: () => void;
  /** Checks the session and the viewer's right to the season now; ends the stream when either is gone. */
  recheck: () => void;
  /** Ends the stream telling the viewer why (`event: closed`). */
  close: (code: number) => void;
};

export function seasonStreamRoutes(app: FastifyInstance): void {
  const streams = openStreamsOf<Stream>(app, 'event streams');

  route(app, 'GET', 'season_events', {
    auth: 'account',
    policy: VIEW,
    query: SeasonEventsReq,
    stream: true,
    handler: async (ctx, req, reply) => {
      const ids = { uniqueId: req.unique_id, seasonId: req.season_id };
      await managedSeason(ctx.db, ctx, ids, VIEW);
      streams.admit(ctx.actor.id, ctx.ip);
      openStream(ctx, ids, reply, streams);
    },
  });
}

function openStream(
  ctx: AuthedCtx,
  ids: { uniqueId: number; seasonId: number },
  reply: FastifyReply,
  streams: OpenStreams<Stream>,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // The security headers every answer carries (set when the request arrived).
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies would otherwise hold the events back.
    'x-accel-buffering': 'no',
  });

  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
    // A client that does not read what it is sent is cut off before it holds more of the server's memory.
    if (res.writableLength > ctx.config.live.maxBufferedBytes) res.destroy();
  };
  const event = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

  const unsubscribe = ctx.games.live.onSeason(ids.uniqueId, ids.seasonId, (change: SeasonChange) =>
    event('change', change),
  );
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), STREAM_TIMING.keepAliveMs);
  const recheck = setInterval(() => void stillAllowed(), STREAM_TIMING.recheckMs);
  keepAlive.unref();
  recheck.unref();

  let ended = false;
  const stream: Stream = {
    res,
    accountId: ctx.actor.id,
    uniqueId: ids.uniqueId,
    hash: ctx.token ? tokenHash(ctx.token) : '',
    ip: ctx.ip,
    end: () => {
      cleanUp();
      if (!res.writableEnded) res.end();
    },
    recheck: () => void stillAllowed(),
    close: (code) => {
      if (ended) return;
      event('closed', { code });
      stream.end();
    },
  };
  function cleanUp() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(keepAlive);
    clearInterval(recheck);
    streams.all.delete(stream);
    streams.release(stream.accountId, stream.ip);
  }
  streams.all.add(stream);
  res.on('close', cleanUp);
  res.on('error', cleanUp);

  /** A logged-out session, or a viewer who lost their place in the tournament, loses the stream too. */
  async function stillAllowed() {
    try {
      const now = ctx.clock.now();
      const actor = await authenticate({ ...ctx, now }, ctx.token);
      if (!actor) throw new ContestError(ErrorCode.NOT_LOGGED_IN);
      await managedSeason(ctx.db, { ...ctx, actor, now }, ids, VIEW);
    } catch (error) {
      stream.close(error instanceof ContestError ? error.code : ErrorCode.SYSTEM_ERROR);
    }
  }

  write(`retry: ${STREAM_TIMING.retryMs}\n`);
  event('hello', { unique_id: ids.uniqueId, season_id: ids.seasonId });
}
