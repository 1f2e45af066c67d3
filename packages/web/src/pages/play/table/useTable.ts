import { useMemo, useRef } from 'react';
import type { FeedEntry, GameFeed } from '../link';
import {
  applyMessage,
  emptyTable,
  type HandResult,
  handOver,
  type SeatMessage,
  type TableState,
} from './model/tableState';

/** Seats at a game: from the round type (three-player above 10), else the players listed. */
export function playerCountOf(feed: Pick<GameFeed, 'start' | 'players'> | undefined): number {
  const roundType = feed?.start.round_type;
  if (typeof roundType === 'number') return roundType > 10 ? 3 : 4;
  return feed?.players.length === 3 ? 3 : 4;
}

/** Whether a game feed is a xuezhandaodi (bloody end) game: by its rule, or the exchange it asks. */
export function isXuezhanFeed(feed: Pick<GameFeed, 'start' | 'messages'> | undefined): boolean {
  const rule = feed?.start.rule as { xuezhandaodi?: unknown } | undefined;
  if (rule?.xuezhandaodi === 1 || rule?.xuezhandaodi === true) return true;
  return feed?.messages.some((e) => 'huan' in e.msg) === true;
}

/** The results of the hand that ended last, with the scores before they were paid. */
export interface ShownResults {
  /** The hand's number (`TableState.hands`) and how many results it had: changes when there is more to show. */
  key: string;
  results: HandResult[];
  scoresBefore: number[];
  /** All of the hand's results are in (false for a xuezhandaodi win while the hand goes on). */
  over: boolean;
}

/**
 * The table of a game feed, kept up to date message by message: while the feed only grows, only its new
 * messages are applied; a feed replaced by a reconnection's `table_state` is rebuilt from its start. Several
 * messages may arrive between two renders, so the results of a hand are caught as the messages are applied,
 * before the next deal clears them from the table.
 */
export function useTableState(
  feed: GameFeed | undefined,
  names: string[],
): { state: TableState; lastResults: ShownResults | null } {
  const kept = useRef<{
    entries: readonly FeedEntry[];
    state: TableState;
    lastResults: ShownResults | null;
  } | null>(null);
  const players = playerCountOf(feed);
  const seat = feed?.seat ?? 0;
  const xuezhan = isXuezhanFeed(feed);
  return useMemo(() => {
    const entries = feed?.messages ?? [];
    const prev = kept.current;
    const grows =
      prev !== null &&
      prev.state.players === players &&
      (prev.state.xuezhan !== null) === xuezhan &&
      prev.entries.length <= entries.length &&
      (prev.entries.length === 0 ||
        entries[prev.entries.length - 1] === prev.entries[prev.entries.length - 1]);
    let state = grows && prev ? prev.state : emptyTable(players, seat, names, xuezhan);
    let lastResults = grows && prev ? prev.lastResults : null;
    for (const entry of entries.slice(grows && prev ? prev.entries.length : 0)) {
      const next = applyMessage(state, entry.msg as SeatMessage);
      if (next.results !== state.results && next.results.length > 0) {
        lastResults = {
          key: `${next.hands}:${next.results.length}`,
          results: next.results,
          scoresBefore: next.seats.map((s) => s.score),
          over: handOver(next),
        };
      }
      state = next;
    }
    kept.current = { entries, state, lastResults };
    return { state, lastResults };
  }, [feed?.messages, players, seat, names, xuezhan]);
}
