import { ARCHIVE_FORMAT, ARCHIVE_VERSION } from '@taikai/protocol';
import { z } from 'zod';

// The files of a tournament archive and what each holds (packages/server/README.md, "Tournament archives").
// The import reads every file through these schemas before it writes anything.

const Int = z.number().int();
const Unix = z.number().int().min(0);
const I18n = z.array(z.object({ lang: z.string(), content: z.string() }));
const DetailRule = z.record(z.string(), z.union([z.number(), z.boolean()]));
/** A record or game uuid; it names a file, so it holds nothing but hex digits and dashes. */
const Uuid = z.string().regex(/^[0-9a-f-]{8,64}$/i);

/** A player as the archive shows them: the internal id on the exporting server and the nickname. */
export const ArchivePlayer = z.object({ id: Int.positive(), nickname: z.string().min(1).max(200) });

/** One file of the archive with its length and SHA-256, listed in `archive.json`. */
export const ArchiveFileEntry = z.object({
  path: z.string().regex(/^[a-z0-9_./-]+$/i),
  bytes: Int.min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The tournament's settings and rules, as its row holds them. */
export const ArchiveContest = z.object({
  unique_id: Int,
  contest_id: Int,
  creator_id: Int,
  name: I18n,
  open: Int,
  show_zones: z.array(Int),
  available_zones: z.array(Int),
  i18n_switch: Int,
  observer_switch: Int,
  contest_type: Int,
  round_type: Int,
  detail_rule: DetailRule,
  emoji_switch: Int,
  contest_setting: z.object({
    game_limit: Int,
    system_broadcast: Int,
    level_limit: z.array(z.object({ type: Int, value: Int })),
  }),
  public_notice: I18n,
  private_notice: I18n,
  manager_notice: I18n,
  max_player_count: Int,
  start_time: Unix,
  finish_time: Unix,
  create_time: Unix,
  /** Admins and observers, by player id (they are listed in `players`). */
  admin_ids: z.array(Int),
  observer_ids: z.array(Int),
});

/** `archive.json`: what the archive is, where it comes from, the tournament, its players and its files. */
export const ArchiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  /** Random per export: an archive is imported at most once on a server. */
  archive_id: z.string().uuid(),
  exported_at: Unix,
  server: z.object({ version: z.string(), schema: z.string() }),
  contest: ArchiveContest,
  players: z.array(ArchivePlayer),
  seasons: z.array(Int.positive()),
  files: z.array(ArchiveFileEntry),
});

/** `seasons/<n>/season.json`. */
export const ArchiveSeason = z.object({
  season_id: Int.positive(),
  start_time: Unix,
  end_time: Unix,
  create_time: Unix,
  close_time: Unix.nullable(),
  signup_type: Int,
  signup_start_time: Unix,
  signup_end_time: Unix,
  auto_match: Int,
  match_start_time: Unix,
  match_end_time: Unix,
  rank_rule: Int,
  rank_type: Int,
  show_team_rank: Int,
  remark: z.string(),
  chat_limit_type: Int,
  /** The uuids of its records, each in `records/<uuid>.json`. */
  record_uuids: z.array(Uuid),
});

/** `seasons/<n>/roster.json`: sign-ups awaiting review (state 1), the roster (2), rejected sign-ups (3). */
export const ArchiveRoster = z.array(
  z.object({
    account_id: Int.positive(),
    nickname: z.string(),
    /** The season nickname an organiser set, or null. */
    season_nickname: z.string().nullable(),
    state: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    remark: z.string(),
    create_time: Unix,
    update_time: Unix,
  }),
);

/** `seasons/<n>/teams.json`. */
export const ArchiveTeams = z.array(
  z.object({
    id: Int,
    name: z.string(),
    detail: z.string(),
    /** Thousandths. */
    modify_score: Int,
    modify_detail: z.string(),
    create_time: Unix,
    members: z.array(z.object({ account_id: Int.positive(), create_time: Unix })),
  }),
);

/** `seasons/<n>/ranking.json`: the season's ranking under its rank rule, as the console shows it. */
export const ArchiveRanking = z.array(
  z.object({
    rank: Int,
    account_id: Int.positive(),
    nickname: z.string(),
    /** Thousandths. */
    score: Int,
    games: Int,
    counted: Int,
    qualified: Int,
    places: z.array(Int).length(4),
  }),
);

const Seat = z.object({ account_id: Int.min(0), nickname: z.string(), init_points: Int });

/** `records/<uuid>.json`: the record as the record file and its verification read it, with its derived rows. */
export const ArchiveRecord = z.object({
  uuid: Uuid,
  season_id: Int.positive(),
  start_time: Unix,
  end_time: Unix,
  tag: z.string(),
  removed: z.union([z.literal(0), z.literal(1)]),
  round_type: Int,
  detail_rule: DetailRule,
  seats: z.array(Seat).min(2).max(4),
  result: z.array(z.object({ seat: Int, part_point_1: Int, total_point: Int })),
  /** The engine's full game log (hand logs, the commitment it was dealt under). */
  log: z.record(z.string(), z.unknown()),
  seed: z.string().min(1),
  commitment: z.string().min(1),
  /** One row per seat: final place, raw points and settled score (thousandths); account 0 is a robot. */
  players: z.array(
    z.object({ seat: Int, account_id: Int.min(0), place: Int, part_point: Int, total_point: Int }),
  ),
  /** Yakuman of the game (yiman: the multiple, or 7 for a counted yakuman). */
  marks: z.array(
    z.object({
      hand: Int,
      seat: Int,
      account_id: Int.min(0),
      yiman: Int,
      yaku: z.array(z.string()),
      chang: Int,
      ju: Int,
      ben: Int,
      start_time: Unix,
    }),
  ),
});

/** `history.json`: the tournament's audit entries, oldest first (the client address is left out). */
export const ArchiveHistory = z.array(
  z.object({
    actor_id: Int.nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    time: Unix,
  }),
);

export type ArchiveManifest = z.infer<typeof ArchiveManifest>;
export type ArchiveSeason = z.infer<typeof ArchiveSeason>;
export type ArchiveRoster = z.infer<typeof ArchiveRoster>;
export type ArchiveTeams = z.infer<typeof ArchiveTeams>;
export type ArchiveRanking = z.infer<typeof ArchiveRanking>;
export type ArchiveRecord = z.infer<typeof ArchiveRecord>;
export type ArchiveHistory = z.infer<typeof ArchiveHistory>;
export type ArchivePlayer = z.infer<typeof ArchivePlayer>;
export type ArchiveContest = z.infer<typeof ArchiveContest>;
