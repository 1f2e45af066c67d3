import type { StampId } from '@taikai/protocol';
import { STAMPS, stampGlyph } from '@taikai/protocol/stamps';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { robotNumbers } from '../../../components/robots';
import { type FeedEntry, useGameFeed, useLinkMessages, usePlayerLink } from '../link';
import { ACTION_KEYS, ActionBar, type BarMode, comboActions, mainActions } from './ActionBar';
import { Board, sideOf } from './Board';
import { handSlots, MyHand } from './MyHand';
import { type Answer, answers, type Choices, choicesAt, type JudgeRule, NO_CHOICES } from './model/options';
import { afterResults, type SeatMessage, type TableState, windOf } from './model/tableState';
import { ResultPanel } from './ResultPanel';
import { GameEndedPanel, SettlementPanel } from './SettlementPanel';
import type { SettlementRule } from './settlement';
import { TableLanguageSelect } from './TableLanguageSelect';
import { TileRow } from './Tiles';
import { TimeBar } from './TimeBar';
import { tableLanguage } from './tableLanguage';
import { useTableState } from './useTable';
import { ExchangePrompt } from './xuezhan/ExchangePrompt';
import { WinNotice } from './xuezhan/WinNotice';
import './table.css';

/** The rule fields the table reads (`game_start.rule`, the season's detail rule). */
type TableRule = JudgeRule &
  SettlementRule & { time_fixed?: number; time_add?: number; emoji_switch?: number | boolean };

/** The decision pending for this seat: the last message, when it asked one. */
function pendingAsk(entries: readonly FeedEntry[]): FeedEntry['ask'] {
  return entries[entries.length - 1]?.ask ?? null;
}

/**
 * Whether this seat's own draws in the hand in progress were played for it: a connected seat is always asked
 * on its own draw, so an own draw that asked nothing was played while the player was away.
 */
export function autoPlayedIn(entries: readonly FeedEntry[], state: TableState): boolean {
  let from = -1;
  for (let i = entries.length - 1; i >= 0; i--) {
    if ('qipai' in entries[i].msg) {
      from = i;
      break;
    }
  }
  if (from < 0) return false;
  const mine = windOf(state, state.mySeat);
  return entries.slice(from).some((e) => {
    const draw = (e.msg.zimo ?? e.msg.gangzimo) as { l: number } | undefined;
    return draw?.l === mine && e.ask === null;
  });
}

/** The chuanma table, loaded only at a chuanma game (its view, strings and styles are not the riichi table's). */
const ChuanmaTable = lazy(() => import('./chuanma/ChuanmaTable'));

/** Whether a game feed is a chuanma (Sichuan bloody battle) game: by its rule, or its opening message. */
export function isChuanmaFeed(
  feed: { start: Record<string, unknown>; messages: readonly FeedEntry[] } | undefined,
) {
  if (!feed) return false;
  const rule = feed.start.rule as { chuanma?: unknown } | undefined;
  if (rule?.chuanma === 1 || rule?.chuanma === true) return true;
  const kaiju = feed.messages[0]?.msg.kaiju as { mode?: string } | undefined;
  return kaiju?.mode === 'chuanma';
}

/** A desktop: a fine pointer that hovers, and room for the key hints. */
const wideScreen = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(hover: hover) and (pointer: fine) and (min-width: 900px)').matches === true;

interface StampBubble {
  id: number;
  side: number;
  glyph: string;
}

/**
 * A game's table for the player seated at it, live over the player link: the board, the hand, the decisions
 * the rules offer when one is asked (with their keys on wide screens), the thinking time, hand results and the
 * final settlement. Reopening the page (or reconnecting) brings the table back as it stands.
 */
export function GameTable({ gameUuid, backHref = '/play' }: { gameUuid: string; backHref?: string }) {
  const feed = useGameFeed(gameUuid);
  if (feed && isChuanmaFeed(feed)) {
    return (
      <Suspense fallback={null}>
        <ChuanmaTable gameUuid={gameUuid} feed={feed} backHref={backHref} />
      </Suspense>
    );
  }
  return <RiichiTable gameUuid={gameUuid} backHref={backHref} />;
}

/** The riichi table (four or three players). */
function RiichiTable({ gameUuid, backHref }: { gameUuid: string; backHref: string }) {
  const { t, i18n } = useTranslation();
  const { link, status } = usePlayerLink();
  const feed = useGameFeed(gameUuid);
  const names = useMemo(() => [] as string[], []);
  const { state: raw, lastResults } = useTableState(feed, names);
  const entries = feed?.messages ?? [];
  const rule = (feed?.start.rule ?? {}) as TableRule;

  // Names as players read them: robots told apart by their number in seat order (as the record names them),
  // players by their nickname.
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the language shown
  const state = useMemo<TableState>(() => {
    const robots = robotNumbers(feed?.players ?? []);
    return {
      ...raw,
      seats: raw.seats.map((s, seat) => {
        const p = feed?.players[seat];
        const robot = robots[seat];
        return { ...s, name: robot ? t('table.robotN', { n: robot }) : p?.nickname || s.name };
      }),
    };
  }, [raw, feed?.players, t, language]);

  // The decision asked, until answered. A reconnection asks again what is still pending.
  const ask = pendingAsk(entries);
  const [answered, setAnswered] = useState<{ resync: number; ids: Set<number> }>({
    resync: 0,
    ids: new Set(),
  });
  const resyncs = feed?.resyncs ?? 0;
  const answeredIds = answered.resync === resyncs ? answered.ids : new Set<number>();
  const open = ask !== null && !answeredIds.has(ask.id) && !feed?.ended;
  const askId = open ? ask.id : null;

  const players = state.players;
  // Judged when the decision arrives, so a click needs no work but sending the answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the choices change only with the decision asked
  const choices: Choices = useMemo(
    () =>
      askId === null
        ? NO_CHOICES
        : choicesAt(
            entries.map((e) => e.msg as SeatMessage),
            players,
            rule,
          ),
    [askId, players, entries.length],
  );

  // The bar's list and the tile chosen with the keys belong to one decision: a new one starts afresh.
  const [modeOf, setModeOf] = useState<{ ask: number | null; mode: BarMode }>({ ask: null, mode: 'main' });
  const [selectedOf, setSelectedOf] = useState<{ ask: number | null; index: number | null }>({
    ask: null,
    index: null,
  });
  const mode = modeOf.ask === askId ? modeOf.mode : 'main';
  const selected = selectedOf.ask === askId ? selectedOf.index : null;
  const setMode = useCallback((next: BarMode) => setModeOf({ ask: askId, mode: next }), [askId]);
  const setSelected = useCallback((index: number | null) => setSelectedOf({ ask: askId, index }), [askId]);

  const answer = useCallback(
    (reply: Answer | { huan: string[] }) => {
      if (askId === null) return;
      if (!link.answer(gameUuid, askId, reply)) return;
      setAnswered((prev) => {
        const ids = new Set(prev.resync === resyncs ? prev.ids : []);
        ids.add(askId);
        return { resync: resyncs, ids };
      });
    },
    [askId, link, gameUuid, resyncs],
  );

  const me = state.seats[state.mySeat];
  const slots = useMemo(() => (me ? handSlots(me.hand) : []), [me]);
  const allowed = useMemo(
    () => new Set(mode === 'riichi' ? choices.riichi : mode === 'main' ? choices.discards : []),
    [choices, mode],
  );
  const play = useCallback(
    (discard: string) => {
      if (!allowed.has(discard)) return;
      answer(mode === 'riichi' ? answers.riichi(discard) : answers.discard(discard));
    },
    [allowed, answer, mode],
  );

  // Results of the hand just ended, until dismissed or for a few seconds. At xuezhandaodi a win while the hand
  // goes on is a short notice instead; the panel comes with the hand's last result.
  const [closedResults, setClosedResults] = useState<string | null>(null);
  const showResults = lastResults?.over === true && lastResults.key !== closedResults;
  const lastWin = lastResults?.results[lastResults.results.length - 1];
  const winNotice =
    lastResults !== null && !lastResults.over && lastWin?.kind === 'win' && lastResults.key !== closedResults
      ? lastWin
      : null;
  useEffect(() => {
    if (!lastResults) return;
    const key = lastResults.key;
    const timer = setTimeout(() => setClosedResults(key), lastResults.over ? 8000 : 3000);
    return () => clearTimeout(timer);
  }, [lastResults]);

  // Xuezhandaodi: the exchange asked before the deal, and whether this seat has won and left the hand.
  const xuezhan = state.xuezhan;
  const exchanging = open && xuezhan?.asked ? xuezhan.asked : null;
  const iWon = xuezhan !== null && !xuezhan.over && xuezhan.winners.includes(state.mySeat);
  // While the hand goes on, the scores shown include its wins so far.
  const board = useMemo<TableState>(() => {
    if (!xuezhan || xuezhan.over || state.results.length === 0) return state;
    const scores = afterResults(state);
    return { ...state, seats: state.seats.map((s, seat) => ({ ...s, score: scores[seat] })) };
  }, [state, xuezhan]);

  // Away: this hand's own draws were played for the player.
  const autoPlayed = useMemo(() => autoPlayedIn(entries, state), [entries, state]);
  const [autoNoticeClosed, setAutoNoticeClosed] = useState<number | null>(null);

  // Emoji stamps of the table's seats.
  const stampsOn = rule.emoji_switch === 1 || rule.emoji_switch === true;
  const [bubbles, setBubbles] = useState<StampBubble[]>([]);
  const [palette, setPalette] = useState(false);
  useLinkMessages((message) => {
    const m = message as { op: string; game_uuid?: string; seat?: number; stamp?: number };
    if (m.op !== 'stamp' || m.game_uuid !== gameUuid || typeof m.seat !== 'number') return;
    const glyph = stampGlyph(m.stamp ?? 0);
    if (!glyph) return;
    const bubble = { id: Date.now() + Math.random(), side: sideOf(state, m.seat), glyph };
    setBubbles((list) => [...list.slice(-5), bubble]);
    setTimeout(() => setBubbles((list) => list.filter((b) => b !== bubble)), 3000);
  });
  const sendStamp = (id: number) => {
    setPalette(false);
    link.send({ op: 'stamp', game_uuid: gameUuid, stamp: id as StampId });
  };

  // Keys on wide screens: ←/→ or 1–9 choose a tile, Enter or Space plays it; letters call; Esc goes back.
  const showKeys = wideScreen();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (askId === null) return;
      const key = e.key.toLowerCase();
      if (mode !== 'main' && mode !== 'riichi') {
        const combos = comboActions(choices, mode);
        const n = Number(key);
        if (n >= 1 && n <= combos.length) {
          e.preventDefault();
          answer(combos[n - 1].answer);
        } else if (key === 'escape') setMode('main');
        return;
      }
      if (key === 'escape') {
        if (mode === 'riichi') setMode('main');
        return;
      }
      if (allowed.size > 0) {
        const playable = slots.map((s, i) => (allowed.has(s.discard) ? i : -1)).filter((i) => i >= 0);
        if (key === 'arrowleft' || key === 'arrowright') {
          e.preventDefault();
          const at = selected === null ? -1 : playable.indexOf(selected);
          const next =
            key === 'arrowleft'
              ? playable[(at <= 0 ? playable.length : at) - 1]
              : playable[(at + 1) % playable.length];
          setSelected(next ?? null);
          return;
        }
        if (/^[0-9]$/.test(key)) {
          const index = key === '0' ? 9 : Number(key) - 1;
          if (index < slots.length) setSelected(index);
          return;
        }
        if ((key === 'enter' || key === ' ') && selected !== null && slots[selected]) {
          e.preventDefault();
          play(slots[selected].discard);
          return;
        }
      }
      if (mode === 'main') {
        const action = mainActions(choices).find((a) => ACTION_KEYS[a.id] === key);
        if (!action) return;
        e.preventDefault();
        if (action.answer) answer(action.answer);
        else if (action.mode) setMode(action.mode);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [askId, mode, choices, allowed, slots, selected, answer, play, setMode, setSelected]);

  const lang = tableLanguage();
  const connection =
    status === 'reconnecting'
      ? t('table.connection.reconnecting')
      : status === 'connecting'
        ? t('table.connection.connecting')
        : null;

  if (!feed) {
    return (
      <div className="tt-page" data-testid="game-table">
        <div className="tt-empty" data-testid="table-waiting">
          <p>{status === 'open' ? t('table.notFound') : t('table.loading')}</p>
          <a className="tt-btn" href={backHref}>
            {t('table.back')}
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className={`tt-page${showKeys ? ' tt-keys' : ''}`} data-testid="game-table" data-seat={state.mySeat}>
      <header className="tt-top">
        <a className="tt-back" href={backHref} aria-label={t('table.back')}>
          ‹
        </a>
        <span className="tt-top-dora" data-testid="dora">
          <span className="tt-top-label">{t('table.dora')}</span>
          <TileRow tiles={state.dora} />
        </span>
        {stampsOn ? (
          <button
            type="button"
            className="tt-btn tt-btn-small"
            data-testid="stamp-open"
            aria-label={t('table.stamps')}
            onClick={() => setPalette((v) => !v)}
          >
            ☺
          </button>
        ) : null}
        <TableLanguageSelect lang={lang} label={t('shell.language')} />
      </header>
      {palette ? (
        <div className="tt-palette" data-testid="stamp-palette">
          {STAMPS.map((s) => (
            <button type="button" key={s.id} onClick={() => sendStamp(s.id)} data-testid={`stamp-${s.id}`}>
              {s.glyph}
            </button>
          ))}
        </div>
      ) : null}
      {connection ? (
        <div className="tt-banner tt-banner-warn" data-testid="connection-banner">
          {connection}
        </div>
      ) : null}
      {feed.paused ? (
        <div className="tt-banner" data-testid="paused-banner">
          {t('table.paused')}
        </div>
      ) : null}
      {autoPlayed && autoNoticeClosed !== state.hands ? (
        <div className="tt-banner tt-banner-warn" data-testid="autoplayed-banner">
          <span>{t('table.autoPlayed')}</span>
          <button
            type="button"
            className="tt-btn tt-btn-small"
            onClick={() => setAutoNoticeClosed(state.hands)}
          >
            {t('table.dismiss')}
          </button>
        </div>
      ) : null}
      {iWon ? (
        <div className="tt-banner" data-testid="xz-watching">
          {t('table.xuezhan.watching')}
        </div>
      ) : null}
      <main className="tt-main">
        <Board state={board}>
          {winNotice ? <WinNotice state={state} result={winNotice} /> : null}
          {bubbles.map((b) => (
            <span key={b.id} className={`tt-bubble tt-bubble-${b.side}`} data-testid="stamp-bubble">
              {b.glyph}
            </span>
          ))}
          {showResults && lastResults ? (
            <ResultPanel
              state={state}
              results={lastResults.results}
              scoresBefore={lastResults.scoresBefore}
              onClose={() => setClosedResults(lastResults.key)}
            />
          ) : null}
        </Board>
        <div className="tt-controls">
          <div className="tt-me-line">
            <span className="tt-me-name" data-testid="my-name" title={me?.name}>
              {me?.name}
            </span>
            {open ? (
              <TimeBar
                deadline={ask.deadline}
                fixed={rule.time_fixed ?? 5}
                add={rule.time_add ?? 20}
                held={feed.paused}
              />
            ) : null}
          </div>
          {exchanging && me ? (
            <ExchangePrompt
              key={askId}
              hand={me.hand}
              direction={exchanging.direction}
              onPass={(tiles) => answer({ huan: tiles })}
            />
          ) : (
            <ActionBar
              choices={open ? choices : NO_CHOICES}
              mode={mode}
              showKeys={showKeys}
              onAnswer={answer}
              onMode={setMode}
            />
          )}
          {xuezhan?.exchange && !exchanging ? (
            <p className="tt-hint tt-exchanged" data-testid="xz-exchanged">
              <span>{t(`table.xuezhan.directions.${xuezhan.exchange.direction}`)}</span>
              <span>{t('table.xuezhan.given')}</span>
              <TileRow tiles={xuezhan.exchange.given} />
              <span>{t('table.xuezhan.received')}</span>
              <TileRow tiles={xuezhan.exchange.received} />
            </p>
          ) : null}
          {me && !exchanging ? (
            <MyHand
              hand={me.hand}
              allowed={open ? allowed : new Set()}
              selected={open ? selected : null}
              onPlay={(slot) => play(slot.discard)}
              onSelect={setSelected}
            />
          ) : null}
          {showKeys && open && allowed.size > 0 ? (
            <p className="tt-hint" data-testid="key-hint">
              {t('table.keysHint')}
            </p>
          ) : null}
        </div>
      </main>
      {state.final ? (
        showResults ? null : (
          <SettlementPanel state={state} scores={state.final.scores} rule={rule} backHref={backHref} />
        )
      ) : feed.ended ? (
        <GameEndedPanel terminated={feed.ended.terminated} backHref={backHref} />
      ) : null}
    </div>
  );
}
