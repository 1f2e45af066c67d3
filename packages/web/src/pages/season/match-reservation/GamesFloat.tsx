import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GamePlan, RunningGame } from '../../../api/game-calls';
import { formatMinute } from '../../../components/time';

/** How many games of each list the floating panel shows (spec §2). */
export const FLOAT_SHOWN = 5;

const WINDS = ['east', 'south', 'west', 'north'] as const;

/** "East 2, 1 honba": a running game's wind, hand and honba. */
export function useRoundText() {
  const { t } = useTranslation();
  return (game: Pick<RunningGame, 'chang' | 'ju' | 'ben'>) =>
    t('matchReservation.round', {
      wind: t(`matchReservation.winds.${WINDS[game.chang % 4]}`),
      ju: game.ju + 1,
      ben: game.ben,
    });
}

function names(players: readonly { account_id: number; nickname?: string }[], robot: string): string {
  return players.map((p) => (p.account_id === 0 ? robot : (p.nickname ?? String(p.account_id)))).join(' · ');
}

/**
 * The floating panel of running and planned games (spec §2): the first 5 of each with their totals, and a
 * link to match management. It floats in the page's side column, under the ready players, so it stays in view
 * without covering the seats or the batch plans; it folds down to a bar with the two totals.
 */
export function GamesFloat({
  running,
  plans,
  loading,
  failed,
  manageTo,
}: {
  running: readonly RunningGame[] | undefined;
  plans: readonly GamePlan[] | undefined;
  loading: boolean;
  /** A list could not be read (and none is cached). */
  failed: boolean;
  manageTo: string;
}) {
  const { t } = useTranslation();
  const round = useRoundText();
  const navigate = useNavigate();
  // Open at first (it covers nothing); folded, it is a bar with the two totals.
  const [open, setOpen] = useState(true);
  const robot = t('matchReservation.robot');
  const runningCount = running?.length ?? 0;
  const planCount = plans?.length ?? 0;

  return (
    <div className="reservation-float" data-testid="games-float">
      <button
        type="button"
        className="reservation-float-head"
        data-testid="games-float-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Space size={12}>
          <Badge status="processing" text={t('matchReservation.runningTotal', { count: runningCount })} />
          <Badge status="default" text={t('matchReservation.plannedTotal', { count: planCount })} />
        </Space>
        {open ? <DownOutlined /> : <UpOutlined />}
      </button>
      {open && (
        <div className="reservation-float-body">
          {loading ? (
            <Spin style={{ display: 'block', margin: '16px auto' }} />
          ) : failed ? (
            <Typography.Text type="danger" data-testid="games-float-failed">
              {t('common.loadFailed')}
            </Typography.Text>
          ) : (
            <>
              <Typography.Text strong>{t('matchReservation.runningTitle')}</Typography.Text>
              {runningCount === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('matchReservation.noRunning')} />
              ) : (
                <ul className="reservation-float-list" data-testid="float-running">
                  {running?.slice(0, FLOAT_SHOWN).map((g) => (
                    <li key={g.game_uuid}>
                      <Typography.Text ellipsis style={{ maxWidth: 270 }}>
                        {names(g.players, robot)}
                      </Typography.Text>
                      <Space size={4}>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {round(g)}
                        </Typography.Text>
                        {g.paused === 1 && <Tag color="orange">{t('matchReservation.paused')}</Tag>}
                      </Space>
                    </li>
                  ))}
                </ul>
              )}
              <Divider style={{ margin: '8px 0' }} />
              <Typography.Text strong>{t('matchReservation.plannedTitle')}</Typography.Text>
              {planCount === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('matchReservation.noPlanned')} />
              ) : (
                <ul className="reservation-float-list" data-testid="float-planned">
                  {plans?.slice(0, FLOAT_SHOWN).map((p) => (
                    <li key={p.uuid}>
                      <Typography.Text ellipsis style={{ maxWidth: 270 }}>
                        {p.accounts.map((a, i) => (
                          <span key={`${a.seat}:${a.account_id}`}>
                            {i > 0 && ' · '}
                            <Badge status={a.ready === 1 ? 'success' : 'default'} />
                            {a.account_id === 0 ? robot : a.nickname}
                          </span>
                        ))}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('matchReservation.startsAt', { time: formatMinute(p.game_start_time) })}
                        {p.remark && ` · ${p.remark}`}
                      </Typography.Text>
                    </li>
                  ))}
                </ul>
              )}
              <div style={{ textAlign: 'right', marginTop: 8 }}>
                <Button size="small" data-testid="float-manage" onClick={() => navigate(manageTo)}>
                  {t('matchReservation.toManage')}
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
