import { FetchMyGameRecordFileRes } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { request } from '../../../api/client';
import { robotNumbers } from '../../../components/robots';
import { Board } from '../table/Board';
import { MyHand } from '../table/MyHand';
import { ResultPanel } from '../table/ResultPanel';
import { useTableMessages } from '../table/tableLanguage';
import '../table/table.css';
import { type ReplayGame, readTenhou, replayTable, type TenhouJson } from './tenhouLog';

/** A chuanma record's replay, loaded only for a chuanma record. */
const ChuanmaReplay = lazy(() => import('./chuanma/ChuanmaReplay'));

const WIND_KEYS = ['east', 'south', 'west', 'north'];
const NO_TILES: ReadonlySet<string> = new Set();

/** `fetch_my_game_record_file`: a record's replay data for a player of its season. */
const fetchRecordFile = (uuid: string) =>
  request(
    'GET',
    '/api/contest/fetch_my_game_record_file',
    FetchMyGameRecordFileRes,
    { uuid },
    { silent: true },
  );

/** Back to the page the replay was opened from (a season's records in the console, the portal), if any. */
function backInHistory(e: React.MouseEvent) {
  if (window.history.length <= 1) return;
  e.preventDefault();
  window.history.back();
}

/** Where the replay stands: a hand, a move in it (0: the deal), and whose seat is at the bottom. */
interface Position {
  hand: number;
  step: number;
}

/** The move before or after, across hands. */
export function stepped(game: ReplayGame, at: Position, by: 1 | -1): Position {
  const last = (hand: number) => (game.hands[hand]?.messages.length ?? 1) - 1;
  if (by > 0) {
    if (at.step < last(at.hand)) return { hand: at.hand, step: at.step + 1 };
    return at.hand + 1 < game.hands.length ? { hand: at.hand + 1, step: 0 } : at;
  }
  if (at.step > 0) return { hand: at.hand, step: at.step - 1 };
  return at.hand > 0 ? { hand: at.hand - 1, step: last(at.hand - 1) } : at;
}

/**
 * `/play/replay/:uuid`: a record of a season the player played in, step by step — hand by hand and move by
 * move, every hand open, seen from any seat — with the wall seed revealed at the end and the verification of
 * every wall against the commitment published at the start.
 */
export default function ReplayPage() {
  const { uuid = '' } = useParams();
  const ready = useTableMessages();
  const { t, i18n } = useTranslation();
  const file = useQuery({
    queryKey: ['portal', 'replay', uuid],
    queryFn: () => fetchRecordFile(uuid),
    retry: false,
  });
  // Names as the record has them: robots told apart by their number in seat order, players by their
  // nickname. Named once the table's strings are there (a fresh load fetches them), in the language shown.
  const language = i18n.language;
  const chuanma = file.data?.format === 'chuanma' ? (file.data.chuanma ?? null) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the strings loaded and the language
  const game = useMemo(() => {
    if (!file.data || !ready) return null;
    const read = chuanma
      ? { players: 4, names: chuanma.paipu.player, hands: [] }
      : readTenhou(file.data.tenhou as unknown as TenhouJson);
    const accounts = [...file.data.record.accounts].sort((a, b) => a.seat - b.seat);
    const robots = robotNumbers(accounts);
    const names = read.names.map((name, seat) => {
      const at = accounts.findIndex((a) => a.seat === seat);
      const robot = at < 0 ? null : robots[at];
      return robot ? t('table.robotN', { n: robot }) : accounts[at]?.nickname || name;
    });
    return { ...read, names };
  }, [file.data, t, ready, language]);
  const [at, setAt] = useState<Position>({ hand: 0, step: 0 });
  const [seat, setSeat] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [closedResult, setClosedResult] = useState<string | null>(null);
  const viewSeat = seat ?? Math.max(0, file.data?.record.seat ?? 0);

  useEffect(() => {
    if (!playing || !game) return;
    const timer = setInterval(() => setAt((p) => stepped(game, p, 1)), 700);
    return () => clearInterval(timer);
  }, [playing, game]);

  useEffect(() => {
    if (!game) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === 'SELECT') return;
      if (e.key === 'ArrowRight') setAt((p) => stepped(game, p, 1));
      else if (e.key === 'ArrowLeft') setAt((p) => stepped(game, p, -1));
      else if (e.key === 'ArrowDown')
        setAt((p) => ({ hand: Math.min(game.hands.length - 1, p.hand + 1), step: 0 }));
      else if (e.key === 'ArrowUp') setAt((p) => ({ hand: Math.max(0, p.hand - 1), step: 0 }));
      else if (e.key === ' ') setPlaying((v) => !v);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [game]);

  const state = useMemo(
    () => (game && !chuanma ? replayTable(game, at.hand, at.step, viewSeat) : null),
    [game, at, viewSeat, chuanma],
  );

  if (!ready) return null;
  if (file.isError || (file.data && !game)) {
    return (
      <div className="tt-page" data-testid="replay">
        <div className="tt-empty" data-testid="replay-unavailable">
          <p>{t('replay.notFound')}</p>
          <a className="tt-btn" href="/play/records">
            {t('table.back')}
          </a>
        </div>
      </div>
    );
  }
  if (file.data && game && chuanma) {
    return (
      <Suspense fallback={<div className="tt-page" data-testid="replay" />}>
        <ChuanmaReplay
          log={chuanma}
          names={game.names}
          seed={file.data.seed}
          commitment={file.data.commitment}
          verification={file.data.verification}
          onBack={backInHistory}
        />
      </Suspense>
    );
  }
  if (!file.data || !game || !state) {
    return (
      <div className="tt-page" data-testid="replay">
        <div className="tt-empty">{t('replay.loading')}</div>
      </div>
    );
  }
  const { seed, commitment, verification } = file.data;
  const hand = game.hands[at.hand];
  const steps = hand?.messages.length ?? 1;
  const resultKey = `${at.hand}`;
  const atEnd = at.step === steps - 1;
  const me = state.seats[viewSeat];
  const round = hand
    ? t('table.round', {
        wind: t(`table.winds.${WIND_KEYS[hand.round.wind] ?? 'east'}`),
        hand: hand.round.hand + 1,
      })
    : '';

  return (
    <div className="tt-page tt-replay" data-testid="replay">
      <header className="tt-top">
        <a className="tt-back" href="/play/records" aria-label={t('table.back')} onClick={backInHistory}>
          ‹
        </a>
        <span className="tt-replay-title">
          {t('replay.title')} · {round}
          {hand && hand.round.honba > 0 ? ` · ${t('table.honba', { count: hand.round.honba })}` : ''}
        </span>
        <select
          className="tt-lang"
          aria-label={t('replay.viewAs')}
          data-testid="replay-seat"
          value={viewSeat}
          onChange={(e) => setSeat(Number(e.target.value))}
        >
          {game.names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
            <option key={i} value={i}>
              {name || t('table.robot')}
            </option>
          ))}
        </select>
      </header>
      <main className="tt-main">
        <Board state={state}>
          {atEnd && state.results.length > 0 && closedResult !== resultKey ? (
            <ResultPanel
              state={state}
              results={state.results}
              scoresBefore={state.seats.map((s) => s.score)}
              onClose={() => setClosedResult(resultKey)}
            />
          ) : null}
        </Board>
        <div className="tt-controls">
          <div className="tt-replay-bar" data-testid="replay-controls">
            <button
              type="button"
              className="tt-btn tt-btn-small"
              data-testid="replay-prev-hand"
              aria-label={t('replay.prevHand')}
              onClick={() => setAt({ hand: Math.max(0, at.hand - 1), step: 0 })}
            >
              «
            </button>
            <button
              type="button"
              className="tt-btn tt-btn-small"
              data-testid="replay-prev"
              aria-label={t('replay.prevStep')}
              onClick={() => setAt(stepped(game, at, -1))}
            >
              ‹
            </button>
            <button
              type="button"
              className="tt-btn tt-btn-small"
              data-testid="replay-play"
              aria-label={playing ? t('replay.pause') : t('replay.play')}
              onClick={() => setPlaying((v) => !v)}
            >
              {playing ? '❚❚' : '▶'}
            </button>
            <button
              type="button"
              className="tt-btn tt-btn-small"
              data-testid="replay-next"
              aria-label={t('replay.nextStep')}
              onClick={() => setAt(stepped(game, at, 1))}
            >
              ›
            </button>
            <button
              type="button"
              className="tt-btn tt-btn-small"
              data-testid="replay-next-hand"
              aria-label={t('replay.nextHand')}
              onClick={() => setAt({ hand: Math.min(game.hands.length - 1, at.hand + 1), step: 0 })}
            >
              »
            </button>
            <span className="tt-replay-pos" data-testid="replay-position">
              {t('replay.hand', { n: at.hand + 1, total: game.hands.length })} ·{' '}
              {t('replay.step', { n: at.step, total: steps - 1 })}
            </span>
          </div>
          <input
            className="tt-replay-range"
            type="range"
            min={0}
            max={steps - 1}
            value={at.step}
            aria-label={t('replay.step', { n: at.step, total: steps - 1 })}
            onChange={(e) => setAt({ hand: at.hand, step: Number(e.target.value) })}
          />
          {me ? (
            <MyHand
              hand={me.hand}
              allowed={NO_TILES}
              selected={null}
              onPlay={() => undefined}
              onSelect={() => undefined}
            />
          ) : null}
          <details className="tt-verify" data-testid="replay-verification" open>
            <summary className={verification.ok ? 'tt-plus' : 'tt-minus'}>
              {verification.ok
                ? t('replay.verified', { count: verification.hands })
                : t('replay.notVerified')}
            </summary>
            <dl>
              <dt>{t('replay.seed')}</dt>
              <dd data-testid="replay-seed">{seed}</dd>
              <dt>{t('replay.commitment')}</dt>
              <dd>{commitment}</dd>
              {verification.redealt.length > 0 ? (
                <>
                  <dt>{t('replay.redealt')}</dt>
                  {verification.redealt.map((r) => (
                    <dd key={r.hand} data-testid="replay-redealt">
                      {t('replay.redealtHand', { hand: r.hand + 1, attempt: r.attempt })}
                    </dd>
                  ))}
                </>
              ) : null}
              {verification.problems.length > 0 ? (
                <>
                  <dt>{t('replay.problems')}</dt>
                  {verification.problems.map((p) => (
                    <dd key={p}>{p}</dd>
                  ))}
                </>
              ) : null}
            </dl>
          </details>
        </div>
      </main>
    </div>
  );
}
