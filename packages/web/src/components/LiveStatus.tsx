import Badge from 'antd/es/badge';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/**
 * Whether a match page follows the season live (its event stream), or reads its lists again every `intervalS`
 * seconds while the stream is down.
 */
export function LiveStatus({
  live,
  intervalS,
  testId,
}: {
  live: boolean;
  intervalS: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={live ? t('matchManage.liveHint') : t('matchManage.pollingHint', { seconds: intervalS })}>
      <Badge
        data-testid={testId}
        data-live={live ? '1' : '0'}
        status={live ? 'processing' : 'default'}
        text={live ? t('matchManage.live') : t('matchManage.polling', { seconds: intervalS })}
      />
    </Tooltip>
  );
}
