import { useTranslation } from 'react-i18next';
import type { HandResult, TableState } from '../model/tableState';

/**
 * Xuezhandaodi: a short notice of a win while the hand goes on (who won, from whom, for how much). It does not
 * stop the table; the hand's result panel lists every win at the hand's end.
 */
export function WinNotice({
  state,
  result,
}: {
  state: TableState;
  result: Extract<HandResult, { kind: 'win' }>;
}) {
  const { t } = useTranslation();
  const name = (seat: number) => state.seats[seat]?.name || t('table.robot');
  return (
    <div className="tt-win-notice" data-testid="xz-win-notice" role="status">
      {result.from === null
        ? t('table.result.tsumo', { name: name(result.seat) })
        : t('table.result.ron', { name: name(result.seat), from: name(result.from) })}{' '}
      · {t('table.result.points', { points: result.points })}
    </div>
  );
}
