import { useTranslation } from 'react-i18next';
import { Tile } from '../tiles/Tile';
import type { ChuanmaMeld, ChuanmaTableState } from './chuanmaState';

/** A meld as tiles: a pung three, a kong four (a concealed kong shows its outer two face down). */
export function ChuanmaMeldTiles({ meld }: { meld: ChuanmaMeld }) {
  const n = meld.type === 'peng' ? 3 : 4;
  const codes = Array.from({ length: n }, (_, i) =>
    meld.type === 'angang' && (i === 0 || i === 3) ? '_' : meld.tile,
  );
  return (
    <span className="cm-meld" data-meld={`${meld.type}:${meld.tile}`}>
      {codes.map((code, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a meld's tiles never move
        <Tile key={i} code={code} />
      ))}
    </span>
  );
}

/** The other three seats (in turn order after the player): name, score, void, tiles held, melds, river. */
export function ChuanmaSeats({ state, names }: { state: ChuanmaTableState; names: string[] }) {
  const { t } = useTranslation();
  const others = [1, 2, 3].map((k) => (state.mySeat + k) % 4);
  return (
    <div className="cm-seats">
      {others.map((seat) => (
        <SeatRow key={seat} seat={seat} state={state} name={names[seat] ?? ''} t={t} />
      ))}
    </div>
  );
}

function SeatRow({
  seat,
  state,
  name,
  t,
}: {
  seat: number;
  state: ChuanmaTableState;
  name: string;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const s = state.seats[seat];
  const won = state.winners.find((w) => w.seat === seat);
  const voidSuit = state.voids[seat];
  return (
    <section
      className={`cm-seat${won ? ' cm-seat-won' : ''}${state.turn === seat && !won ? ' cm-seat-turn' : ''}`}
      data-testid={`cm-seat-${seat}`}
    >
      <div className="cm-seat-head">
        <span className="cm-seat-name" title={name}>
          {name}
        </span>
        {state.dealer === seat ? <span className="cm-badge">{t('table.chuanma.dealer')}</span> : null}
        {voidSuit ? (
          <span className="cm-badge cm-badge-void" data-testid={`cm-void-${seat}`}>
            {t('table.chuanma.voidOf', { suit: t(`table.chuanma.suitShort.${voidSuit}`) })}
          </span>
        ) : null}
        {won ? (
          <span className="cm-badge cm-badge-won">{t('table.chuanma.won', { order: won.order })}</span>
        ) : null}
        <span className="cm-seat-score">{s.score.toLocaleString()}</span>
      </div>
      <div className="cm-seat-tiles">
        {won ? (
          <span className="cm-hidden">{t('table.chuanma.hidden')}</span>
        ) : (
          <span className="cm-count">×{s.count}</span>
        )}
        {s.melds.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: melds only grow
          <ChuanmaMeldTiles key={i} meld={m} />
        ))}
      </div>
      <div className="cm-river">
        {s.discards.map((code, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a river only grows
          <Tile key={i} code={code} />
        ))}
      </div>
    </section>
  );
}

/** The winners so far in the hand in progress, in order: who, how, and what they took (the fan only when known). */
export function ChuanmaWinners({ state, names }: { state: ChuanmaTableState; names: string[] }) {
  const { t } = useTranslation();
  if (state.winners.length === 0) return null;
  return (
    <div className="cm-winners" data-testid="cm-winners">
      <span className="cm-winners-title">{t('table.chuanma.winners')}</span>
      {state.winners.map((w) => (
        <span key={w.order} className="cm-winner" data-testid="cm-winner" data-seat={w.seat}>
          {t('table.chuanma.winnerLine', { order: w.order, name: names[w.seat] ?? '' })}
          <Tile code={w.p} />
          <span>
            {w.from === null
              ? t('table.chuanma.selfDraw')
              : t('table.chuanma.ronOff', { name: names[w.from] ?? '' })}
          </span>
          {w.fan !== undefined ? <span>{t('table.chuanma.fanTotal', { count: w.fan })}</span> : null}
          <span className="cm-plus">
            {t('table.chuanma.received', { points: w.received.toLocaleString() })}
          </span>
        </span>
      ))}
    </div>
  );
}
