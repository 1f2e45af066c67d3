import { useTranslation } from 'react-i18next';
import { Tile } from '../tiles/Tile';
import { ChuanmaMeldTiles } from './ChuanmaSeats';
import type { ChuanmaHandResult } from './chuanmaState';

/** The hand without its winning tile (shown apart). */
function withoutOne(tiles: readonly string[], tile: string): string[] {
  const out = tiles.slice();
  const i = out.lastIndexOf(tile);
  if (i >= 0) out.splice(i, 1);
  return out;
}

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString());

/** A finished hand: every win with its hand, fan names and points, and each seat's change. */
export function ChuanmaResultPanel({
  result,
  names,
  onClose,
}: {
  result: ChuanmaHandResult;
  names: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tt-overlay cm-overlay" data-testid="cm-result">
      <div className="tt-panel">
        <h2 className="tt-panel-title">{t('table.chuanma.resultTitle', { hand: result.hand + 1 })}</h2>
        {result.wins.length === 0 ? <p>{t('table.chuanma.noWin')}</p> : null}
        {result.exhausted ? <p>{t('table.chuanma.exhausted')}</p> : null}
        {result.bust ? (
          <p>{t('table.chuanma.bust', { names: result.bust.map((s) => names[s] ?? '').join(', ') })}</p>
        ) : null}
        {result.wins.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the wins of one hand never move
          <div key={i} className="cm-win" data-testid="cm-result-win">
            <div className="tt-result-title">
              {names[w.seat]} ·{' '}
              {w.from === null
                ? t('table.chuanma.selfDraw')
                : t('table.chuanma.ronOff', { name: names[w.from] })}
            </div>
            <div className="cm-shown">
              {withoutOne(w.shoupai, w.p).map((code, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a shown hand never moves
                <Tile key={k} code={code} />
              ))}
              {w.melds.map((m, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a shown hand never moves
                <ChuanmaMeldTiles key={k} meld={m} />
              ))}
              <span className="cm-win-tile">
                <Tile code={w.p} />
              </span>
            </div>
            <ul className="cm-fans">
              {w.fans.map((f) => (
                <li key={f.id} data-testid="cm-fan" data-fan={f.id}>
                  <span>
                    {t(`table.chuanma.fans.${f.id}`)}
                    {f.count > 1 ? ` ×${f.count}` : ''}
                  </span>
                  <span>{t('table.chuanma.fanTotal', { count: f.fan })}</span>
                </li>
              ))}
            </ul>
            <div className="cm-win-total">
              <span>{t('table.chuanma.fanTotal', { count: w.fan })}</span>
              <span>{t('table.chuanma.points', { points: w.points.toLocaleString() })}</span>
            </div>
          </div>
        ))}
        <div className="cm-deltas">
          <div className="tt-result-title">{t('table.chuanma.deltas')}</div>
          {result.deltas.map((d, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are fixed
            <div key={seat} className="cm-delta" data-testid="cm-delta">
              <span>{names[seat]}</span>
              <span className={d > 0 ? 'cm-up' : d < 0 ? 'cm-down' : ''}>{signed(d)}</span>
              <span>{result.scores[seat].toLocaleString()}</span>
            </div>
          ))}
        </div>
        <button
          type="button"
          className="tt-btn tt-btn-primary"
          onClick={onClose}
          data-testid="cm-result-close"
        >
          {t('table.chuanma.close')}
        </button>
      </div>
    </div>
  );
}

/** The game's end: the final scores, highest first. */
export function ChuanmaFinalPanel({
  scores,
  names,
  backHref,
}: {
  scores: number[];
  names: string[];
  backHref: string;
}) {
  const { t } = useTranslation();
  const order = scores.map((_, seat) => seat).sort((a, b) => scores[b] - scores[a] || a - b);
  return (
    <div className="tt-overlay tt-overlay-final" data-testid="settlement">
      <div className="tt-panel">
        <h2 className="tt-panel-title">{t('table.chuanma.finalTitle')}</h2>
        {order.map((seat, i) => (
          <div key={seat} className="cm-delta" data-testid="cm-final-row">
            <span>{t('table.chuanma.place', { place: i + 1 })}</span>
            <span>{names[seat]}</span>
            <span>{scores[seat].toLocaleString()}</span>
          </div>
        ))}
        <a className="tt-btn tt-btn-primary" href={backHref} data-testid="settlement-back">
          {t('table.chuanma.back')}
        </a>
      </div>
    </div>
  );
}
