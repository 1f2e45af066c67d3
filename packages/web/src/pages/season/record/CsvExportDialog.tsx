import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { LIMITS } from '@taikai/protocol';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../components/csv';
import { cooldownLeftS, lastDownloadAt, rememberDownload } from './exportPages';

/** Where the browser remembers the last CSV download of the record page, per list. */
export const CSV_COOLDOWN_KEYS = {
  records: 'taikai.csvDownloadedAt.records',
  marked: 'taikai.csvDownloadedAt.marked',
} as const;

/**
 * The 5-minute pause between two CSV downloads (spec §9), remembered in this browser: `allowed()` says whether a
 * download may start now, and when not, tells the organiser when the last one was.
 */
export function useCsvCooldown(key: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    allowed: () => {
      const last = lastDownloadAt(key);
      const left = cooldownLeftS(last, Date.now(), LIMITS.CSV_DOWNLOAD_COOLDOWN_S);
      if (left === 0 || last === null) return true;
      void message.warning({
        content: t('record.csvCooldown', {
          time: dayjs(last).format('YYYY-MM-DD HH:mm:ss'),
          minutes: LIMITS.CSV_DOWNLOAD_COOLDOWN_S / 60,
          seconds: left,
        }),
        key: `csv-cooldown-${key}`,
      });
      return false;
    },
    remember: () => rememberDownload(key, Date.now()),
  };
}

/**
 * A CSV export: what it holds, then the rows read page by page with a progress bar and a cancel button, then the
 * file. `collect` answers the rows (header first), or null when cancelled.
 */
export function CsvExportDialog({
  open,
  title,
  description,
  fileName,
  cooldownKey,
  testId,
  collect,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  fileName: string;
  cooldownKey: string;
  testId: string;
  collect: (
    onProgress: (done: number, total: number) => void,
    cancelled: () => boolean,
  ) => Promise<(string | number)[][] | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cooldown = useCsvCooldown(cooldownKey);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (open) {
      setProgress(null);
      cancelled.current = false;
    }
  }, [open]);

  const close = () => {
    cancelled.current = true;
    setProgress(null);
    onClose();
  };

  const run = async () => {
    if (!cooldown.allowed()) return;
    cancelled.current = false;
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await collect(
        (done, total) => setProgress({ done, total }),
        () => cancelled.current,
      );
      if (!rows || cancelled.current) return;
      downloadCsv(fileName, rows);
      cooldown.remember();
      void message.success(t('record.csvDone', { count: rows.length - 1 }));
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
            onClick={() => void run()}
          >
            {t('record.csvStart')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('record.csvFile', { name: fileName })}
        <br />
        {t('record.csvCooldownHint', { minutes: LIMITS.CSV_DOWNLOAD_COOLDOWN_S / 60 })}
      </Typography.Paragraph>
      {running && (
        <div data-testid={`${testId}-progress`}>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {t('record.csvProgress', { done: progress.done, total: progress.total })}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
