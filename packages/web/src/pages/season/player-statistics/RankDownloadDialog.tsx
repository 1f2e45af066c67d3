import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFileName, downloadCsv } from '../../../components/csv';

export type CollectRows = (
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean,
) => Promise<(string | number)[][] | null>;

/**
 * A ranking download: an editable file name, the rows read page by page with a progress bar (cancel stops
 * between two pages), then the CSV file. `collect` answers the rows, header first, or null when cancelled.
 */
export function RankDownloadDialog({
  open,
  title,
  description,
  defaultName,
  testId,
  collect,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  defaultName: string;
  testId: string;
  collect: CollectRows;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState(defaultName);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (open) {
      setName(defaultName);
      setProgress(null);
      cancelled.current = false;
    }
  }, [open, defaultName]);

  const close = () => {
    cancelled.current = true;
    setProgress(null);
    onClose();
  };

  const run = async () => {
    cancelled.current = false;
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await collect(
        (done, total) => setProgress({ done, total }),
        () => cancelled.current,
      );
      if (!rows || cancelled.current) return;
      downloadCsv(csvFileName(name, defaultName), rows);
      void message.success(t('playerStats.download.done', { count: rows.length - 1 }));
      onClose();
    } catch {
      // the client has shown the error
      setProgress(null);
    }
  };

  const running = progress !== null;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      mask={{ closable: !running }}
      destroyOnHidden
      footer={
        <Space>
          <Button data-testid={`${testId}-cancel`} onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            data-testid={`${testId}-start`}
            loading={running}
            disabled={name.trim() === ''}
            onClick={() => void run()}
          >
            {t('playerStats.download.start')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('playerStats.download.fileName')}>
          <Input
            data-testid={`${testId}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={running}
            suffix={<Typography.Text type="secondary">CSV</Typography.Text>}
          />
        </Form.Item>
      </Form>
      {running && (
        <div data-testid={`${testId}-progress`}>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {t('playerStats.download.progress', { done: progress.done, total: progress.total })}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
