import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
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
import { collectPages } from '../record/exportPages';
import type { SeasonPageProps } from '../subpages';
import { CalcRankModal } from './CalcRankModal';
import { useRankPage } from './queries';
import { RankDownloadDialog } from './RankDownloadDialog';
import { rankColumns, rankCsvWords } from './rankColumns';
import { rankCsvRows, rankDownloadCap, showsFourth, uniqueRows } from './rankView';

import './player-statistics.css';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Player statistics (spec §2): the season's personal ranking under its rank rule, paged by the server and always
 * up to date (the season stream reads it again when a game ends or a record is removed or restored), its CSV
 * download, and the calculated ranking. The team ranking joins with teams.
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

  const collect = async (onProgress: (done: number, total: number) => void, cancelled: () => boolean) => {
    const list = await collectPages<RankRow>(
      async (from, limit) => {
        const answer = await fetchSeasonPlayerRank({
          unique_id: uniqueId,
          season_id: seasonId,
          offset: from,
          limit,
        });
        return { items: answer.list, total: answer.total };
      },
      { pageSize: LIMITS.RANK_DOWNLOAD_PAGE_SIZE, maxItems: cap.rows, onProgress, cancelled },
    );
    if (!list) return null;
    const players = uniqueRows(list);
    return rankCsvRows(players, rankCsvWords(t), showsFourth(playerCount, players));
  };

  return (
    <Card
      data-testid="player-statistics-page"
      title={t('playerStats.title')}
      extra={
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            loading={ranking.isFetching}
            onClick={() => void ranking.refetch()}
            data-testid="rank-refresh"
          >
            {t('common.refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={total === 0}
            onClick={() => setDownloading(true)}
            data-testid="rank-download"
          >
            {t('playerStats.download.button')}
          </Button>
          <Button
            icon={<CalculatorOutlined />}
            onClick={() => setCalculating(true)}
            data-testid="calc-rank-open"
          >
            {t('playerStats.calc.open')}
          </Button>
        </Space>
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
              {season.rank_type === SeasonType.TEAM && (
                <>
                  <br />
                  {t('playerStats.teamLater')}
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
        collect={collect}
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
}
