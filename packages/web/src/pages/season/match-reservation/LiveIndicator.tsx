import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/** "Live" while the season's event stream is open; "reconnecting" (and polling) while it is down. */
export function LiveIndicator({ live }: { live: boolean }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={live ? t('matchReservation.liveHint') : t('matchReservation.reconnectingHint')}>
      <span data-testid="reservation-live" data-live={live ? '1' : '0'}>
        <Badge
          status={live ? 'success' : 'warning'}
          text={live ? t('matchReservation.live') : t('matchReservation.reconnecting')}
        />
      </span>
    </Tooltip>
  );
}
