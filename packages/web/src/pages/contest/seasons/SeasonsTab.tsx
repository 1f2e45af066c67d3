import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { SeasonState, SignupType } from '@taikai/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchContestSeasonList, type SeasonItem, updateContestSeason } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { type SeasonSubpage, seasonMenu } from '../../../app/seasonRoutes';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatMinute, formatRange } from '../../../components/time';
import { useContestRights } from '../rights';
import { useContestOutlet } from '../useContestRoute';
import { CreateSeasonDialog } from './CreateSeasonDialog';
import { SeasonRemark } from './SeasonRemark';
import { seasonChanged } from './seasonCache';
import { rankRuleText, SeasonStateTag, signupTypeLabel, spanDays } from './seasonLabels';

/** The buttons of an expanded season row: sub-page, label key and icon. */
const ROW_ACTIONS: { page: SeasonSubpage; label: string; icon: ReactNode; testId: string }[] = [
  { page: '', label: 'seasons.actions.info', icon: <InfoCircleOutlined />, testId: 'info' },
  { page: 'advanced', label: 'seasons.actions.rule', icon: <ExperimentOutlined />, testId: 'rule' },
  { page: 'user', label: 'seasons.actions.players', icon: <TeamOutlined />, testId: 'players' },
  {
    page: 'match-reservation',
    label: 'seasons.actions.createGame',
    icon: <PlayCircleOutlined />,
    testId: 'create-game',
  },
  { page: 'record', label: 'seasons.actions.records', icon: <FileSearchOutlined />, testId: 'records' },
];

/** The tournament's seasons: state, times and remark, sign-up, auto-match, rank rule; create the next one. */
export default function SeasonsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { contest, routeId } = useContestOutlet();
  const uniqueId = contest.unique_id;
  const seasons = useQuery({
    queryKey: keys.seasons(uniqueId),
    queryFn: () => fetchContestSeasonList(uniqueId),
  });
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const [creating, setCreating] = useState(false);

  const list = seasons.data ?? [];
  // Newest first; unfinished seasons open until the organiser folds them.
  const rows = [...list].sort((a, b) => b.season_id - a.season_id);
  const expandedKeys = expanded ?? rows.filter((s) => s.state !== SeasonState.ENDED).map((s) => s.season_id);
  const openSeason = list.find((s) => s.state !== SeasonState.ENDED);
  // Seasons are created and changed by those who manage them (spec §6); others see the list only.
  const rights = useContestRights(contest);
  const managesSeasons = rights.can('manageSeasons');
  const canCreate = seasons.isSuccess && !openSeason && managesSeasons;
  const seasonBase = `/contest/${routeId}/season`;

  const saveRemark = async (season: SeasonItem, remark: string): Promise<boolean> => {
    try {
      const updated = await updateContestSeason({
        unique_id: uniqueId,
        season_id: season.season_id,
        setting: { remark },
      });
      await seasonChanged(queryClient, uniqueId, updated);
      void message.success(t('seasons.remarkSaved'));
      return true;
    } catch {
      return false;
    }
  };

  const createTooltip = !managesSeasons
    ? rights.why('manageSeasons')
    : !seasons.isSuccess
      ? undefined
      : openSeason
        ? t('seasons.createDisabled', { id: openSeason.season_id })
        : undefined;

  const header = (
    <Space>
      <Button
        icon={<ReloadOutlined />}
        loading={seasons.isFetching && !seasons.isPending}
        onClick={() => void seasons.refetch()}
        data-testid="seasons-refresh"
      >
        {t('common.refresh')}
      </Button>
      <Tooltip title={createTooltip}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!canCreate}
          onClick={() => setCreating(true)}
          data-testid="create-season"
        >
          {t('seasons.create')}
        </Button>
      </Tooltip>
    </Space>
  );

  const signupCell = (s: SeasonItem) => {
    const label = signupTypeLabel(t, s.signup_type);
    if (s.signup_type !== SignupType.CHECK) return <Tag>{label}</Tag>;
    return (
      <Space orientation="vertical" size={0}>
        <Tag color="purple">{label}</Tag>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('seasons.signupWindow', {
            start: dayjs.unix(s.signup_start_time).format('YYYY-MM-DD'),
            days: spanDays(s.signup_start_time, s.signup_end_time),
          })}
        </Typography.Text>
      </Space>
    );
  };

  const autoMatchCell = (s: SeasonItem) =>
    s.auto_match ? (
      <Tooltip title={formatRange(s.match_start_time, s.match_end_time)}>
        <Tag color="green">{t('seasons.on')}</Tag>
      </Tooltip>
    ) : (
      <Tag>{t('seasons.off')}</Tag>
    );

  const expandedRow = (s: SeasonItem) => {
    const menu = seasonMenu(s);
    return (
      <Space wrap data-testid={`season-actions-${s.season_id}`}>
        {ROW_ACTIONS.map((action) => {
          const available = menu.includes(action.page);
          return (
            <Tooltip key={action.testId} title={available ? undefined : t('seasons.actionEnded')}>
              <Button
                icon={action.icon}
                type={action.page === '' ? 'primary' : 'default'}
                ghost={action.page === ''}
                disabled={!available}
                onClick={() =>
                  navigate(`${seasonBase}/${s.season_id}${action.page ? `/${action.page}` : ''}`)
                }
                data-testid={`season-action-${action.testId}-${s.season_id}`}
              >
                {t(action.label)}
              </Button>
            </Tooltip>
          );
        })}
      </Space>
    );
  };

  let body: ReactNode;
  if (seasons.isError && !seasons.data) {
    body = (
      <LoadFailedAlert
        retrying={seasons.isFetching}
        onRetry={() => void seasons.refetch()}
        style={{ margin: 16 }}
      />
    );
  } else {
    body = (
      <Table<SeasonItem>
        data-testid="seasons-table"
        rowKey="season_id"
        pagination={false}
        loading={seasons.isPending}
        dataSource={rows}
        locale={{
          emptyText: seasons.isPending ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty description={t('seasons.empty')} data-testid="seasons-empty" />
          ),
        }}
        expandable={{
          expandedRowKeys: expandedKeys as number[],
          onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
          expandedRowRender: expandedRow,
        }}
        columns={[
          {
            key: 'id',
            title: t('seasons.season'),
            width: 110,
            render: (_, s) => (
              <Typography.Link
                strong
                onClick={() => navigate(`${seasonBase}/${s.season_id}`)}
                data-testid={`season-link-${s.season_id}`}
              >
                {t('seasons.seasonNo', { id: s.season_id })}
              </Typography.Link>
            ),
          },
          {
            key: 'state',
            title: t('seasons.state'),
            width: 100,
            render: (_, s) => <SeasonStateTag state={s.state} testId={`season-state-${s.season_id}`} />,
          },
          {
            key: 'time',
            title: t('seasons.timeAndRemark'),
            render: (_, s) => (
              <Space orientation="vertical" size={2}>
                <Typography.Text data-testid={`season-time-${s.season_id}`}>
                  {formatMinute(s.start_time)} ~ {formatMinute(s.end_time)}
                </Typography.Text>
                <SeasonRemark
                  seasonId={s.season_id}
                  remark={s.remark}
                  readOnly={s.state === SeasonState.ENDED || !managesSeasons}
                  onSave={(remark) => saveRemark(s, remark)}
                />
              </Space>
            ),
          },
          {
            key: 'signup',
            title: t('seasons.signup'),
            width: 200,
            render: (_, s) => <span data-testid={`season-signup-${s.season_id}`}>{signupCell(s)}</span>,
          },
          {
            key: 'autoMatch',
            title: t('seasons.autoMatch'),
            width: 110,
            render: (_, s) => autoMatchCell(s),
          },
          {
            key: 'rank',
            title: t('seasons.rankRule'),
            width: 200,
            render: (_, s) => (
              <span data-testid={`season-rank-${s.season_id}`}>
                {rankRuleText(t, s.rank_rule, s.rank_type)}
              </span>
            ),
          },
        ]}
      />
    );
  }

  return (
    <Card
      title={t('seasons.title')}
      extra={header}
      data-testid="seasons-tab"
      styles={{ body: { padding: 0 } }}
    >
      {body}
      <CreateSeasonDialog
        uniqueId={uniqueId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(season) => {
          setCreating(false);
          navigate(`${seasonBase}/${season.season_id}`);
        }}
      />
    </Card>
  );
}
