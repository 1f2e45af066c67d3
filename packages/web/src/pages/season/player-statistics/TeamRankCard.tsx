import EditOutlined from '@ant-design/icons/EditOutlined';
import { LIMITS, SeasonState } from '@taikai/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestDetail } from '../../../api/calls';
import {
  fetchTeamRank,
  refreshAfterTeamChange,
  type TeamRow,
  teamKeys,
  updateTeam,
} from '../../../api/team-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { shortDetail } from '../../../components/teams/teamText';
import { rightsOf } from '../../contest/rights';
import type { SeasonListItem } from '../pageProps';
import { settledText } from '../record/recordView';
import { RankActions } from './RankActions';
import { RankDownloadDialog } from './RankDownloadDialog';
import { TeamScoreDialog } from './TeamScoreDialog';
import { type TeamRankCsvWords, teamRankCsvRows, uniqueTeams } from './teamRankView';

/**
 * The whole team ranking (at most 300 teams), read without a toast. Its key sits under the season's rankings:
 * the season stream reads it again when a game ends or a record is removed or restored.
 */
function useTeamRank(uniqueId: number, seasonId: number) {
  const limit = LIMITS.TEAM_RANK_LIMIT;
  return useQuery({
    queryKey: [...teamKeys.rank(uniqueId, seasonId), { offset: 0, limit }] as const,
    queryFn: () =>
      fetchTeamRank({ unique_id: uniqueId, season_id: seasonId, offset: 0, limit }, { silent: true }),
    placeholderData: keepPreviousData,
  });
}

function teamRankCsvWords(t: TFunction): TeamRankCsvWords {
  return {
    rank: t('teamRank.rank'),
    team: t('teamRank.team'),
    detail: t('teamRank.detail'),
    members: t('teamRank.members'),
    games: t('teamRank.games'),
    totalPoint: t('teamRank.totalPoint'),
    scoreChange: t('teamRank.scoreChange'),
    changeDetail: t('teamRank.changeDetail'),
    totalScore: t('teamRank.totalScore'),
  };
}

/**
 * The team ranking of a team season (shown while the season's show-team-rank switch is on): rank, team, members,
 * games, total point, the organiser's score change with its note, and total score; refresh, CSV download, and
 * the score change of each team.
 */
export function TeamRankCard({
  contest,
  season,
  fileBase,
}: {
  contest: ContestDetail;
  season: SeasonListItem;
  fileBase: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  // A team's score change is a roster change (creator, admins, player managers), in a season not ended.
  const readOnly = season.state === SeasonState.ENDED || !rightsOf(contest).can('manageRoster');
  const ranking = useTeamRank(uniqueId, seasonId);
  const [downloading, setDownloading] = useState(false);
  const [changing, setChanging] = useState<TeamRow | null>(null);
  const rows = ranking.data?.list ?? [];
  const total = ranking.data?.total ?? 0;

  const fetchPage = async (offset: number, limit: number) => {
    const answer = await fetchTeamRank({ unique_id: uniqueId, season_id: seasonId, offset, limit });
    return { items: answer.list, total: answer.total };
  };

  const saveChange = async (team: TeamRow, change: { modify_score: number; modify_detail: string }) => {
    await updateTeam({ unique_id: uniqueId, season_id: seasonId, team_id: team.team_id, ...change });
    void message.success(t('teamRank.change.done', { name: team.name }));
    await refreshAfterTeamChange(queryClient, uniqueId, seasonId);
  };

  return (
    <Card
      data-testid="team-rank-card"
      title={t('teamRank.title')}
      extra={
        <RankActions
          fetching={ranking.isFetching}
          total={total}
          testId="team-rank"
          onRefresh={() => void ranking.refetch()}
          onDownload={() => setDownloading(true)}
        />
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {ranking.isError ? (
          <LoadFailedAlert retrying={ranking.isFetching} onRetry={() => void ranking.refetch()} />
        ) : (
          <Table<TeamRow>
            data-testid="team-rank-table"
            rowKey="team_id"
            size="middle"
            dataSource={rows}
            loading={ranking.isPending}
            locale={{
              emptyText: <Empty data-testid="team-rank-empty" description={t('teamRank.empty')} />,
            }}
            pagination={{
              pageSize: 20,
              hideOnSinglePage: true,
              showSizeChanger: false,
              showTotal: (count) => t('teamRank.totalTeams', { count }),
            }}
            columns={[
              { key: 'rank', title: t('teamRank.rank'), dataIndex: 'rank', width: 72, align: 'center' },
              {
                key: 'team',
                title: t('teamRank.team'),
                render: (_, team) => (
                  <div>
                    <Typography.Text strong data-testid={`team-rank-name-${team.team_id}`}>
                      {team.name}
                    </Typography.Text>
                    {team.detail && (
                      <>
                        <br />
                        <Tooltip title={shortDetail(team.detail) !== team.detail ? team.detail : undefined}>
                          <Typography.Text type="secondary">{shortDetail(team.detail)}</Typography.Text>
                        </Tooltip>
                      </>
                    )}
                  </div>
                ),
              },
              {
                key: 'members',
                title: t('teamRank.members'),
                dataIndex: 'member_count',
                align: 'right',
                width: 90,
              },
              {
                key: 'games',
                title: t('teamRank.games'),
                dataIndex: 'total_game_count',
                align: 'right',
                width: 90,
              },
              {
                key: 'point',
                title: t('teamRank.totalPoint'),
                dataIndex: 'total_point',
                align: 'right',
                width: 120,
                render: (point: number) => settledText(point),
              },
              {
                key: 'change',
                title: t('teamRank.scoreChange'),
                align: 'right',
                width: 200,
                render: (_, team) => (
                  <Space size={4} data-testid={`team-rank-change-${team.team_id}`}>
                    <span>
                      <Typography.Text type={team.modify_score === 0 ? 'secondary' : undefined}>
                        {team.modify_score > 0 ? '+' : ''}
                        {settledText(team.modify_score)}
                      </Typography.Text>
                      {team.modify_detail && (
                        <>
                          <br />
                          <Typography.Text
                            type="secondary"
                            ellipsis={{ tooltip: team.modify_detail }}
                            style={{ maxWidth: 150 }}
                          >
                            {team.modify_detail}
                          </Typography.Text>
                        </>
                      )}
                    </span>
                    {!readOnly && (
                      <Tooltip title={t('teamRank.change.open')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('teamRank.change.open')}
                          data-testid={`team-rank-change-open-${team.team_id}`}
                          onClick={() => setChanging(team)}
                        />
                      </Tooltip>
                    )}
                  </Space>
                ),
              },
              {
                key: 'total',
                title: t('teamRank.totalScore'),
                dataIndex: 'total_score',
                align: 'right',
                width: 120,
                render: (score: number, team) => (
                  <Typography.Text strong data-testid={`team-rank-total-${team.team_id}`}>
                    {settledText(score)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        )}
        <Typography.Text type="secondary">{t('teamRank.hint')}</Typography.Text>
      </Space>
      <RankDownloadDialog
        open={downloading}
        title={t('teamRank.downloadTitle')}
        description={t('teamRank.downloadDescription', { max: LIMITS.TEAMS_MAX })}
        defaultName={`${fileBase}-team-ranking.csv`}
        testId="team-rank-download"
        maxRows={LIMITS.TEAMS_MAX}
        fetchPage={fetchPage}
        toRows={(list: TeamRow[]) => teamRankCsvRows(uniqueTeams(list), teamRankCsvWords(t))}
        onClose={() => setDownloading(false)}
      />
      <TeamScoreDialog team={changing} onCancel={() => setChanging(null)} onSave={saveChange} />
    </Card>
  );
}
