import {
  CreateShareLinkRes,
  FetchOverlayStandingsRes,
  FetchOverlayTableRes,
  FetchSeasonLiveRes,
  FetchShareLinkListRes,
  RevokeShareLinkRes,
} from '@taikai/protocol';
import { request } from '../../api/client';

// The broadcast calls: share links (creator and admins), the overlays (the link's token only) and a season's
// public live page (no login). The overlays and the live page are polled.

/** How often an overlay or the live page asks again (ms). */
export const POLL_MS = 5000;

export const fetchOverlayTable = (token: string) =>
  request('GET', '/api/contest/fetch_overlay_table', FetchOverlayTableRes, { token }, { silent: true });

export const fetchOverlayStandings = (token: string) =>
  request(
    'GET',
    '/api/contest/fetch_overlay_standings',
    FetchOverlayStandingsRes,
    { token },
    { silent: true },
  );

export const fetchSeasonLive = (contestId: number, seasonId?: number) =>
  request(
    'GET',
    '/api/contest/fetch_season_live',
    FetchSeasonLiveRes,
    { contest_id: contestId, season_id: seasonId },
    { silent: true },
  );

export const fetchShareLinks = (uniqueId: number) =>
  request('GET', '/api/contest/fetch_share_link_list', FetchShareLinkListRes, { unique_id: uniqueId });

export const createShareLink = (params: {
  unique_id: number;
  kind: 'table' | 'standings';
  game_uuid?: string;
  season_id?: number;
  size: '1920x1080' | '1280x720';
  top?: number;
  mode?: 'personal' | 'team';
}) => request('POST', '/api/contest/create_share_link', CreateShareLinkRes, params);

export const revokeShareLink = (uniqueId: number, id: number) =>
  request('POST', '/api/contest/revoke_share_link', RevokeShareLinkRes, { unique_id: uniqueId, id });

/** The overlay page a link opens, on this site. */
export function overlayUrl(kind: 'table' | 'standings', token: string): string {
  return `${window.location.origin}/overlay/${kind}/${token}`;
}
