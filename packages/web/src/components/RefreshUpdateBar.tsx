import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SaveOutlined from '@ant-design/icons/SaveOutlined';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The button row of an editing tab: `leading` buttons, refresh (`<testId>-refresh`), update (`<testId>-update`),
 * then `children`. Without `update` (read-only) there is no update button; `update.reason` is its tooltip.
 * Pass several leading or trailing buttons as a fragment so that each keeps its own place in the row.
 */
export function RefreshUpdateBar({
  testId,
  refreshing,
  onRefresh,
  update,
  leading,
  children,
}: {
  testId: string;
  refreshing: boolean;
  onRefresh: () => void;
  update?: { disabled: boolean; reason?: ReactNode; saving: boolean; onClick: () => void };
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      {leading}
      <Button
        data-testid={`${testId}-refresh`}
        icon={<ReloadOutlined />}
        loading={refreshing}
        onClick={onRefresh}
      >
        {t('common.refresh')}
      </Button>
      {update && (
        <Tooltip title={update.reason}>
          <Button
            data-testid={`${testId}-update`}
            type="primary"
            icon={<SaveOutlined />}
            disabled={update.disabled}
            loading={update.saving}
            onClick={update.onClick}
          >
            {t('common.update')}
          </Button>
        </Tooltip>
      )}
      {children}
    </Space>
  );
}
