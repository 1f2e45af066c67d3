import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import { decodeRankRule, LIMITS, playerCountOf, RankRule, SeasonType, textFor } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSeasonPlayerRank, type RankRow } from '../../../api/ranking-calls';
import { useSeasonEvents } from '../../../api/season-events';
import { csvFileName } from '../../../components/csv';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { currentLanguage } from '../../../i18n';
import { rankRuleText } from '../../contest/seasons/seasonLabels';
import type { SeasonPageProps } from '../pageProps';
import { CalcRankModal } from './CalcRankModal';
import { useRankPage } from './queries';
import { RankActions } from './RankActions';
import { RankDownloadDialog } from './RankDownloadDialog';
import { rankColumns, rankCsvWords } from './rankColumns';
import { rankCsvRows, rankDownloadCap, showsFourth, uniqueRows } from './rankView';
import { TeamRankCard } from './TeamRankCard';

import './player-statistics.css';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Player statistics (spec §2): the season's personal ranking under its rank rule, paged by the server and always
 * up to date (the season stream reads it again when a game ends or a record is removed or restored), its CSV
 * download, and the calculated ranking; above it, on team seasons that show it, the team ranking.
 */
export default function PlayerStatisticsPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  useSeasonEvents(uniqueId, seasonId);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [downloading, setDownloading] = useState(false);
  const [calculating, setCalculating] = useState(false);
  // Team seasons show the team ranking while the season's show-team-rank switch is on.
  const showTeamRank = season.rank_type === SeasonType.TEAM && season.show_team_rank === 1;
  const offset = Math.min((page - 1) * pageSize, LIMITS.RANK_INFO_MAX);
  const ranking = useRankPage(uniqueId, seasonId, offset, pageSize);

  const rows = ranking.data?.list ?? [];
  const total = ranking.data?.total ?? 0;
  const rankRule = ranking.data?.rank_rule ?? season.rank_rule;
  const rule = decodeRankRule(rankRule);
  const count = rule && rule.kind !== RankRule.NONE ? rule.count : null;
  const playerCount = playerCountOf(contest.game_mode.mode);
  const fourth = showsFourth(playerCount, rows);
  const cap = rankDownloadCap(contest.max_player_count);
  const contestName = textFor(contest.contest_name, currentLanguage());
  const fileBase = csvFileName(`${contestName}-season${seasonId}`, `season${seasonId}`).replace(
    /\.csv$/i,
    '',
  );

  const fetchRankPage = async (offset: number, limit: number) => {
    const answer = await fetchSeasonPlayerRank({ unique_id: uniqueId, season_id: seasonId, offset, limit });
    return { items: answer.list, total: answer.total };
  };
  const rankCsv = (list: RankRow[]) => {
    const players = uniqueRows(list);
    return rankCsvRows(players, rankCsvWords(t), showsFourth(playerCount, players));
  };

  const personal = (
    <Card
      data-testid="player-statistics-page"
      title={t('playerStats.title')}
      extra={
        <RankActions
          fetching={ranking.isFetching}
          total={total}
          testId="rank"
          onRefresh={() => void ranking.refetch()}
          onDownload={() => setDownloading(true)}
        >
          <Button
            icon={<CalculatorOutlined />}
            onClick={() => setCalculating(true)}
            data-testid="calc-rank-open"
          >
            {t('playerStats.calc.open')}
          </Button>
        </RankActions>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          data-testid="rank-rule"
          message={t('playerStats.ruleLine', {
            rule: rankRuleText(t, rankRule, SeasonType.PERSONAL),
          })}
          description={
            <>
              {count !== null && (
                <>
                  {t('playerStats.qualifiedRule', { count })}
                  <br />
                </>
              )}
              {t('playerStats.fresh')}
              {season.rank_type === SeasonType.TEAM && !showTeamRank && (
                <>
                  <br />
                  {t('playerStats.teamRankOff')}
                </>
              )}
            </>
          }
        />
        {ranking.isError ? (
          <LoadFailedAlert retrying={ranking.isFetching} onRetry={() => void ranking.refetch()} />
        ) : (
          <Table<RankRow>
            data-testid="rank-table"
            rowKey="account_id"
            size="middle"
            columns={rankColumns(t, fourth, count)}
            dataSource={rows}
            loading={ranking.isPending || (ranking.isFetching && ranking.isPlaceholderData)}
            rowClassName={(row) => (row.qualified === 1 ? '' : 'rank-row-unqualified')}
            locale={{
              emptyText: <Empty data-testid="rank-empty" description={t('playerStats.empty')} />,
            }}
            pagination={{
              current: page,
              pageSize,
              total: Math.min(total, LIMITS.RANK_INFO_MAX),
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showTotal: () =>
                total > LIMITS.RANK_INFO_MAX
                  ? t('playerStats.totalCapped', { count: total, max: LIMITS.RANK_INFO_MAX })
                  : t('playerStats.totalPlayers', { count: total }),
              onChange: (p, size) => {
                setPage(size !== pageSize ? 1 : p);
                setPageSize(size);
              },
            }}
          />
        )}
        <Typography.Text type="secondary">{t('playerStats.scoreHint')}</Typography.Text>
      </Space>
      <RankDownloadDialog
        open={downloading}
        title={t('playerStats.download.title')}
        description={t('playerStats.download.description', { max: cap.rows, pages: cap.pages })}
        defaultName={`${fileBase}-ranking.csv`}
        testId="rank-download"
        maxRows={cap.rows}
        fetchPage={fetchRankPage}
        toRows={rankCsv}
        onClose={() => setDownloading(false)}
      />
      <CalcRankModal
        open={calculating}
        onClose={() => setCalculating(false)}
        uniqueId={uniqueId}
        seasonId={seasonId}
        playerCount={playerCount}
        maxPlayerCount={contest.max_player_count}
        fileBase={fileBase}
      />
    </Card>
  );
  if (!showTeamRank) return personal;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <TeamRankCard contest={contest} season={season} fileBase={fileBase} />
      {personal}
    </Space>
  );
}
