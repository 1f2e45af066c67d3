import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: says so, with a button that loads it again. */
export function LoadFailedAlert({
  retrying,
  onRetry,
  style,
}: {
  retrying: boolean;
  onRetry: () => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      style={style}
      type="error"
      showIcon
      message={t('common.loadFailed')}
      action={
        <Button size="small" loading={retrying} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
