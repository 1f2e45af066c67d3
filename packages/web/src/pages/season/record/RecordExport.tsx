import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { LIMITS } from '@taikai/protocol';
import Button from 'antd/es/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageOf } from '../../../components/export/exportPages';
import { type CsvRow, PagedCsvExportDialog } from '../../../components/export/PagedCsvExportDialog';
import { useCsvCooldown } from '../../../components/export/useCsvCooldown';

/** Where the browser remembers the last CSV download of the record page, per list. */
export const CSV_COOLDOWN_KEYS = {
  records: 'taikai.csvDownloadedAt.records',
  marked: 'taikai.csvDownloadedAt.marked',
} as const;

/**
 * The export button of a record list and its dialog: the file's fixed name, the 5-minute cooldown between two
 * downloads (checked when the dialog opens and again when the download starts), then the list read in pages of
 * 100, at most `maxRows`.
 */
export function RecordExport<T>({
  list,
  testId,
  disabled,
  title,
  description,
  fileName,
  maxRows,
  fetchPage,
  toRows,
}: {
  list: keyof typeof CSV_COOLDOWN_KEYS;
  /** The button's test id, and the prefix of the dialog's. */
  testId: string;
  disabled: boolean;
  title: string;
  description: ReactNode;
  fileName: string;
  maxRows: number;
  fetchPage: (offset: number, limit: number) => Promise<PageOf<T>>;
  toRows: (items: T[]) => CsvRow[];
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const cooldown = useCsvCooldown(CSV_COOLDOWN_KEYS[list]);
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        data-testid={testId}
        disabled={disabled}
        onClick={() => cooldown.allowed() && setExporting(true)}
      >
        {t('record.export')}
      </Button>
      <PagedCsvExportDialog<T>
        open={exporting}
        onClose={() => setExporting(false)}
        title={title}
        description={description}
        note={
          <>
            {t('record.csvFile', { name: fileName })}
            <br />
            {t('record.csvCooldownHint', { minutes: LIMITS.CSV_DOWNLOAD_COOLDOWN_S / 60 })}
          </>
        }
        fileName={fileName}
        fetchPage={fetchPage}
        pageSize={LIMITS.DOWNLOAD_PAGE_SIZE}
        maxRows={maxRows}
        toRows={toRows}
        cooldownKey={CSV_COOLDOWN_KEYS[list]}
        testId={testId}
        words={{
          start: t('record.csvStart'),
          progress: (done, total) => t('record.csvProgress', { done, total }),
          done: (count) => t('record.csvDone', { count }),
        }}
      />
    </>
  );
}
