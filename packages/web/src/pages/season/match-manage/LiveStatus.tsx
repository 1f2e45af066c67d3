import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/** Whether the page follows the season live, or reads its lists again every so often while the stream is down. */
export function LiveStatus({ live, intervalS }: { live: boolean; intervalS: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={live ? t('matchManage.liveHint') : t('matchManage.pollingHint', { seconds: intervalS })}>
      <Badge
        data-testid="match-live-status"
        data-live={live ? '1' : '0'}
        status={live ? 'processing' : 'default'}
        text={live ? t('matchManage.live') : t('matchManage.polling', { seconds: intervalS })}
      />
    </Tooltip>
  );
}
