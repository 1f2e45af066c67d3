import { Majiang } from '@taikai/engine/player-view';
import { useTranslation } from 'react-i18next';
import { handTiles } from './model/notation';
import type { HandResult, TableState } from './model/tableState';
import { Meld, TileRow } from './Tiles';
import { drawKey, yakuKey } from './yaku';

const WIND_KEYS = ['east', 'south', 'west', 'north'];

function ShownHand({ text }: { text: string }) {
  const hand = Majiang.Shoupai.fromString(text);
  const { tiles, drawn, melds } = handTiles(hand);
  return (
    <div className="tt-shown-hand">
      <TileRow tiles={drawn ? [...tiles, drawn] : tiles} />
      {melds.map((m) => (
        <Meld key={m} m={m} />
      ))}
    </div>
  );
}

function YakuName({ name }: { name: string }) {
  const { t } = useTranslation();
  const key = yakuKey(name);
  if (!key) return <>{name}</>;
  if (key.wind !== undefined)
    return <>{t(`table.yaku.${key.key}`, { wind: t(`table.winds.${WIND_KEYS[key.wind] ?? 'east'}`) })}</>;
  return <>{t(`table.yaku.${key.key}`)}</>;
}

/** The value of a win: fu and han, a named limit, or the yakuman multiple. */
function WinValue({ result }: { result: Extract<HandResult, { kind: 'win' }> }) {
  const { t } = useTranslation();
  if (result.yakuman > 0)
    return (
      <>
        {result.yakuman > 1
          ? t('table.result.yakumanN', { count: result.yakuman })
          : t('table.result.yakuman')}
      </>
    );
  return <>{t('table.result.fuHan', { fu: result.fu, han: result.han })}</>;
}

function Win({ state, result }: { state: TableState; result: Extract<HandResult, { kind: 'win' }> }) {
  const { t } = useTranslation();
  const name = (seat: number) => state.seats[seat]?.name || t('table.robot');
  return (
    <div className="tt-result-win" data-testid="result-win">
      <div className="tt-result-title">
        {result.from === null
          ? t('table.result.tsumo', { name: name(result.seat) })
          : t('table.result.ron', { name: name(result.seat), from: name(result.from) })}
      </div>
      <ShownHand text={result.hand} />
      <ul className="tt-yaku" data-testid="yaku">
        {result.yaku.map((y) => (
          <li key={y.name}>
            <span>
              <YakuName name={y.name} />
            </span>
            <span>
              {typeof y.han === 'string'
                ? y.han.length > 1
                  ? t('table.result.yakumanN', { count: y.han.length })
                  : t('table.result.yakuman')
                : t('table.result.han', { count: y.han })}
            </span>
          </li>
        ))}
      </ul>
      <div className="tt-result-value" data-testid="hand-value">
        <WinValue result={result} /> · {t('table.result.points', { points: result.points })}
      </div>
      <div className="tt-result-dora">
        <span>{t('table.dora')}</span>
        <TileRow tiles={result.dora} />
        {result.uraDora.length > 0 ? (
          <>
            <span>{t('table.uraDora')}</span>
            <TileRow tiles={result.uraDora} />
          </>
        ) : null}
      </div>
    </div>
  );
}

function Draw({
  state,
  result,
  winners,
}: {
  state: TableState;
  result: Extract<HandResult, { kind: 'draw' }>;
  /** Seats that won earlier in the hand (xuezhandaodi), in order: they take no part in the draw. */
  winners: number[];
}) {
  const { t } = useTranslation();
  const key = drawKey(result.name);
  // Xuezhandaodi: winners take no part in a draw after their wins (their order of winning, from 1; else 0).
  const won = (seat: number) => winners.indexOf(seat) + 1;
  return (
    <div className="tt-result-draw" data-testid="result-draw">
      <div className="tt-result-title">{key ? t(`table.draws.${key}`) : result.name}</div>
      {key === 'exhaustive' ? (
        <ul className="tt-tenpai">
          {state.seats.map((s, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
            <li key={seat}>
              <span>{s.name || t('table.robot')}</span>
              <span>
                {won(seat) > 0
                  ? t('table.xuezhan.won', { order: won(seat) })
                  : result.hands[seat]
                    ? t('table.result.tenpai')
                    : t('table.result.noten')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {result.hands.map((h, seat) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
        h ? <ShownHand key={seat} text={h} /> : null,
      )}
    </div>
  );
}

/**
 * How the hand ended (wins with their yaku, han and fu, points; or the draw) and every seat's score change. It
 * stays over the table until dismissed (or for a few seconds), while the next hand may already be dealt.
 */
export function ResultPanel({
  state,
  results,
  scoresBefore,
  onClose,
}: {
  state: TableState;
  results: HandResult[];
  scoresBefore: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deltas = state.seats.map((_, seat) => results.reduce((sum, r) => sum + (r.deltas[seat] ?? 0), 0));
  const winners = results.flatMap((r) => (r.kind === 'win' ? [r.seat] : []));
  return (
    <div className="tt-overlay" data-testid="result-panel" role="dialog" aria-label={t('table.result.title')}>
      <div className="tt-panel">
        {results.map((r, i) =>
          r.kind === 'win' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: results of one hand never move
            <Win key={i} state={state} result={r} />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: results of one hand never move
            <Draw key={i} state={state} result={r} winners={winners} />
          ),
        )}
        <table className="tt-changes" data-testid="score-changes">
          <tbody>
            {state.seats.map((s, seat) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats never move
              <tr key={seat} className={seat === state.mySeat ? 'tt-me' : undefined}>
                <td title={s.name || t('table.robot')}>{s.name || t('table.robot')}</td>
                <td>{scoresBefore[seat]}</td>
                <td className={deltas[seat] > 0 ? 'tt-plus' : deltas[seat] < 0 ? 'tt-minus' : ''}>
                  {deltas[seat] > 0 ? `+${deltas[seat]}` : deltas[seat]}
                </td>
                <td>{(scoresBefore[seat] ?? 0) + deltas[seat]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="tt-btn tt-btn-primary" data-testid="result-close" onClick={onClose}>
          {t('table.result.next')}
        </button>
      </div>
    </div>
  );
}
