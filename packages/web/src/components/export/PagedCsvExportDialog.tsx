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
import { csvFileName, downloadCsv } from '../csv';
import { collectPages, type PageOf } from './exportPages';
import { useCsvCooldown } from './useCsvCooldown';

/** One line of a CSV file. */
export type CsvRow = (string | number)[];

/** What the dialog says, in the words of the screen that opens it. */
export interface PagedCsvExportWords {
  /** The start button. */
  start: string;
  /** Under the progress bar: the rows read so far, of how many. */
  progress: (done: number, total: number) => string;
  /** The message once the file is saved, with its number of rows (the header not counted). */
  done: (count: number) => string;
}

export interface PagedCsvExportDialogProps<T> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the file holds. */
  description?: ReactNode;
  /** A grey paragraph under the description (a fixed file name, the cooldown). */
  note?: ReactNode;
  /** The file's name; with `fileNameField`, the default of a field the organiser may edit. */
  fileName: string;
  fileNameField?: { label: string; extra?: ReactNode };
  /** Reads one page of the list: `limit` items from `offset`, and how many there are in all. */
  fetchPage: (offset: number, limit: number) => Promise<PageOf<T>>;
  pageSize: number;
  /** Reads no more items than this; the whole list when not given. */
  maxRows?: number;
  /** The file's rows, header first, made from every item read. */
  toRows: (items: T[]) => CsvRow[];
  /** Where this browser remembers the list's last download, when the list has a cooldown (spec §9). */
  cooldownKey?: string;
  /** The dialog's test ids: `<testId>-name`, `-start`, `-cancel` and `-progress`. */
  testId: string;
  words: PagedCsvExportWords;
}

/**
 * A CSV export of a paged list: the file name (editable or fixed), then the list read page by page with a
 * progress bar (cancel stops between two pages), then the file, the cooldown noted and a message with its rows.
 */
export function PagedCsvExportDialog<T>({
  open,
  onClose,
  title,
  description,
  note,
  fileName,
  fileNameField,
  fetchPage,
  pageSize,
  maxRows = Number.POSITIVE_INFINITY,
  toRows,
  cooldownKey,
  testId,
  words,
}: PagedCsvExportDialogProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cooldown = useCsvCooldown(cooldownKey);
  const [name, setName] = useState(fileName);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    if (open) {
      setName(fileName);
      setProgress(null);
      cancelled.current = false;
    }
  }, [open, fileName]);

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
      const items = await collectPages(fetchPage, {
        pageSize,
        maxItems: maxRows,
        onProgress: (done, total) => setProgress({ done, total }),
        cancelled: () => cancelled.current,
      });
      if (!items || cancelled.current) return;
      const rows = toRows(items);
      downloadCsv(fileNameField ? csvFileName(name, fileName) : fileName, rows);
      cooldown.remember();
      void message.success(words.done(rows.length - 1));
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
            disabled={fileNameField !== undefined && name.trim() === ''}
            onClick={() => void run()}
          >
            {words.start}
          </Button>
        </Space>
      }
    >
      {description && <Typography.Paragraph>{description}</Typography.Paragraph>}
      {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
      {fileNameField && (
        <Form layout="vertical">
          <Form.Item label={fileNameField.label} extra={fileNameField.extra}>
            <Input
              data-testid={`${testId}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={running}
              suffix={<Typography.Text type="secondary">CSV</Typography.Text>}
            />
          </Form.Item>
        </Form>
      )}
      {running && (
        <div data-testid={`${testId}-progress`}>
          <Progress percent={percent} status="active" />
          <Typography.Text type="secondary">{words.progress(progress.done, progress.total)}</Typography.Text>
        </div>
      )}
    </Modal>
  );
}
