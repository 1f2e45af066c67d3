import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { LIMITS } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { type GamePlan, removeGamePlan } from '../../../api/game-calls';
import { formatMinute } from '../../../components/time';
import { GamesCard } from './GamesCard';
import { planSeats, readyCount, seatColumns, windOf } from './progress';
import { plansKey, plansRefreshMs, useGamePlans } from './queries';
import { SeatCell } from './SeatCell';

/**
 * The season's planned games waiting to start (spec §2 match-manage / reservation-manage): seats with their
 * ready state (green ready, grey not yet; robots always ready), start and expiry, remark; stop a plan.
 */
export function PlannedGamesCard({
  uniqueId,
  seasonId,
  live,
  readOnly,
}: {
  uniqueId: number;
  seasonId: number;
  live: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const plans = useGamePlans(uniqueId, seasonId, { live });
  const list = plans.data ?? [];
  const seats = seatColumns(list.map((p) => ({ seats: p.accounts.length })));
  // While the stream is down: 5 s while a plan waits for players (their ready state), else 30 s.
  const refreshS = (plansRefreshMs(plans.data, false) || LIMITS.RUNNING_REFRESH_MS) / 1000;

  const stop = (plan: GamePlan) =>
    modal.confirm({
      title: t('matchManage.stopTitle', { time: formatMinute(plan.game_start_time) }),
      content: t('matchManage.stopHint'),
      okText: t('matchManage.stop'),
      okButtonProps: { danger: true, 'data-testid': 'plan-stop-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await removeGamePlan({ unique_id: uniqueId, season_id: seasonId, uuid: plan.uuid });
        void message.success(t('matchManage.stopped'));
        await queryClient.invalidateQueries({ queryKey: plansKey(uniqueId, seasonId) });
      },
    });

  return (
    <GamesCard<GamePlan>
      testId="planned"
      title={t('matchManage.plannedTitle')}
      emptyText={t('matchManage.plannedEmpty')}
      query={plans}
      live={live}
      refreshS={refreshS}
      rowKey="uuid"
      rowTestId={(p) => `plan-row-${p.uuid}`}
      columns={[
        {
          title: t('matchManage.startTime'),
          dataIndex: 'game_start_time',
          width: 150,
          render: (time: number) => formatMinute(time),
        },
        {
          title: t('matchManage.expireTime'),
          dataIndex: 'expire_time',
          width: 150,
          render: (time: number) => formatMinute(time),
        },
        ...Array.from({ length: seats }, (_, seat) => ({
          title: t(`matchManage.winds.${windOf(seat)}`),
          key: `seat${seat}`,
          render: (_: unknown, p: GamePlan) => {
            const account = planSeats(p)[seat];
            const ready = account !== undefined && (account.account_id === 0 || account.ready === 1);
            return (
              <SeatCell
                player={account}
                testId={`plan-seat-${p.uuid}-${seat}`}
                extra={
                  account && (
                    <Badge
                      data-testid={`plan-ready-${p.uuid}-${seat}`}
                      data-ready={ready ? '1' : '0'}
                      status={ready ? 'success' : 'default'}
                      text={ready ? t('matchManage.ready') : t('matchManage.notReady')}
                    />
                  )
                }
              />
            );
          },
        })),
        {
          title: t('matchManage.readyCount'),
          key: 'ready',
          render: (_: unknown, p: GamePlan) => {
            const ready = readyCount(p);
            const all = ready === p.accounts.length;
            return (
              <Tag color={all ? 'green' : 'default'} data-testid={`plan-ready-count-${p.uuid}`}>
                {ready} / {p.accounts.length}
              </Tag>
            );
          },
        },
        {
          title: t('matchManage.remark'),
          dataIndex: 'remark',
          render: (remark: string) => (
            <Typography.Text
              type={remark ? undefined : 'secondary'}
              ellipsis={{ tooltip: remark || undefined }}
              style={{ maxWidth: 160 }}
            >
              {remark || '—'}
            </Typography.Text>
          ),
        },
        ...(readOnly
          ? []
          : [
              {
                title: t('matchManage.actions'),
                key: 'actions',
                align: 'right' as const,
                render: (_: unknown, p: GamePlan) => (
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    data-testid={`plan-stop-${p.uuid}`}
                    onClick={() => stop(p)}
                  >
                    {t('matchManage.stop')}
                  </Button>
                ),
              },
            ]),
      ]}
    />
  );
}
