import { useTranslation } from 'react-i18next';
import { handTiles, meldTiles } from './model/notation';
import type { SeatState, TableState } from './model/tableState';
import { Meld } from './Tiles';
import { Tile } from './tiles/Tile';

/** Where a seat sits as this player sees the table: 0 bottom (me), 1 right, 2 top, 3 left. */
export function sideOf(state: Pick<TableState, 'mySeat' | 'players'>, seat: number): number {
  const n = state.players;
  const side = (seat - state.mySeat + n) % n;
  // Three players: the seat after me is on the right, the one before on the left; nobody across.
  return n === 3 && side === 2 ? 3 : side;
}

const SIDE_NAMES = ['bottom', 'right', 'top', 'left'];

function River({ seat, s, lastIndex }: { seat: number; s: SeatState; lastIndex: number | null }) {
  return (
    <div className="tt-river" data-testid={`river-${seat}`}>
      {s.river.map((r, i) => (
        <Tile
          // biome-ignore lint/suspicious/noArrayIndexKey: a river only grows
          key={i}
          code={r.p}
          sideways={r.sideways}
          dim={r.called}
          className={i === lastIndex ? 'tt-last' : undefined}
        />
      ))}
    </div>
  );
}

/**
 * Half the length of another seat's hand along its edge, in edge tiles (`--et`): its tiles, the drawn tile
 * set apart, its melds (a called tile lies sideways); its name is set just past the hand's end.
 */
export function edgeReach(s: Pick<SeatState, 'hand'>): number {
  const { tiles, drawn, melds } = handTiles(s.hand);
  let length = tiles.length + (drawn ? 1.3 : 0);
  for (const m of melds) length += meldTiles(m).reduce((sum, tile) => sum + (tile.sideways ? 4 / 3 : 1), 0.2);
  if (melds.length > 0) length += 0.4;
  return length / 2;
}

/** Another seat's hand at the table's edge: its tiles face down (or shown, after a win or draw), its melds. */
function EdgeHand({ s }: { s: SeatState }) {
  const { tiles, drawn, melds } = handTiles(s.hand);
  return (
    <div className="tt-edge">
      <span className="tt-edge-tiles">
        {tiles.map((code, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: unseen tiles have no identity
          <Tile key={i} code={code} />
        ))}
        {drawn ? <Tile code={drawn} className="tt-drawn" /> : null}
      </span>
      <span className="tt-edge-melds">
        {melds.map((m) => (
          <Meld key={m} m={m} />
        ))}
      </span>
    </div>
  );
}

const WIND_KEYS = ['east', 'south', 'west', 'north'];

/** A counting stick: honba (eight dots) or riichi (one red dot). */
function Stick({ riichi }: { riichi: boolean }) {
  return (
    <svg className="tt-stick" viewBox="0 0 40 8" aria-hidden="true">
      <rect x="0.5" y="0.5" width="39" height="7" rx="3.5" fill="#f8fafc" stroke="#94a3b8" />
      {riichi ? (
        <circle cx="20" cy="4" r="2.2" fill="#dc2626" />
      ) : (
        [8, 12, 16, 20, 24, 28, 32].map((x) => <circle key={x} cx={x} cy="4" r="1" fill="#1f2937" />)
      )}
    </svg>
  );
}

/**
 * The middle of the table: round, honba and riichi sticks, tiles left; around it each seat's wind and score,
 * on the seat's side (the one whose turn it is lit, a riichi marked).
 */
function Centre({ state }: { state: TableState }) {
  const { t } = useTranslation();
  const { round } = state;
  return (
    <div className="tt-centre" data-testid="table-centre">
      <div className="tt-centre-middle">
        <div className="tt-centre-round" data-testid="round">
          {t('table.round', {
            wind: t(`table.winds.${WIND_KEYS[round.wind] ?? 'east'}`),
            hand: round.hand + 1,
          })}
        </div>
        <div className="tt-centre-sticks">
          <span data-testid="honba" title={t('table.honba', { count: round.honba })}>
            <Stick riichi={false} />×{round.honba}
          </span>
          <span data-testid="sticks" title={t('table.sticks', { count: round.sticks })}>
            <Stick riichi />×{round.sticks}
          </span>
        </div>
        <div
          className="tt-centre-left"
          data-testid="tiles-left"
          title={t('table.tilesLeft', { count: state.tilesLeft })}
        >
          {state.tilesLeft}
        </div>
      </div>
      {state.seats.map((s, seat) => {
        const side = sideOf(state, seat);
        const won = state.xuezhan?.winners.indexOf(seat) ?? -1;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
            key={seat}
            className={`tt-score tt-score-${SIDE_NAMES[side]}${state.turn === seat ? ' tt-turn' : ''}${
              s.riichi ? ' tt-riichi' : ''
            }`}
            data-testid={`score-${side}`}
          >
            <span className={`tt-wind${s.wind === 0 ? ' tt-dealer' : ''}`}>
              {t(`table.windShort.${WIND_KEYS[s.wind] ?? 'east'}`)}
            </span>
            <span className="tt-points">{s.score}</span>
            {won >= 0 ? (
              <span className="tt-won" data-testid="xz-won">
                {t('table.xuezhan.won', { order: won + 1 })}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** The square table: the centre, the four rivers around it, and the other seats' hands at the edges. */
export function Board({ state, children }: { state: TableState; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`tt-board tt-players-${state.players}`} data-testid="board">
      {state.seats.map((s, seat) => {
        const side = sideOf(state, seat);
        const last = state.lastDiscard?.seat === seat ? state.lastDiscard.index : null;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
          <div key={seat} className={`tt-side tt-side-${SIDE_NAMES[side]}`}>
            <River seat={seat} s={s} lastIndex={last} />
            {side === 0 ? null : <EdgeHand s={s} />}
          </div>
        );
      })}
      <Centre state={state} />
      {state.seats.map((s, seat) => {
        const side = sideOf(state, seat);
        if (side === 0) return null;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
            key={seat}
            className={`tt-name tt-name-${SIDE_NAMES[side]}`}
            style={{ '--reach': edgeReach(s) } as React.CSSProperties}
            data-testid={`name-${side}`}
            title={s.name || t('table.robot')}
          >
            {s.name || t('table.robot')}
            {s.kita > 0 ? <span className="tt-kita"> {t('table.kita', { count: s.kita })}</span> : null}
          </div>
        );
      })}
      {children}
    </div>
  );
}
