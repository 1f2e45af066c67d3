import { encodeAccountId } from '@taikai/protocol';
import type { Page } from 'playwright-core';
import { call, type newIdentity, registerByApi } from './api';
import { taikaiCli } from './cli';
import { expectText } from './console';

export type Identity = ReturnType<typeof newIdentity>;

/** Gives the account of `email` currency through the operator CLI (a tournament costs 60). */
export async function grantCurrency(email: string, amount = 60): Promise<void> {
  await taikaiCli(['account', 'grant', email, String(amount)]);
}

/** The account behind a session token: its internal id and the public id people see and type. */
export async function accountOf(token: string): Promise<{ accountId: number; publicId: number }> {
  const { account_id } = await call<{ account_id: number }>('/api/contest/fetch_account_info', token);
  return { accountId: account_id, publicId: encodeAccountId(account_id) };
}

export interface Tournament {
  unique_id: number;
  contest_id: number;
  season_id: number;
}

/**
 * Creates a tournament by API as any client does (round type `mode`, 2 South by default; listed publicly), its
 * season 1 from `start` to `end` (unix seconds). `name` is one name for every language, or a name per language
 * in the order given.
 */
export function createTournament(
  token: string,
  {
    name,
    start,
    end,
    mode = 2,
  }: { name: string | Record<string, string>; start: number; end: number; mode?: number },
): Promise<Tournament> {
  const names =
    typeof name === 'string'
      ? [{ lang: 'default', content: name }]
      : Object.entries(name).map(([lang, content]) => ({ lang, content }));
  return call<Tournament>('/api/contest/create_contest', token, {
    name: names,
    game_rule_setting: { mode },
    open_show: 1,
    start_time: start,
    end_time: end,
  });
}

/**
 * An organiser registered by API, given currency by the operator, with a tournament of their own named
 * `name(who)`; returns the session token and the tournament.
 */
export async function organiserWithTournament(
  who: Identity,
  tournament: { name: (who: Identity) => string; start: number; end: number; currency?: number },
): Promise<{ token: string } & Tournament> {
  const token = await registerByApi(who);
  await grantCurrency(who.email, tournament.currency);
  const created = await createTournament(token, { ...tournament, name: tournament.name(who) });
  return { token, ...created };
}

/**
 * Opens `path` signed in with a session token, kept in the browser's storage as a login leaves it: the console
 * takes no session from its address. The token is stored from a plain answer of the server (no console script
 * runs there), then the page is opened.
 */
export async function openSignedIn(page: Page, token: string, path = '/'): Promise<void> {
  await page.goto('/api/contest/server_time');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(path);
}

/** Opens the console signed in with a session token and waits for the account's nickname. */
export async function loginBrowser(page: Page, token: string, nickname: string): Promise<void> {
  await openSignedIn(page, token);
  await expectText(page.getByTestId('header-nickname'), nickname);
}

/** A tournament's detail as `fetch_contest_detail` answers it. */
export function contestDetail<T>(token: string, uniqueId: number): Promise<T> {
  return call<T>(`/api/contest/fetch_contest_detail?unique_id=${uniqueId}`, token);
}

/** A season as `fetch_contest_season_list` lists it (the fields the tests read). */
export interface Season {
  season_id: number;
  state: number;
  start_time: number;
  end_time: number;
  signup_type: number;
  signup_start_time: number;
  signup_end_time: number;
  rank_rule: number;
  remark: string;
}

/** A tournament's seasons as `fetch_contest_season_list` answers them. */
export function seasonsOf(token: string, uniqueId: number): Promise<Season[]> {
  return call<Season[]>(`/api/contest/fetch_contest_season_list?unique_id=${uniqueId}`, token);
}

/** One page of a season's players in sign-up state `state` (1 awaiting review, 2 on the roster). */
export function seasonPlayers<T>(
  token: string,
  uniqueId: number,
  seasonId: number,
  { state, limit }: { state: 1 | 2; limit: number },
): Promise<{ total: number; list: T[] }> {
  return call<{ total: number; list: T[] }>(
    `/api/contest/contest_season_player_list?unique_id=${uniqueId}&season_id=${seasonId}&state=${state}&limit=${limit}`,
    token,
  );
}

/** A season's chat limit: its type (1 whitelist) and the accounts listed. */
export function chatLimitOf(
  token: string,
  uniqueId: number,
  seasonId: number,
): Promise<{ type: number; list: { account_id: number }[] }> {
  return call<{ type: number; list: { account_id: number }[] }>(
    `/api/contest/contest_season_chat_limit?unique_id=${uniqueId}&season_id=${seasonId}`,
    token,
  );
}
