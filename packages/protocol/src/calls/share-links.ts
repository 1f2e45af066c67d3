import { z } from 'zod';
import { i18nShownTextSchema as I18nShownList } from '../lang';
import { LooseId, ShownText } from './common';
import { GameUuid } from './games';

// Broadcast overlays: share links an organiser creates for streaming software (browser sources), the overlay
// data they open (nothing else), and a season's public live standings page.

/** What a share link shows: a game's live table, or a season's standings. */
export const ShareLinkKind = z.enum(['table', 'standings']);
/** The overlay's fixed page size. */
export const OverlaySize = z.enum(['1920x1080', '1280x720']);
/** Personal standings, or teams (a team season). */
export const StandingsMode = z.enum(['personal', 'team']);

export const SHARE_LINKS_MAX = 50;
export const OVERLAY_TOP_MAX = 50;
export const OVERLAY_TOP_DEFAULT = 10;

/** A share token as the server issues it: `sl_` and 43 URL-safe characters. */
export const ShareToken = z
  .string()
  .trim()
  .regex(/^sl_[A-Za-z0-9_-]{20,100}$/, 'share token expected');

export const ShareLinkWire = z.object({
  id: z.number().int(),
  kind: ShareLinkKind,
  /** The game's uuid (`table`) or the season's id (`standings`), as text. */
  target: ShownText,
  size: OverlaySize,
  top: z.number().int(),
  mode: StandingsMode,
  /** The token's first characters, to tell links apart; the token itself is shown once, at creation. */
  prefix: ShownText,
  creator_id: z.number().int(),
  create_time: z.number().int(),
});

// POST /api/contest/create_share_link — creator, admin.
export const CreateShareLinkReq = z.object({
  unique_id: LooseId,
  kind: ShareLinkKind,
  /** `table`: the running game. */
  game_uuid: GameUuid.optional(),
  /** `standings`: the season. */
  season_id: LooseId.optional(),
  size: OverlaySize.default('1920x1080'),
  top: z.coerce.number().int().min(1).max(OVERLAY_TOP_MAX).default(OVERLAY_TOP_DEFAULT),
  mode: StandingsMode.default('personal'),
});
export const CreateShareLinkRes = ShareLinkWire.extend({ token: ShownText });

// GET /api/contest/fetch_share_link_list — creator, admin: the tournament's live links, newest first.
export const FetchShareLinkListReq = z.object({ unique_id: LooseId });
export const FetchShareLinkListRes = z.object({ list: z.array(ShareLinkWire) });

// POST /api/contest/revoke_share_link — creator, admin.
export const RevokeShareLinkReq = z.object({ unique_id: LooseId, id: LooseId });
export const RevokeShareLinkRes = z.object({});

const OverlaySeat = z.object({
  seat: z.number().int(),
  nickname: ShownText,
  /** Points at the table. */
  score: z.number().int(),
  /** 1 while the seat is in riichi. */
  riichi: z.number().int(),
});

/** A hand's result as a broadcast shows it. */
export const OverlayHandResult = z.object({
  kind: z.enum(['win', 'draw']),
  /** Wins: the winner's seat, the seat that dealt in (null: tsumo), the points and yaku. */
  wins: z.array(
    z.object({
      seat: z.number().int(),
      from: z.number().int().nullable(),
      points: z.number().int(),
      yaku: z.array(ShownText),
    }),
  ),
  /** A draw's name (the rules engine's), else empty. */
  draw: ShownText,
  /** The points each seat gained or lost. */
  deltas: z.array(z.number().int()),
});

/** A table as the overlay shows it: the newest state at least `delay` seconds old. */
export const OverlayTableWire = z.object({
  uuid: ShownText,
  /** 0 before the first hand is old enough to show. */
  started: z.number().int(),
  /** 1 once the game has ended (and its end is old enough to show). */
  ended: z.number().int(),
  chang: z.number().int(),
  ju: z.number().int(),
  ben: z.number().int(),
  liqibang: z.number().int(),
  seats: z.array(OverlaySeat),
  last_result: OverlayHandResult.nullable(),
});

// GET /api/contest/fetch_overlay_table — anyone with the link's token (no login).
export const FetchOverlayTableReq = z.object({ token: ShareToken });
export const FetchOverlayTableRes = OverlayTableWire.extend({
  size: OverlaySize,
  /** The tournament's spectator delay, seconds. */
  delay: z.number().int(),
});

export const StandingsRowWire = z.object({
  rank: z.number().int(),
  /** The player's season name, or the team's name. */
  name: ShownText,
  /** Thousandths. */
  score: z.number().int(),
  games: z.number().int(),
});

// GET /api/contest/fetch_overlay_standings — anyone with the link's token (no login).
export const FetchOverlayStandingsReq = z.object({ token: ShareToken });
export const FetchOverlayStandingsRes = z.object({
  size: OverlaySize,
  mode: StandingsMode,
  top: z.number().int(),
  delay: z.number().int(),
  list: z.array(StandingsRowWire),
});

// GET /api/contest/fetch_season_live — anyone, for a tournament shown in the list (else 2501).
export const FetchSeasonLiveReq = z.object({ contest_id: LooseId, season_id: LooseId.optional() });
export const FetchSeasonLiveRes = z.object({
  contest_id: z.number().int(),
  name: I18nShownList,
  season_id: z.number().int(),
  delay: z.number().int(),
  mode: StandingsMode,
  standings: z.array(StandingsRowWire),
  games: z.array(OverlayTableWire),
  latest: z.array(
    z.object({
      uuid: ShownText,
      end_time: z.number().int(),
      players: z.array(z.object({ nickname: ShownText, place: z.number().int(), score: z.number().int() })),
    }),
  ),
});
