import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { LIMITS } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  pauseRunningGame,
  type RunningGame,
  terminateRunningGame,
  updateGameRemark,
} from '../../../api/game-calls';
import { RemarkCell } from '../../../components/players/RemarkCell';
import { formatMinute } from '../../../components/time';
import { watchPath } from '../../play/watch/watchPath';
import { GamesCard } from './GamesCard';
import { handOf, pauseEndFormat, seatColumns, windOf } from './progress';
import { runningKey, useRunningGames } from './queries';
import { SeatCell } from './SeatCell';
import { TerminateDialog } from './TerminateDialog';

/**
 * The season's running games (spec §2 match-manage): start, tag, seats E,S,W,N with their scores, the hand in
 * progress, pause state; watch it (anyone who may open this page may watch), pause or resume, and terminate by
 * typing CLOSE.
 */
export function RunningGamesCard({
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
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const running = useRunningGames(uniqueId, seasonId, live);
  const [busy, setBusy] = useState<string | null>(null);
  const [terminating, setTerminating] = useState<RunningGame | null>(null);
  const games = running.data ?? [];
  const seats = seatColumns(games.map((g) => ({ seats: g.players.length })));
  const reload = () => queryClient.invalidateQueries({ queryKey: runningKey(uniqueId, seasonId) });

  const saveTag = async (game: RunningGame, remark: string) => {
    await updateGameRemark({ unique_id: uniqueId, uuid: game.game_uuid, remark });
    void message.success(t('matchManage.tagSaved'));
    await reload();
  };

  const pause = async (game: RunningGame, resume: 1 | 2) => {
    setBusy(game.game_uuid);
    try {
      await pauseRunningGame({ unique_id: uniqueId, game_uuid: game.game_uuid, resume });
      void message.success(t(resume === 1 ? 'matchManage.paused' : 'matchManage.resumed'));
    } catch {
      // the client has shown the error (1209 already paused, 1210 already running, …)
    } finally {
      setBusy(null);
      void reload();
    }
  };

  const terminate = async (game: RunningGame) => {
    await terminateRunningGame({ unique_id: uniqueId, uuid: game.game_uuid });
    void message.success(t('matchManage.terminated'));
    await reload();
  };

  const now = dayjs().unix();

  return (
    <GamesCard<RunningGame>
      testId="running"
      title={t('matchManage.runningTitle')}
      emptyText={t('matchManage.runningEmpty')}
      query={running}
      live={live}
      refreshS={LIMITS.RUNNING_REFRESH_S}
      rowKey="game_uuid"
      rowTestId={(g) => `running-row-${g.game_uuid}`}
      columns={[
        {
          title: t('matchManage.startTime'),
          dataIndex: 'start_time',
          width: 150,
          render: (time: number) => formatMinute(time),
        },
        {
          title: t('matchManage.tag'),
          dataIndex: 'tag',
          render: (tag: string, g: RunningGame) => (
            <RemarkCell
              kind="game"
              value={tag}
              readOnly={readOnly}
              testId={`running-tag-${g.game_uuid}`}
              onSave={(next) => saveTag(g, next)}
            />
          ),
        },
        ...Array.from({ length: seats }, (_, seat) => ({
          title: t(`matchManage.winds.${windOf(seat)}`),
          key: `seat${seat}`,
          render: (_: unknown, g: RunningGame) => (
            <SeatCell
              player={g.players[seat]}
              testId={`running-seat-${g.game_uuid}-${seat}`}
              extra={
                g.players[seat] && (
                  <Typography.Text data-testid={`running-score-${g.game_uuid}-${seat}`}>
                    {t('matchManage.points', { points: g.scores[seat] ?? g.players[seat].score })}
                  </Typography.Text>
                )
              }
            />
          ),
        })),
        {
          title: t('matchManage.progress'),
          key: 'progress',
          render: (_: unknown, g: RunningGame) => {
            const { wind, hand } = handOf(g);
            return (
              <Space orientation="vertical" size={0} data-testid={`running-progress-${g.game_uuid}`}>
                <Typography.Text strong>
                  {t('matchManage.hand', { wind: t(`matchManage.winds.${wind}`), hand })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('matchManage.honba', { count: g.ben })} ·{' '}
                  {t('matchManage.sticks', { count: g.liqibang })}
                </Typography.Text>
              </Space>
            );
          },
        },
        {
          title: t('matchManage.state'),
          key: 'state',
          render: (_: unknown, g: RunningGame) =>
            g.paused === 1 ? (
              <Tag color="orange" data-testid={`running-paused-${g.game_uuid}`}>
                {g.pause_until > 0
                  ? t('matchManage.pausedUntil', {
                      time: dayjs.unix(g.pause_until).format(pauseEndFormat(g.pause_until, now)),
                    })
                  : t('matchManage.pausedTag')}
              </Tag>
            ) : (
              <Tag color="green">{t('matchManage.runningTag')}</Tag>
            ),
        },
        {
          title: t('matchManage.actions'),
          key: 'actions',
          align: 'right' as const,
          render: (_: unknown, g: RunningGame) => (
            <Space>
              <Button
                size="small"
                icon={<EyeOutlined />}
                href={watchPath(uniqueId, g.game_uuid)}
                data-testid={`running-watch-${g.game_uuid}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(watchPath(uniqueId, g.game_uuid));
                }}
              >
                {t('matchManage.watch')}
              </Button>
              {readOnly ? null : (
                <>
                  {g.paused === 1 ? (
                    <Button
                      size="small"
                      icon={<PlayCircleOutlined />}
                      loading={busy === g.game_uuid}
                      data-testid={`running-resume-${g.game_uuid}`}
                      onClick={() => void pause(g, 2)}
                    >
                      {t('matchManage.resume')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      icon={<PauseCircleOutlined />}
                      loading={busy === g.game_uuid}
                      data-testid={`running-pause-${g.game_uuid}`}
                      onClick={() => void pause(g, 1)}
                    >
                      {t('matchManage.pause')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    data-testid={`running-terminate-${g.game_uuid}`}
                    onClick={() => setTerminating(g)}
                  >
                    {t('matchManage.terminate')}
                  </Button>
                </>
              )}
            </Space>
          ),
        },
      ]}
    >
      <TerminateDialog game={terminating} onCancel={() => setTerminating(null)} onTerminate={terminate} />
    </GamesCard>
  );
}
