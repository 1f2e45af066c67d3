import { LIMITS } from '@taikai/protocol';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { FailedGame } from '../../../api/game-calls';
import { publicIdOf } from '../../../components/players/accounts';
import { formatMinute } from '../../../components/time';
import { GamesCard } from './GamesCard';
import { seatColumns, windOf } from './progress';
import { useFailedGames } from './queries';
import { SeatCell } from './SeatCell';

/** The name a failed table's reason is about: its seat's nickname, else its public id. */
function playerNamed(game: FailedGame): string {
  const seat = game.players.find((p) => p.account_id === game.account_id);
  return seat?.nickname || String(publicIdOf(game.account_id));
}

/**
 * The season's failed tables (newest first): games that failed to start or stopped on an engine error, with the
 * engine's own words shown as they are, and plans cancelled because a seat was taken off the roster, blacklisted
 * or banned. Their players are free to be planned again.
 */
export function FailedGamesCard({
  uniqueId,
  seasonId,
  live,
}: {
  uniqueId: number;
  seasonId: number;
  live: boolean;
}) {
  const { t } = useTranslation();
  const failed = useFailedGames(uniqueId, seasonId, live);
  const seats = seatColumns((failed.data ?? []).map((g) => ({ seats: g.players.length })));
  return (
    <GamesCard<FailedGame>
      testId="failed"
      title={t('matchManage.failedTitle')}
      emptyText={t('matchManage.failedEmpty')}
      query={failed}
      live={live}
      refreshS={LIMITS.RUNNING_REFRESH_S}
      rowKey="uuid"
      rowTestId={(g) => `failed-row-${g.uuid}`}
      columns={[
        {
          title: t('matchManage.failedTime'),
          dataIndex: 'stop_time',
          width: 150,
          render: (time: number) => formatMinute(time),
        },
        {
          title: t('matchManage.failedKind'),
          dataIndex: 'kind',
          render: (kind: FailedGame['kind']) => (
            <Tag>{t(kind === 'game' ? 'matchManage.failedGame' : 'matchManage.failedPlan')}</Tag>
          ),
        },
        { title: t('matchManage.tag'), dataIndex: 'tag' },
        ...Array.from({ length: seats }, (_, seat) => ({
          title: t(`matchManage.winds.${windOf(seat)}`),
          key: `seat${seat}`,
          render: (_: unknown, g: FailedGame) => (
            <SeatCell player={g.players[seat]} testId={`failed-seat-${g.uuid}-${seat}`} />
          ),
        })),
        {
          title: t('matchManage.failedReason'),
          key: 'reason',
          render: (_: unknown, g: FailedGame) => (
            <Space orientation="vertical" size={0} data-testid={`failed-reason-${g.uuid}`}>
              <Typography.Text type="danger">
                {t(`matchManage.failReasons.${g.reason}`, { name: playerNamed(g) })}
              </Typography.Text>
              {g.detail && (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12, maxWidth: 360 }}
                  ellipsis={{ tooltip: g.detail }}
                  data-testid={`failed-detail-${g.uuid}`}
                >
                  {g.detail}
                </Typography.Text>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
