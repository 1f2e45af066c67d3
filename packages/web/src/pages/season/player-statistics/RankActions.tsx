import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The buttons of a ranking card (personal or team): refresh, CSV download (disabled while nobody is ranked), and
 * any the card adds (`children`). Test ids `<testId>-refresh` and `<testId>-download`.
 */
export function RankActions({
  fetching,
  total,
  testId,
  onRefresh,
  onDownload,
  children,
}: {
  fetching: boolean;
  total: number;
  testId: string;
  onRefresh: () => void;
  onDownload: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button
        icon={<ReloadOutlined />}
        loading={fetching}
        onClick={onRefresh}
        data-testid={`${testId}-refresh`}
      >
        {t('common.refresh')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={total === 0}
        onClick={onDownload}
        data-testid={`${testId}-download`}
      >
        {t('playerStats.download.button')}
      </Button>
      {children}
    </Space>
  );
}
