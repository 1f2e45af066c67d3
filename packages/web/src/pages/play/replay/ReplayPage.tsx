import { FetchMyGameRecordFileRes } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { request } from '../../../api/client';
import { robotNumbers } from '../../../components/robots';
import { Board } from '../table/Board';
import { MyHand } from '../table/MyHand';
import { handOver } from '../table/model/tableState';
import { ResultPanel } from '../table/ResultPanel';
import { useTableMessages } from '../table/tableLanguage';
import { WinNotice } from '../table/xuezhan/WinNotice';
import '../table/table.css';
import { ReplayControls, type ReplayPosition, ReplayVerification, stepped } from './ReplayControls';
import { readTenhou, replayTable, type TenhouJson } from './tenhouLog';
import { readXuezhan } from './xuezhanLog';

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
    const xuezhan = file.data.format === 'xuezhan' ? file.data.xuezhan : undefined;
    const read = chuanma
      ? { players: 4, names: chuanma.paipu.player, hands: [] }
      : xuezhan
        ? readXuezhan(xuezhan)
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
  const [at, setAt] = useState<ReplayPosition>({ hand: 0, step: 0 });
  const [seat, setSeat] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [closedResult, setClosedResult] = useState<string | null>(null);
  const viewSeat = seat ?? Math.max(0, file.data?.record.seat ?? 0);

  const lastStep = (hand: number) => (game?.hands[hand]?.messages.length ?? 1) - 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `lastStep` reads only `game`
  useEffect(() => {
    if (!playing || !game) return;
    const timer = setInterval(() => setAt((p) => stepped(p, 1, game.hands.length, lastStep)), 700);
    return () => clearInterval(timer);
  }, [playing, game]);

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
  // Xuezhandaodi: a win while the hand goes on, at its step.
  const lastResult = state.results[state.results.length - 1];
  const midHandWin =
    !handOver(state) && lastResult?.kind === 'win' && hand && 'hule' in (hand.messages[at.step] ?? {})
      ? lastResult
      : null;
  const round = hand
    ? t('table.round', {
        wind: t(`table.winds.${WIND_KEYS[hand.round.wind] ?? 'east'}`),
        hand: hand.round.hand + 1,
      })
    : '';

  return (
    <div className="tt-page tt-replay" data-testid="replay" data-mode={game.xuezhan ? 'xuezhan' : undefined}>
      <header className="tt-top">
        <a className="tt-back" href="/play/records" aria-label={t('table.back')} onClick={backInHistory}>
          ‹
        </a>
        <span className="tt-replay-title">
          {t('replay.title')} · {game.xuezhan ? `${t('table.xuezhan.title')} · ` : ''}
          {round}
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
          {midHandWin ? <WinNotice state={state} result={midHandWin} /> : null}
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
          <ReplayControls
            at={at}
            hands={game.hands.length}
            lastStep={lastStep}
            move={setAt}
            playing={playing}
            onPlaying={setPlaying}
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
          <ReplayVerification seed={seed} commitment={commitment} verification={verification} />
        </div>
      </main>
    </div>
  );
}
