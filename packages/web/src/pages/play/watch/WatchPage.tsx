import type { ConsoleLang } from '@taikai/protocol';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '../../../api/client';
import { robotNumbers } from '../../../components/robots';
import { LANGUAGE_NAMES } from '../../../i18n/languageNames';
import { Board } from '../table/Board';
import { MyHand } from '../table/MyHand';
import { ResultPanel } from '../table/ResultPanel';
import { SettlementPanel } from '../table/SettlementPanel';
import type { SettlementRule } from '../table/settlement';
import { TileRow } from '../table/Tiles';
import { changeTableLanguage, TABLE_LANGS, tableLanguage, useTableMessages } from '../table/tableLanguage';
import '../table/table.css';
import './watch.css';
import { runSpectateStream, type WatchProblem } from './spectateStream';
import { applySpectatorEvent, openTable, type SpectatorEvent, type WatchState } from './watchModel';

const NO_TILES: ReadonlySet<string> = new Set();

/** Where the spectator came from: the page before, else the portal. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign('/play');
}

/**
 * `/play/watch/:uuid?unique_id=`: a running game watched — every hand open, the seats by their names, seen
 * from the seat chosen, hand results and the end of the game — behind the table by the tournament's delay,
 * which the server holds (nothing younger reaches this page). Nothing here can act at the table.
 */
export default function WatchPage() {
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const uniqueId = Number(search.get('unique_id'));
  const ready = useTableMessages();
  const { t, i18n } = useTranslation();
  const [watch, dispatch] = useReducer(
    (state: WatchState | null, event: SpectatorEvent) => applySpectatorEvent(state, event),
    null,
  );
  const [live, setLive] = useState<boolean | null>(null);
  const [refused, setRefused] = useState<WatchProblem | null>(null);
  const [bottom, setBottom] = useState(0);
  const [closedResults, setClosedResults] = useState<string | null>(null);

  useEffect(() => {
    if (!uuid || !Number.isInteger(uniqueId) || uniqueId <= 0) {
      setRefused({ code: 0 });
      return;
    }
    const stop = new AbortController();
    void runSpectateStream(
      { uniqueId, uuid, onEvent: dispatch, onLive: setLive, onRefused: setRefused },
      stop.signal,
    );
    return () => stop.abort();
  }, [uniqueId, uuid]);

  const lastResults = watch?.lastResults ?? null;
  useEffect(() => {
    if (!lastResults) return;
    const key = lastResults.key;
    const timer = setTimeout(() => setClosedResults(key), 8000);
    return () => clearTimeout(timer);
  }, [lastResults]);

  // Names as the table has them: robots by their number in seat order, players by their nickname.
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the strings loaded and the language
  const names = useMemo(() => {
    if (!ready) return [];
    const seats = [...(watch?.hello.seats ?? [])].sort((a, b) => a.seat - b.seat);
    const robots = robotNumbers(seats);
    return seats.map((s, i) => (robots[i] ? t('table.robotN', { n: robots[i] }) : s.nickname));
  }, [watch?.hello, t, ready, language]);

  const state = useMemo(() => {
    if (!watch) return null;
    const table = openTable(watch, Math.min(bottom, watch.players - 1));
    return { ...table, seats: table.seats.map((s, seat) => ({ ...s, name: names[seat] || s.name })) };
  }, [watch, bottom, names]);

  if (!ready) return null;
  if (refused) {
    return (
      <div className="tt-page" data-testid="watch">
        <div className="tt-empty" data-testid="watch-refused" data-code={refused.code}>
          <p>{refused.code ? errorText(refused.code, refused.message) : t('table.watch.unavailable')}</p>
          <button type="button" className="tt-btn" onClick={goBack}>
            {t('table.back')}
          </button>
        </div>
      </div>
    );
  }
  if (!watch || !state) {
    return (
      <div className="tt-page" data-testid="watch">
        <div className="tt-empty" data-testid="watch-loading">
          <p>{t('table.watch.loading')}</p>
        </div>
      </div>
    );
  }

  const delay = watch.hello.delay;
  const me = state.seats[state.mySeat];
  const showResults = lastResults !== null && lastResults.key !== closedResults;
  const rule = (watch.hello.rule ?? {}) as SettlementRule;
  const final = watch.views[0]?.final ?? null;

  return (
    <div className="tt-page tt-watch" data-testid="watch" data-seat={state.mySeat}>
      <header className="tt-top">
        <button type="button" className="tt-back" aria-label={t('table.back')} onClick={goBack}>
          ‹
        </button>
        <span className="tt-top-dora" data-testid="dora">
          <span className="tt-top-label">{t('table.dora')}</span>
          <TileRow tiles={state.dora} />
        </span>
        <span className="tt-watch-delay" data-testid="watch-delay" data-delay={delay}>
          {delay > 0 ? t('table.watch.behind', { count: delay }) : t('table.watch.noDelay')}
        </span>
        <select
          className="tt-lang"
          aria-label={t('replay.viewAs')}
          data-testid="watch-seat"
          value={state.mySeat}
          onChange={(e) => setBottom(Number(e.target.value))}
        >
          {state.seats.map((s, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
            <option key={seat} value={seat}>
              {s.name || t('table.robot')}
            </option>
          ))}
        </select>
        <select
          className="tt-lang"
          aria-label={t('shell.language')}
          value={tableLanguage()}
          data-testid="table-language"
          onChange={(e) => void changeTableLanguage(e.target.value as ConsoleLang)}
        >
          {TABLE_LANGS.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </header>
      {live === false ? (
        <div className="tt-banner tt-banner-warn" data-testid="connection-banner">
          {t('table.connection.reconnecting')}
        </div>
      ) : null}
      <main className="tt-main">
        <Board state={state}>
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
              {me?.name || t('table.robot')}
            </span>
            {state.started ? null : <span className="tt-hint">{t('table.watch.waiting')}</span>}
          </div>
          {me ? (
            <MyHand
              hand={me.hand}
              allowed={NO_TILES}
              selected={null}
              onPlay={() => undefined}
              onSelect={() => undefined}
            />
          ) : null}
        </div>
      </main>
      {final && !showResults ? (
        <SettlementPanel state={state} scores={final.scores} rule={rule} backHref="/play" />
      ) : watch.ended && !final ? (
        <div className="tt-overlay tt-overlay-final" data-testid="game-ended">
          <div className="tt-panel">
            <p>{t('table.settlement.ended')}</p>
            <button type="button" className="tt-btn tt-btn-primary" onClick={goBack}>
              {t('table.back')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
