import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFileName, downloadCsv } from '../../../components/csv';
import { publicIdOf } from '../../../components/players/accounts';
import { fetchWholeRoster } from './queries';

/** The default file name of a roster export. */
export function rosterFileName(contestName: string, seasonId: number): string {
  return `${contestName}-season${seasonId}-roster.csv`;
}

/**
 * CSV export of the roster: an editable file name, the rows fetched in pages of 100 with a progress bar,
 * then the file (nickname, public id, remark).
 */
export function ExportDialog({
  open,
  uniqueId,
  seasonId,
  defaultName,
  onClose,
}: {
  open: boolean;
  uniqueId: number;
  seasonId: number;
  defaultName: string;
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
      const rows = await fetchWholeRoster(
        uniqueId,
        seasonId,
        (done, total) => setProgress({ done, total }),
        () => cancelled.current,
      );
      if (!rows) return;
      downloadCsv(csvFileName(name, defaultName), [
        [t('players.nickname'), t('players.publicId'), t('players.remark')],
        ...rows.map((p) => [p.nickname, publicIdOf(p.account_id), p.remark]),
      ]);
      void message.success(t('roster.exported', { count: rows.length }));
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
      title={t('roster.exportTitle')}
      onCancel={close}
      mask={{ closable: !running }}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            data-testid="roster-export-start"
            loading={running}
            disabled={name.trim() === ''}
            onClick={() => void run()}
          >
            {t('roster.exportStart')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('roster.fileName')} extra={t('roster.exportColumns')}>
          <Input
            data-testid="roster-export-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={running}
            suffix={<Typography.Text type="secondary">CSV</Typography.Text>}
          />
        </Form.Item>
      </Form>
      {running && (
        <div data-testid="roster-export-progress">
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">
            {t('roster.exporting', { done: progress.done, total: progress.total })}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
