import type { ChuanmaRecordLog } from '@taikai/protocol';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChuanmaResultPanel } from '../../table/chuanma/ChuanmaResult';
import { ChuanmaMeldTiles } from '../../table/chuanma/ChuanmaSeats';
import { useChuanmaMessages } from '../../table/chuanma/chuanmaLanguage';
import { Tile } from '../../table/tiles/Tile';
import '../../table/chuanma/chuanma.css';
import { ReplayControls, ReplayVerification, type ReplayVerificationResult } from '../ReplayControls';
import { chuanmaReplayAt } from './chuanmaReplay';

/**
 * A chuanma record replayed move by move, hand by hand, every hand open: the voids, melds, rivers, each win with
 * its hand and fans, the hand's result; with the revealed seed and the verification of every wall.
 */
export default function ChuanmaReplay({
  log,
  names,
  seed,
  commitment,
  verification,
  onBack,
}: {
  log: ChuanmaRecordLog;
  names: string[];
  seed: string;
  commitment: string;
  verification: ReplayVerificationResult;
  onBack: (e: React.MouseEvent) => void;
}) {
  const { t } = useTranslation();
  const ready = useChuanmaMessages();
  const hands = log.paipu.log;
  const [at, setAt] = useState({ hand: 0, step: 0 });
  const [closed, setClosed] = useState<number | null>(null);
  const entries = hands[at.hand] ?? [];
  const state = useMemo(() => chuanmaReplayAt(entries, at.step), [entries, at.step]);
  const lastStep = (hand: number) => Math.max(0, (hands[hand]?.length ?? 1) - 1);

  if (!ready) return <div className="tt-page" data-testid="replay" />;
  return (
    <div className="tt-page tt-replay cm-page" data-testid="replay" data-mode="chuanma">
      <header className="tt-top">
        <a className="tt-back" href="/play/records" aria-label={t('table.back')} onClick={onBack}>
          ‹
        </a>
        <span className="tt-replay-title">
          {t('replay.title')} · {t('table.chuanma.title')}
        </span>
      </header>
      <main className="cm-main">
        <div className="cm-seats cm-seats-open">
          {state.seats.map((s, seat) => {
            const won = state.wins.findIndex((w) => w.seat === seat);
            return (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
                key={seat}
                className={`cm-seat${won >= 0 ? ' cm-seat-won' : ''}${state.turn === seat ? ' cm-seat-turn' : ''}`}
                data-testid={`replay-seat-${seat}`}
              >
                <div className="cm-seat-head">
                  <span className="cm-seat-name">{names[seat]}</span>
                  {state.dealer === seat ? (
                    <span className="cm-badge">{t('table.chuanma.dealer')}</span>
                  ) : null}
                  {state.voids[seat] ? (
                    <span className="cm-badge cm-badge-void">
                      {t('table.chuanma.voidOf', { suit: t(`table.chuanma.suitShort.${state.voids[seat]}`) })}
                    </span>
                  ) : null}
                  {won >= 0 ? (
                    <span className="cm-badge cm-badge-won">
                      {t('table.chuanma.won', { order: won + 1 })}
                    </span>
                  ) : null}
                  <span className="cm-seat-score">{s.score.toLocaleString()}</span>
                </div>
                <div className="cm-seat-tiles cm-open">
                  {(won >= 0 ? state.wins[won].shoupai : s.hand).map((code, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: tiles of one kind are alike
                    <Tile key={i} code={code} />
                  ))}
                  {s.melds.map((m, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: melds only grow
                    <ChuanmaMeldTiles key={`m${i}`} meld={m} />
                  ))}
                </div>
                {won >= 0 ? (
                  <div className="cm-note">
                    {state.wins[won].fans
                      .map((f) => `${t(`table.chuanma.fans.${f.id}`)}${f.count > 1 ? ` ×${f.count}` : ''}`)
                      .join(' · ')}{' '}
                    · {t('table.chuanma.fanTotal', { count: state.wins[won].fan })}
                  </div>
                ) : null}
                <div className="cm-river">
                  {s.discards.map((code, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a river only grows
                    <Tile key={i} code={code} />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
        {state.exchange ? <p className="cm-note">{t(`table.chuanma.directions.${state.exchange}`)}</p> : null}
        <ReplayControls at={at} hands={hands.length} lastStep={lastStep} move={setAt} />
        <ReplayVerification seed={seed} commitment={commitment} verification={verification} />
      </main>
      {state.result && closed !== at.hand ? (
        <ChuanmaResultPanel result={state.result} names={names} onClose={() => setClosed(at.hand)} />
      ) : null}
    </div>
  );
}
