import { useTranslation } from 'react-i18next';
import { handTiles, type Shoupai } from './model/notation';
import { Meld } from './Tiles';
import { Tile } from './tiles/Tile';

/** One tile of my hand and the discard it answers (`m5`, or `m5_` for the drawn tile). */
export interface HandSlot {
  code: string;
  discard: string;
  drawn: boolean;
}

/** My hand's tiles in order, the drawn one last, each with the discard code that throws it. */
export function handSlots(hand: Shoupai): HandSlot[] {
  const { tiles, drawn } = handTiles(hand);
  const slots = tiles.map((code) => ({ code, discard: code, drawn: false }));
  if (drawn) slots.push({ code: drawn, discard: `${drawn}_`, drawn: true });
  return slots;
}

/**
 * My hand, big, with the drawn tile apart. A tile that may be played now is a button: one click (or Enter on
 * the tile chosen with the keys) plays it, answering at once. Tiles that may not be played now are dimmed.
 */
export function MyHand({
  hand,
  allowed,
  selected,
  onPlay,
  onSelect,
}: {
  hand: Shoupai;
  /** Discard codes that may be played now; empty when nothing is to be discarded. */
  allowed: ReadonlySet<string>;
  selected: number | null;
  onPlay: (slot: HandSlot) => void;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  const slots = handSlots(hand);
  const melds = hand._fulou;
  const active = allowed.size > 0;
  return (
    <div className={`tt-hand${active ? ' tt-hand-active' : ''}`} data-testid="my-hand">
      <div className="tt-hand-tiles">
        {slots.map((slot, i) => {
          const ok = allowed.has(slot.discard);
          return (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: the hand is redrawn after every move
              key={`${i}-${slot.code}`}
              className={`tt-hand-tile${slot.drawn ? ' tt-drawn' : ''}${selected === i ? ' tt-selected' : ''}`}
              data-testid={slot.drawn ? 'drawn-tile' : 'hand-tile'}
              data-code={slot.code}
              data-allowed={ok ? 'true' : 'false'}
              aria-disabled={!ok}
              aria-label={t('table.playTile', { tile: slot.code })}
              tabIndex={ok ? 0 : -1}
              onClick={() => {
                if (ok) onPlay(slot);
              }}
              onFocus={() => onSelect(i)}
            >
              <Tile code={slot.code} dim={active && !ok} />
            </button>
          );
        })}
      </div>
      {melds.length > 0 ? (
        <div className="tt-hand-melds" data-testid="my-melds">
          {melds.map((m) => (
            <Meld key={m} m={m} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
