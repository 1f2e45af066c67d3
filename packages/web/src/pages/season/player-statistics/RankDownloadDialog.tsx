import { LIMITS } from '@taikai/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageOf } from '../../../components/export/exportPages';
import { type CsvRow, PagedCsvExportDialog } from '../../../components/export/PagedCsvExportDialog';

/**
 * A ranking download (spec §9): an editable file name, then at most `maxRows` rows read in pages of 100 with a
 * progress bar (cancel stops between two pages), then the CSV file made by `toRows`, header first.
 */
export function RankDownloadDialog<T>({
  open,
  onClose,
  title,
  description,
  defaultName,
  testId,
  maxRows,
  fetchPage,
  toRows,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  defaultName: string;
  testId: string;
  maxRows: number;
  fetchPage: (offset: number, limit: number) => Promise<PageOf<T>>;
  toRows: (items: T[]) => CsvRow[];
}) {
  const { t } = useTranslation();
  return (
    <PagedCsvExportDialog<T>
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      fileName={defaultName}
      fileNameField={{ label: t('playerStats.download.fileName') }}
      fetchPage={fetchPage}
      pageSize={LIMITS.RANK_DOWNLOAD_PAGE_SIZE}
      maxRows={maxRows}
      toRows={toRows}
      testId={testId}
      words={{
        start: t('playerStats.download.start'),
        progress: (done, total) => t('playerStats.download.progress', { done, total }),
        done: (count) => t('playerStats.download.done', { count }),
      }}
    />
  );
}
