import { audit } from '../../audit';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import {
  auditLog,
  gameRecords,
  recordMarks,
  recordPlayers,
  seasonPlayers,
  seasons,
  teamMembers,
} from '../../db/schema';
import { findAccount } from '../accounts/operator';
import { newContestId } from '../contests/service';
import { recountPlayers } from '../ranking/queries';
import * as q from './queries';
import { type ArchiveContent, ArchiveRefused } from './reader';

// An archive made a tournament of this server, in one transaction: its settings, seasons, rosters, teams,
// records (seeds, commitments and hand logs as they were, so they verify here too), rankings (recounted from
// the records) and history. Its players become accounts that cannot log in (no password, an address that
// receives no mail) under their nickname, made unique with `#2`, `#3`… where this server has it already; the
// tournament's creator becomes the owner given (by default the operator). Admins and observers are not
// carried over: they are listed in `archive.json`, and the owner adds whom they want.

export type Imported = {
  uniqueId: number;
  contestId: number;
  seasons: number;
  records: number;
  players: number;
};

/** The nickname a player gets here: theirs, or with `#2`, `#3`… when taken (regardless of case). */
function uniqueNickname(nickname: string, taken: Set<string>): string {
  let name = nickname;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${nickname}#${n}`;
  taken.add(name.toLowerCase());
  return name;
}

export async function importArchive(ctx: Ctx, archive: ArchiveContent, ownerRef?: string): Promise<Imported> {
  const { manifest } = archive;
  const allRecords = archive.seasons.flatMap((s) => s.records);

  /** Refuses an archive imported here before, or one whose records this server holds. */
  const refuseKnown = async (db: Executor) => {
    const before = await q.archiveImported(db, manifest.archive_id);
    if (before !== null)
      throw new ArchiveRefused(`this archive was imported already (tournament unique id ${before})`);
    const present = await q.existingRecords(
      db,
      allRecords.map((r) => r.uuid),
    );
    if (present.length > 0)
      throw new ArchiveRefused(`this server holds ${present.length} of the archive's records already`);
  };
  await refuseKnown(ctx.db);
  const owner = ownerRef ? await findAccount(ctx, ownerRef) : await q.firstOperator(ctx.db);
  if (!owner) throw new ArchiveRefused('this server has no operator account: name the owner with --owner');

  return ctx.db.transaction(async (tx) => {
    // Again inside the transaction, one import of an archive at a time: two at once write it once.
    await q.lockArchive(tx, manifest.archive_id);
    await refuseKnown(tx);

    // Players: the creator is the owner; everyone else a new account that cannot log in.
    const ids = new Map<number, number>([[manifest.contest.creator_id, owner.id]]);
    const others = manifest.players.filter((p) => p.id !== manifest.contest.creator_id);
    const taken = await q.takenNicknames(
      tx,
      others.map((p) => p.nickname),
    );
    const created = await q.insertAccounts(
      tx,
      others.map((p) => ({
        email: `archive-${manifest.archive_id}-${p.id}@archive.invalid`,
        nickname: uniqueNickname(p.nickname, taken),
        passwordHash: null,
        canCreate: false,
        createTime: ctx.now,
      })),
    );
    for (const [i, p] of others.entries()) ids.set(p.id, created[i].id);
    const id = (old: number) => (old === 0 ? 0 : (ids.get(old) as number));

    const c = manifest.contest;
    const { uniqueId, contestId } = await q.insertContest(tx, {
      contestId: await newContestId(tx),
      creatorId: owner.id,
      name: c.name,
      open: c.open,
      showZones: c.show_zones,
      availableZones: c.available_zones,
      i18nSwitch: c.i18n_switch,
      observerSwitch: c.observer_switch,
      contestType: c.contest_type,
      roundType: c.round_type,
      detailRule: c.detail_rule,
      emojiSwitch: c.emoji_switch,
      contestSetting: c.contest_setting,
      publicNotice: c.public_notice,
      privateNotice: c.private_notice,
      managerNotice: c.manager_notice,
      maxPlayerCount: c.max_player_count,
      startTime: c.start_time,
      finishTime: c.finish_time,
      createTime: c.create_time,
    });

    for (const { season: s, roster, teams, records } of archive.seasons) {
      const key = { uniqueId, seasonId: s.season_id };
      await tx.insert(seasons).values({
        ...key,
        startTime: s.start_time,
        endTime: s.end_time,
        createTime: s.create_time,
        closeTime: s.close_time,
        signupType: s.signup_type,
        signupStartTime: s.signup_start_time,
        signupEndTime: s.signup_end_time,
        autoMatch: s.auto_match,
        matchStartTime: s.match_start_time,
        matchEndTime: s.match_end_time,
        rankRule: s.rank_rule,
        rankType: s.rank_type,
        showTeamRank: s.show_team_rank,
        remark: s.remark,
        chatLimitType: s.chat_limit_type,
      });
      await q.insertMany(
        tx,
        seasonPlayers,
        roster.map((r) => ({
          ...key,
          accountId: id(r.account_id),
          state: r.state,
          nickname: r.season_nickname,
          remark: r.remark,
          createTime: r.create_time,
          updateTime: r.update_time,
        })),
      );
      for (const t of teams) {
        const teamId = await q.insertTeam(tx, {
          ...key,
          name: t.name,
          detail: t.detail,
          modifyScore: t.modify_score,
          modifyDetail: t.modify_detail,
          createTime: t.create_time,
        });
        await q.insertMany(
          tx,
          teamMembers,
          t.members.map((m) => ({ ...key, accountId: id(m.account_id), teamId, createTime: m.create_time })),
        );
      }
      // Records: a few at a time, each hand log being large.
      await q.insertMany(
        tx,
        gameRecords,
        records.map((r) => ({
          uuid: r.uuid,
          ...key,
          startTime: r.start_time,
          endTime: r.end_time,
          tag: r.tag,
          removed: r.removed,
          roundType: r.round_type,
          detailRule: r.detail_rule,
          seats: r.seats.map((seat) => ({ ...seat, account_id: id(seat.account_id) })),
          result: r.result,
          log: r.log,
          seed: r.seed,
          commitment: r.commitment,
        })),
        20,
      );
      await q.insertMany(
        tx,
        recordPlayers,
        records.flatMap((r) =>
          r.players.map((p) => ({
            recordUuid: r.uuid,
            ...key,
            accountId: id(p.account_id),
            seat: p.seat,
            place: p.place,
            partPoint: p.part_point,
            totalPoint: p.total_point,
            endTime: r.end_time,
            removed: r.removed,
          })),
        ),
      );
      await q.insertMany(
        tx,
        recordMarks,
        records.flatMap((r) =>
          r.marks.map((m) => ({
            recordUuid: r.uuid,
            ...key,
            hand: m.hand,
            seat: m.seat,
            accountId: id(m.account_id),
            yiman: m.yiman,
            yaku: m.yaku,
            chang: m.chang,
            ju: m.ju,
            ben: m.ben,
            startTime: m.start_time,
          })),
        ),
      );
      await recountPlayers(
        tx,
        key,
        records.flatMap((r) => r.players.map((p) => id(p.account_id))),
      );
    }

    // The history, its entries now about this tournament and its accounts (their before/after as written).
    const oldPrefix = `${c.unique_id}/`;
    await q.insertMany(
      tx,
      auditLog,
      archive.history.map((h) => ({
        actorId: h.actor_id === null ? null : (ids.get(h.actor_id) ?? null),
        ip: 'archive',
        action: h.action,
        targetType: h.target_type,
        targetId:
          h.target_type === 'contest'
            ? String(uniqueId)
            : h.target_id.startsWith(oldPrefix)
              ? `${uniqueId}/${h.target_id.slice(oldPrefix.length)}`
              : h.target_id,
        before: h.before ?? null,
        after: h.after ?? null,
        time: h.time,
      })),
    );
    await audit(tx, ctx, {
      action: 'contest.import',
      targetType: 'contest',
      targetId: uniqueId,
      before: null,
      after: {
        archive_id: manifest.archive_id,
        from: { contest_id: c.contest_id, server: manifest.server, exported_at: manifest.exported_at },
        owner_id: owner.id,
      },
    });
    return {
      uniqueId,
      contestId,
      seasons: archive.seasons.length,
      records: allRecords.length,
      players: manifest.players.length,
    };
  });
}
