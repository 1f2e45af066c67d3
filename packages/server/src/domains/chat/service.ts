import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRefusal,
  type ChatState,
  type DeleteSeasonChatMessageReq,
  ErrorCode,
  ListType,
  roleMay,
  SeasonState,
} from '@taikai/protocol';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { AuthedCtx } from '../../context';
import type { Executor } from '../../db/client';
import { ContestError, messageOf } from '../../http/errors';
import { roleOf } from '../../policy';
import { managersOf } from '../admins/access';
import { liveContest } from '../contests/queries';
import { PlayerState, playerOf } from '../players/queries';
import { seasonKey, seasonState } from '../seasons/presenter';
import { isListed, SeasonList, seasonOf } from '../seasons/queries';
import { managedSeason } from '../seasons/service';
import type { FloodWindow } from './flood';
import { presentMessage } from './presenter';
import * as q from './queries';

// The season chat (README, "Live channels"): the lobby of a running season, over the player link. Roster players
// and the tournament's organisers (creator, admins) are in it; the season's chat limit decides which players
// may write (0 none, 1 only the whitelist, 2 all but the blacklist); organisers always may, their messages are
// marked, and they delete messages. Stamps only while the tournament's emoji switch is on.

type SeasonIds = { uniqueId: number; seasonId: number };
type ChatInput = { text?: string; stamp?: number };

/** A refusal of the chat (or of a stamp at a table): 2512 with why (`reason` travels beside the code). */
export function chatRefusal(reason: ChatRefusal): ContestError {
  return new ContestError(ErrorCode.CHAT_RESTRICTED, {
    message: `${messageOf(ErrorCode.CHAT_RESTRICTED)} (${reason})`,
    data: { reason },
  });
}

function refuse(reason: ChatRefusal): never {
  throw chatRefusal(reason);
}

/** Who the account is in a season's chat, and the tournament and season as they are now. */
async function standing(db: Executor, ids: SeasonIds, accountId: number) {
  const contest = await liveContest(db, ids.uniqueId);
  if (!contest) throw new ContestError(ErrorCode.CONTEST_NOT_FOUND);
  const season = await seasonOf(db, ids.uniqueId, ids.seasonId);
  if (!season) throw new ContestError(ErrorCode.NO_ACTIVE_SEASON);
  // Organisers: the creator and its managers of every role (they write whatever the chat limit); of them, those
  // who may moderate (creator, admins, chat managers) delete messages.
  const role = roleOf(
    { id: accountId },
    { creatorId: contest.creatorId, ...(await managersOf(db, ids.uniqueId)) },
  );
  const organiser = role !== 'none';
  return { contest, season, organiser, moderator: roleMay(role, 'moderateChat') };
}

/** Why the season's chat limit keeps a (non-organiser) player from writing, or null when it does not. */
async function limitRefusal(
  db: Executor,
  ids: SeasonIds,
  limitType: number,
  accountId: number,
): Promise<ChatRefusal | null> {
  if (limitType === ListType.WHITELIST) {
    const listed = await isListed(db, { ...ids, list: SeasonList.CHAT_WHITELIST }, accountId);
    return listed ? null : 'whitelist';
  }
  if (limitType === ListType.BLACKLIST) {
    const listed = await isListed(db, { ...ids, list: SeasonList.CHAT_BLACKLIST }, accountId);
    return listed ? 'blacklist' : null;
  }
  return null;
}

/** Whether the account is an organiser (creator or manager of any role) of the tournament. */
export async function isOrganiser(db: Executor, ids: SeasonIds, accountId: number): Promise<boolean> {
  return (await standing(db, ids, accountId)).organiser;
}

/** What the account may do in the season's chat now. */
export async function chatStateOf(db: Executor, ids: SeasonIds, accountId: number): Promise<ChatState> {
  const { contest, season, organiser, moderator } = await standing(db, ids, accountId);
  const reason = organiser ? null : await limitRefusal(db, ids, season.chatLimitType, accountId);
  return { stamps: contest.emojiSwitch === 1, can_send: reason === null, reason, moderator };
}

/** The season's latest messages, oldest first. */
export async function history(db: Executor, ids: SeasonIds): Promise<ChatMessage[]> {
  return (await q.latestMessages(db, ids, CHAT_LIMITS.HISTORY)).map(presentMessage);
}

/**
 * A message of the account to the season's chat. Refusals in order: 2528 chat off on this server · 2517 not
 * exactly one of text and stamp · 2501 no tournament · 2536 no season · 2542 season ended · 2511 neither on the
 * roster nor an organiser · 2512 `whitelist`/`blacklist` (the season's chat limit; never for organisers) ·
 * 2512 `stamps_off` (a stamp while the emoji switch is off) · 2512 `flood` (more than 5 within 10 s). Not
 * audited: the message row is its own record (who, what, when).
 */
export async function send(
  ctx: AuthedCtx,
  ids: SeasonIds,
  input: ChatInput,
  flood: FloodWindow,
): Promise<ChatMessage> {
  if (!ctx.config.seasonChat) throw new ContestError(ErrorCode.CHAT_UNAVAILABLE);
  const text = input.text ?? null;
  const stamp = input.stamp ?? null;
  if ((text === null) === (stamp === null)) {
    throw new ContestError(ErrorCode.PARAM_ERROR, {
      message: `${messageOf(ErrorCode.PARAM_ERROR)} (text or stamp)`,
    });
  }
  const accountId = ctx.actor.id;
  const { contest, season, organiser } = await standing(ctx.db, ids, accountId);
  if (seasonState(season, ctx.now) === SeasonState.ENDED)
    throw new ContestError(ErrorCode.SEASON_ENDED_READONLY);
  const entry = await playerOf(ctx.db, ids, accountId);
  const onRoster = entry?.state === PlayerState.ACCEPTED;
  if (!organiser && !onRoster) throw new ContestError(ErrorCode.NOT_ON_ROSTER);
  if (!organiser) {
    const reason = await limitRefusal(ctx.db, ids, season.chatLimitType, accountId);
    if (reason) refuse(reason);
  }
  if (stamp !== null && contest.emojiSwitch !== 1) refuse('stamps_off');
  if (!flood.take(`${ids.uniqueId}/${ids.seasonId}/${accountId}`, ctx.now)) refuse('flood');
  const row = await q.insertMessage(ctx.db, {
    ...ids,
    accountId,
    nickname: (onRoster ? entry?.nickname : null) ?? ctx.actor.nickname,
    organiser: organiser ? 1 : 0,
    text,
    stamp,
    createTime: ctx.now,
  });
  return presentMessage(row);
}

/**
 * An organiser deletes a message of a season's chat (over the link or `delete_season_chat_message`). Refusals:
 * those of `managedSeason` (2501, 2506 for anyone but the creator, admins and chat managers, 2536), 2517 no such message in the
 * season. Deleting a deleted message changes nothing. Answers whether it was deleted now; one audit entry.
 */
export async function remove(ctx: AuthedCtx, ids: SeasonIds, id: number): Promise<boolean> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const { season } = await managedSeason(tx, ctx, ids, 'moderateChat');
    const row = await q.lockedMessage(tx, ids, id);
    if (!row)
      throw new ContestError(ErrorCode.PARAM_ERROR, { message: `${messageOf(ErrorCode.PARAM_ERROR)} (id)` });
    if (row.deleteTime !== null) return false;
    await q.markDeleted(tx, id, ctx.actor.id, ctx.now);
    await audit(tx, ctx, {
      action: 'season.chat_delete',
      targetType: 'season',
      targetId: seasonKey(season),
      before: presentMessage(row),
      after: null,
    });
    return true;
  });
  if (deleted) {
    ctx.games.live.lobby(ids.uniqueId, ids.seasonId, {
      kind: 'send',
      out: { op: 'chat_deleted', unique_id: ids.uniqueId, season_id: ids.seasonId, id },
    });
  }
  return deleted;
}

/** `delete_season_chat_message`: as `remove`. */
export async function deleteMessage(
  ctx: AuthedCtx,
  req: z.infer<typeof DeleteSeasonChatMessageReq>,
): Promise<Record<string, never>> {
  await remove(ctx, { uniqueId: req.unique_id, seasonId: req.season_id }, req.id);
  return {};
}
