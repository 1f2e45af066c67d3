import { SeasonState } from '@taikai/protocol';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContestDetail } from '../../../api/calls';
import { formatRange } from '../../../components/time';
import { useContestOutlet } from '../useContestRoute';

type Season = ContestDetail['season_list'][number];

const STATE_VIEW: Record<number, { key: string; color: string }> = {
  [SeasonState.PENDING]: { key: 'seasonState.pending', color: 'default' },
  [SeasonState.RUNNING]: { key: 'seasonState.running', color: 'green' },
  [SeasonState.FINISHED]: { key: 'seasonState.finished', color: 'blue' },
  [SeasonState.ENDED]: { key: 'seasonState.ended', color: 'default' },
};

/** The tournament's seasons, as the info tab lists them. */
export function SeasonSummary() {
  const { t } = useTranslation();
  const { contest, routeId } = useContestOutlet();
  return (
    <Card title={t('info.seasons')}>
      <Table<Season>
        data-testid="info-season-list"
        rowKey="season_id"
        size="small"
        pagination={false}
        dataSource={contest.season_list}
        locale={{ emptyText: t('info.noSeasons') }}
        columns={[
          {
            key: 'id',
            title: t('info.seasonId'),
            render: (_, s) => <Link to={`/contest/${routeId}/season/${s.season_id}`}>#{s.season_id}</Link>,
          },
          {
            key: 'state',
            title: t('info.seasonState'),
            render: (_, s) => {
              const view = STATE_VIEW[s.state];
              return view ? <Tag color={view.color}>{t(view.key)}</Tag> : s.state;
            },
          },
          {
            key: 'time',
            title: t('info.seasonTime'),
            render: (_, s) => formatRange(s.start_time, s.end_time),
          },
          { key: 'remark', title: t('info.seasonRemark'), dataIndex: 'remark' },
        ]}
      />
    </Card>
  );
}
