import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handSlots } from '../MyHand';
import type { Shoupai } from '../model/notation';
import { Tile } from '../tiles/Tile';

/** Tiles passed at xuezhandaodi's exchange (换三张): any three of the hand. */
const EXCHANGED = 3;

/**
 * Xuezhandaodi's exchange before the deal: the dealt hand, of which the player picks exactly three tiles (any
 * suits; a second click puts one back), the direction they go, and the button that passes them.
 */
export function ExchangePrompt({
  hand,
  direction,
  onPass,
}: {
  hand: Shoupai;
  direction: string;
  onPass: (tiles: string[]) => void;
}) {
  const { t } = useTranslation();
  const slots = handSlots(hand);
  const [chosen, setChosen] = useState<number[]>([]);
  const toggle = (i: number) =>
    setChosen((list) =>
      list.includes(i) ? list.filter((j) => j !== i) : list.length < EXCHANGED ? [...list, i] : list,
    );
  const full = chosen.length === EXCHANGED;
  return (
    <div className="tt-exchange" data-testid="xz-exchange">
      <p className="tt-exchange-ask">
        {t('table.xuezhan.exchangeAsk', { direction: t(`table.xuezhan.directions.${direction}`) })}
      </p>
      <div className="tt-hand tt-hand-active" data-testid="my-hand">
        <div className="tt-hand-tiles">
          {slots.map((slot, i) => (
            <button
              type="button"
              // biome-ignore lint/suspicious/noArrayIndexKey: tiles of one kind are alike
              key={`${i}-${slot.code}`}
              className={`tt-hand-tile${chosen.includes(i) ? ' tt-selected tt-chosen' : ''}`}
              data-testid="exchange-tile"
              data-code={slot.code}
              aria-pressed={chosen.includes(i)}
              aria-label={t('table.playTile', { tile: slot.code })}
              onClick={() => toggle(i)}
            >
              <Tile code={slot.code} dim={full && !chosen.includes(i)} />
            </button>
          ))}
        </div>
      </div>
      <div className="tt-actions">
        <button
          type="button"
          className="tt-btn tt-btn-primary"
          data-testid="xz-exchange-send"
          disabled={!full}
          onClick={() => onPass(chosen.map((i) => slots[i].code))}
        >
          {t('table.xuezhan.exchangeSend', { count: chosen.length })}
        </button>
      </div>
    </div>
  );
}
