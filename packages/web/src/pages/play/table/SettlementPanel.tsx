import { useTranslation } from 'react-i18next';
import type { TableState } from './model/tableState';
import { formatSettled, type SettlementRule, settlementOf } from './settlement';

/** The end of the game: placement, final points and settled scores. */
export function SettlementPanel({
  state,
  scores,
  rule,
  backHref,
}: {
  state: TableState;
  scores: number[];
  rule: SettlementRule;
  backHref: string;
}) {
  const { t } = useTranslation();
  const { players } = settlementOf(scores, state.round.sticks, rule);
  return (
    <div
      className="tt-overlay tt-overlay-final"
      data-testid="settlement"
      role="dialog"
      aria-label={t('table.settlement.title')}
    >
      <div className="tt-panel">
        <h2 className="tt-panel-title">{t('table.settlement.title')}</h2>
        <table className="tt-settle">
          <thead>
            <tr>
              <th>{t('table.settlement.place')}</th>
              <th>{t('table.settlement.player')}</th>
              <th>{t('table.settlement.points')}</th>
              <th>{t('table.settlement.score')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr
                key={p.seat}
                className={p.seat === state.mySeat ? 'tt-me' : undefined}
                data-testid="settlement-row"
              >
                <td>{p.place}</td>
                <td title={state.seats[p.seat]?.name || t('table.robot')}>
                  {state.seats[p.seat]?.name || t('table.robot')}
                </td>
                <td>{p.part_point_1}</td>
                <td className={p.total_point > 0 ? 'tt-plus' : p.total_point < 0 ? 'tt-minus' : ''}>
                  {formatSettled(p.total_point)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <a className="tt-btn tt-btn-primary" href={backHref} data-testid="settlement-back">
          {t('table.back')}
        </a>
      </div>
    </div>
  );
}

/** A game that ended without a settlement shown here (terminated, or over before this page saw its end). */
export function GameEndedPanel({ terminated, backHref }: { terminated: boolean; backHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="tt-overlay tt-overlay-final" data-testid="game-ended">
      <div className="tt-panel">
        <p>{terminated ? t('table.settlement.terminated') : t('table.settlement.ended')}</p>
        <a className="tt-btn tt-btn-primary" href={backHref}>
          {t('table.back')}
        </a>
      </div>
    </div>
  );
}
