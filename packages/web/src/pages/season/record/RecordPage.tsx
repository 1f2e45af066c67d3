import { textFor } from '@taikai/protocol';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSeasonEvents } from '../../../api/season-events';
import { csvFileName } from '../../../components/csv';
import { currentLanguage } from '../../../i18n';
import { gamesReadOnly } from '../match-manage/access';
import type { SeasonPageProps } from '../pageProps';
import { MarkedTab } from './MarkedTab';
import { RecordsTab } from './RecordsTab';
import './record.css';

/** Game records (spec §2 record): the season's records, and the games marked for a yakuman. */
export default function RecordPage(props: SeasonPageProps) {
  const { t } = useTranslation();
  const uniqueId = props.contest.unique_id;
  const seasonId = props.season.season_id;
  // New records appear as games end (the stream reads the lists again).
  useSeasonEvents(uniqueId, seasonId);
  const contestName = textFor(props.contest.contest_name, currentLanguage());
  const fileBase = csvFileName(`${contestName}-season${seasonId}`, `season${seasonId}`).replace(
    /\.csv$/i,
    '',
  );
  return (
    <Card data-testid="record-page">
      <Tabs
        items={[
          {
            key: 'records',
            label: <span data-testid="record-tab-records">{t('record.recordsTab')}</span>,
            children: (
              <RecordsTab
                uniqueId={uniqueId}
                seasonId={seasonId}
                readOnly={gamesReadOnly(props)}
                fileBase={fileBase}
              />
            ),
          },
          {
            key: 'marked',
            label: <span data-testid="record-tab-marked">{t('record.markedTab')}</span>,
            children: <MarkedTab uniqueId={uniqueId} seasonId={seasonId} fileBase={fileBase} />,
          },
        ]}
      />
    </Card>
  );
}
