import { playerCountOf } from '@taikai/protocol';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestDetail } from '../../../api/calls';
import {
  fetchSeasonPlayerData,
  type PlayerData,
  type PlayerGame,
  rankingKeys,
} from '../../../api/ranking-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { publicIdOf } from '../../../components/players/accounts';
import { formatMinute } from '../../../components/time';
import { settledText } from '../../season/record/recordView';
import { averagePlaceText, chartSeries, rateText, seasonsNewestFirst } from './cardView';
import type { PointsChartLabels } from './PointsChart';

// ECharts comes with the chart, in a chunk of its own, when a card first opens.
const PointsChart = lazy(() => import('./PointsChart'));

const PLACE_COLORS = ['gold', 'blue', 'default', 'red'];

export interface CardPlayer {
  account_id: number;
  nickname: string;
}

/** One player's statistics in a season, read when a card opens (and again when its season is chosen). */
function usePlayerData(uniqueId: number, seasonId: number, accountId: number) {
  return useQuery({
    queryKey: rankingKeys.playerData(uniqueId, seasonId, accountId),
    queryFn: () =>
      fetchSeasonPlayerData(
        { unique_id: uniqueId, season_id: seasonId, account_id: accountId },
        { silent: true },
      ),
    retry: false,
  });
}

/**
 * A player card (spec §2 user card modal): the season selector, the player's statistics in that season, the
 * rank/points chart over the season and the latest results.
 */
export function PlayerCardModal({
  contest,
  player,
  seasonId: initialSeasonId,
  onClose,
}: {
  contest: ContestDetail;
  /** The player whose card is open; null when none is. */
  player: CardPlayer | null;
  seasonId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [seasonId, setSeasonId] = useState(initialSeasonId);
  useEffect(() => {
    if (player) setSeasonId(initialSeasonId);
  }, [player, initialSeasonId]);

  return (
    <Modal
      open={player !== null}
      onCancel={onClose}
      footer={null}
      width={920}
      destroyOnHidden
      title={
        player && (
          <Space wrap>
            <span data-testid="card-title">{player.nickname}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              ID {publicIdOf(player.account_id)}
            </Typography.Text>
          </Space>
        )
      }
    >
      {player && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="player-card">
          <Space>
            <Typography.Text>{t('userCards.season')}</Typography.Text>
            <Select
              data-testid="card-season"
              value={seasonId}
              onChange={setSeasonId}
              style={{ width: 200 }}
              options={seasonsNewestFirst(contest.season_list).map((s) => ({
                value: s.season_id,
                label: t('seasons.seasonNo', { id: s.season_id }),
              }))}
            />
          </Space>
          <CardBody contest={contest} seasonId={seasonId} accountId={player.account_id} />
        </Space>
      )}
    </Modal>
  );
}

function CardBody({
  contest,
  seasonId,
  accountId,
}: {
  contest: ContestDetail;
  seasonId: number;
  accountId: number;
}) {
  const data = usePlayerData(contest.unique_id, seasonId, accountId);
  if (data.isPending) {
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  if (data.isError) {
    return <LoadFailedAlert retrying={data.isFetching} onRetry={() => void data.refetch()} />;
  }
  return <CardStats data={data.data} playerCount={playerCountOf(contest.game_mode.mode)} />;
}

function CardStats({ data, playerCount }: { data: PlayerData; playerCount: number }) {
  const { t } = useTranslation();
  const fourth = playerCount === 4 || data.rank_4_count > 0;
  const counts = [data.rank_1_count, data.rank_2_count, data.rank_3_count, data.rank_4_count].slice(
    0,
    fourth ? 4 : 3,
  );
  const series = useMemo(() => chartSeries(data.games), [data.games]);
  const labels = useMemo<PointsChartLabels>(
    () => ({
      cumulative: t('userCards.chart.cumulative'),
      points: t('userCards.chart.points'),
      place: t('userCards.chart.place'),
      game: (n) => t('userCards.chart.game', { n }),
    }),
    [t],
  );

  return (
    <>
      <Descriptions
        data-testid="card-stats"
        size="small"
        bordered
        column={4}
        items={[
          { key: 'games', label: t('userCards.stats.games'), children: data.game_count },
          {
            key: 'rank',
            label: t('userCards.stats.rank'),
            children: data.rank > 0 ? `#${data.rank}` : t('userCards.stats.unranked'),
          },
          {
            key: 'average_rank',
            label: t('userCards.stats.averagePlace'),
            children: averagePlaceText(data.average_rank, data.game_count),
          },
          {
            key: 'average_score',
            label: t('userCards.stats.averageScore'),
            children: data.game_count > 0 ? settledText(data.average_score) : '—',
          },
          ...counts.map((count, i) => ({
            key: `place_${i + 1}`,
            label: t('userCards.stats.placeCount', { place: i + 1 }),
            children: `${count} (${rateText(data.rank_rates[i] ?? 0)})`,
          })),
          { key: 'total', label: t('userCards.stats.total'), children: settledText(data.total_point) },
          {
            key: 'series',
            label: t('userCards.stats.highestSeries'),
            children: settledText(data.highest_series_points),
          },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('userCards.chart.title')}</Typography.Title>
        {series.games.length === 0 ? (
          <Empty data-testid="card-chart-empty" description={t('userCards.noGames')} />
        ) : (
          <Suspense
            fallback={
              <div style={{ height: 280, display: 'grid', placeItems: 'center' }}>
                <Spin />
              </div>
            }
          >
            <PointsChart series={series} labels={labels} playerCount={playerCount} />
          </Suspense>
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('userCards.recent.title')}</Typography.Title>
        <Table<PlayerGame>
          data-testid="card-recent"
          rowKey="uuid"
          size="small"
          pagination={false}
          dataSource={data.recent_games}
          locale={{ emptyText: <Empty description={t('userCards.noGames')} /> }}
          columns={[
            {
              key: 'time',
              title: t('userCards.recent.time'),
              dataIndex: 'end_time',
              render: (time: number) => formatMinute(time),
            },
            {
              key: 'place',
              title: t('userCards.recent.place'),
              dataIndex: 'rank',
              render: (place: number) => (
                <Tag color={PLACE_COLORS[place - 1] ?? 'default'}>
                  {t('userCards.recent.placeN', { place })}
                </Tag>
              ),
            },
            {
              key: 'score',
              title: t('userCards.recent.score'),
              dataIndex: 'total_point',
              align: 'right',
              render: (point: number) => settledText(point),
            },
            {
              key: 'points',
              title: t('userCards.recent.points'),
              dataIndex: 'part_point',
              align: 'right',
              render: (point: number) => point.toLocaleString(),
            },
          ]}
        />
      </div>
    </>
  );
}
