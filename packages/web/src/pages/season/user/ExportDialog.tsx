import { LIMITS } from '@taikai/protocol';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '../../../api/calls';
import { PagedCsvExportDialog } from '../../../components/export/PagedCsvExportDialog';
import { publicIdOf } from '../../../components/players/accounts';
import { fetchRosterPage } from './queries';

/** The default file name of a roster export. */
export function rosterFileName(contestName: string, seasonId: number): string {
  return `${contestName}-season${seasonId}-roster.csv`;
}

/** CSV export of the whole roster under an editable file name: nickname, public id, remark. */
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
  return (
    <PagedCsvExportDialog<SeasonPlayer>
      open={open}
      onClose={onClose}
      title={t('roster.exportTitle')}
      fileName={defaultName}
      fileNameField={{ label: t('roster.fileName'), extra: t('roster.exportColumns') }}
      fetchPage={(offset, limit) => fetchRosterPage(uniqueId, seasonId, offset, limit)}
      pageSize={LIMITS.DOWNLOAD_PAGE_SIZE}
      toRows={(players) => [
        [t('players.nickname'), t('players.publicId'), t('players.remark')],
        ...players.map((p) => [p.nickname, publicIdOf(p.account_id), p.remark]),
      ]}
      testId="roster-export"
      words={{
        start: t('roster.exportStart'),
        progress: (done, total) => t('roster.exporting', { done, total }),
        done: (count) => t('roster.exported', { count }),
      }}
    />
  );
}
