import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ArchiveProgress, downloadArchive } from '../../../api/archive';
import { saveFile } from '../../../components/saveFile';

/** Bytes as people read them (KB, MB, GB). */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * The tournament's archive, for its creator and admins: one download of the whole tournament, its progress
 * shown from the bytes received against the length the server sends first.
 */
export function ArchiveCard({ uniqueId }: { uniqueId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      const { fileName, blob } = await downloadArchive(uniqueId, setProgress);
      saveFile(fileName, blob);
      void message.success(t('archive.done', { file: fileName }));
    } catch (err) {
      setError(t('archive.failed', { reason: (err as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const percent = progress?.total ? Math.floor((progress.received / progress.total) * 100) : 0;
  return (
    <Card title={t('archive.title')} data-testid="archive-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('archive.description')}</Typography.Text>
        <Button type="primary" loading={busy} onClick={download} data-testid="archive-download">
          {t('archive.download')}
        </Button>
        {busy && (
          <div data-testid="archive-progress">
            <Progress percent={percent} status="active" />
            <Typography.Text type="secondary">
              {progress
                ? t('archive.progress', { received: size(progress.received), total: size(progress.total) })
                : t('archive.preparing')}
            </Typography.Text>
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} data-testid="archive-error" />}
      </Space>
    </Card>
  );
}
