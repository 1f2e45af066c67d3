import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { LIMITS, SeasonState, textFor } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markSeasonPlayer } from '../../../api/calls';
import { useSeasonEvents } from '../../../api/season-events';
import {
  addTeamMembers,
  clearTeamMembers,
  clearTeams,
  createTeams,
  deleteTeam,
  deleteTeamMembers,
  type MemberFailure,
  refreshAfterTeamChange,
  type TeamMemberRow,
  type TeamRow,
  updateTeam,
} from '../../../api/team-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { publicIdOf } from '../../../components/players/accounts';
import type { TeamTextDraft } from '../../../components/teams/TeamTextFields';
import { currentLanguage } from '../../../i18n';
import { useContestRights } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';
import { AddMemberDialog, type MemberCandidate } from './AddMemberDialog';
import { CreateTeamCard } from './CreateTeamCard';
import { ExportTeamsDialog } from './ExportTeamsDialog';
import { ImportTeamsDialog } from './ImportTeamsDialog';
import { reportMemberFailures } from './memberFailures';
import { useTeamList } from './queries';
import { TeamInfoDialog } from './TeamInfoDialog';
import { type TeamActions, TeamHeader, TeamPanelBody } from './TeamPanel';
import { type TeamSearchType, teamSearchQuery } from './teamView';

import './team-manager.css';

/** Search results this short open their panels at once. */
const OPEN_FOUND_MAX = 5;

/**
 * Team manager (spec §2, team seasons): the season's teams (n / 300) with search by nickname and id, team name or
 * nickname; collapsible team panels with their members; the create-team card while under 300; export to and
 * import from a spreadsheet, and clearing every team. An ended season shows its teams read-only.
 */
export default function TeamManagerPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  const seasonEnded = season.state === SeasonState.ENDED;
  // Teams are part of the roster: changed by those the policy lets (creator, admins, player managers).
  const rights = useContestRights(contest);
  const readOnly = seasonEnded || !rights.can('manageRoster');
  const base = { unique_id: uniqueId, season_id: seasonId };
  // Another organiser's team changes show here as they are made.
  useSeasonEvents(uniqueId, seasonId);

  const [searchType, setSearchType] = useState<TeamSearchType>(0);
  const [searchText, setSearchText] = useState('');
  const [typed, setTyped] = useState('');
  const search = teamSearchQuery(searchType, searchText);
  const teams = useTeamList(uniqueId, seasonId, search);
  const list = teams.data?.list ?? [];
  const teamCount = teams.data?.team_count ?? 0;
  const searching = searchText !== '';

  const [openPanels, setOpenPanels] = useState<string[]>([]);
  const [adding, setAdding] = useState<TeamRow | null>(null);
  const [editing, setEditing] = useState<TeamRow | null>(null);
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);

  // A new search that finds a few teams opens them, so the member searched for is in sight.
  const found = teams.isPlaceholderData ? null : teams.data?.list;
  const openedFor = useRef('');
  useEffect(() => {
    const key = `${searchType}:${searchText}`;
    if (searchText === '' || !found || openedFor.current === key) return;
    openedFor.current = key;
    if (found.length <= OPEN_FOUND_MAX) setOpenPanels(found.map((x) => String(x.team_id)));
  }, [searchType, searchText, found]);

  const refresh = () => refreshAfterTeamChange(queryClient, uniqueId, seasonId);
  const contestName = textFor(contest.contest_name, currentLanguage());

  const create = async (team: TeamTextDraft) => {
    const answer = await createTeams({ ...base, team_list: [team] });
    void message.success(t('teams.create.done', { name: answer.res[0]?.team_name ?? team.name }));
    await refresh();
  };

  const saveInfo = async (team: TeamRow, next: TeamTextDraft) => {
    await updateTeam({ ...base, team_id: team.team_id, name: next.name, detail: next.detail });
    void message.success(t('teams.info.saved'));
    await refresh();
  };

  const addMembers = async (team: TeamRow, accounts: MemberCandidate[]) => {
    const failures: MemberFailure[] = [];
    let added = 0;
    for (let i = 0; i < accounts.length; i += LIMITS.TEAM_MEMBER_ADD_BATCH) {
      const batch = accounts.slice(i, i + LIMITS.TEAM_MEMBER_ADD_BATCH);
      try {
        const answer = await addTeamMembers({ ...base, team_id: team.team_id, member_list: batch });
        added += answer.success.length;
        failures.push(...answer.errors);
      } catch (error) {
        // the client has shown the error; what an earlier batch added stays
        if (added > 0) await refresh();
        throw error;
      }
    }
    if (added > 0) void message.success(t('teams.add.done', { count: added, name: team.name }));
    reportMemberFailures(modal, failures, new Map(accounts.map((a) => [a.account_id, a.nickname])));
    await refresh();
    return failures.length === 0 || added > 0;
  };

  const actions: TeamActions = {
    addMember: setAdding,
    editInfo: setEditing,
    clearMembers: (team) =>
      modal.confirm({
        title: t('teams.clearMembers.title', { name: team.name, count: team.member_count }),
        content: t('teams.clearMembers.hint'),
        okText: t('teams.panel.clearMembers'),
        okButtonProps: { danger: true, 'data-testid': 'team-clear-confirm' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          const answer = await clearTeamMembers({ ...base, team_id: team.team_id });
          void message.success(t('teams.clearMembers.done', { count: answer.success.length }));
          await refresh();
        },
      }),
    deleteTeam: (team) =>
      modal.confirm({
        title: t('teams.deleteTeam.title', { name: team.name }),
        content: t('teams.deleteTeam.hint'),
        okText: t('teams.panel.deleteTeam'),
        okButtonProps: { danger: true, 'data-testid': 'team-delete-confirm' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          await deleteTeam({ ...base, team_id: team.team_id });
          void message.success(t('teams.deleteTeam.done', { name: team.name }));
          setOpenPanels((open) => open.filter((key) => key !== String(team.team_id)));
          await refreshAfterTeamChange(queryClient, uniqueId, seasonId, [team.team_id]);
        },
      }),
    removeMember: (team, member: TeamMemberRow) =>
      modal.confirm({
        title: t('teams.removeMember.title', {
          name: member.nickname,
          id: publicIdOf(member.account_id),
          team: team.name,
        }),
        content: t('teams.removeMember.hint'),
        okText: t('teams.panel.removeMember'),
        okButtonProps: { danger: true, 'data-testid': 'team-member-delete-confirm' },
        cancelText: t('common.cancel'),
        onOk: async () => {
          await deleteTeamMembers({ ...base, team_id: team.team_id, account_id_list: [member.account_id] });
          void message.success(t('teams.removeMember.done', { name: member.nickname }));
          await refresh();
        },
      }),
    saveRemark: async (_team, member, remark) => {
      await markSeasonPlayer({ ...base, account_id: member.account_id, remark });
      void message.success(t('players.remarkSaved'));
      await refresh();
    },
  };

  const confirmClearAll = () =>
    modal.confirm({
      title: t('teams.clearAll.title', { count: teamCount }),
      content: t('teams.clearAll.hint'),
      okText: t('teams.clearAll.ok'),
      okButtonProps: { danger: true, 'data-testid': 'team-clear-all-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const answer = await clearTeams(base);
        void message.success(t('teams.clearAll.done', { count: answer.deleted }));
        setOpenPanels([]);
        await refreshAfterTeamChange(queryClient, uniqueId, seasonId, 'all');
      },
    });

  const ended = seasonEnded ? t('players.endedReason') : rights.why('manageRoster');
  const full = teamCount >= LIMITS.TEAMS_MAX;

  const teamPanels = () => {
    if (teams.isError) {
      return <LoadFailedAlert retrying={teams.isFetching} onRetry={() => void teams.refetch()} />;
    }
    if (teams.isPending) return <Skeleton active data-testid="team-list-loading" />;
    if (list.length === 0) {
      return (
        <Empty
          data-testid="team-list-empty"
          description={searching ? t('teams.list.noMatch', { search: searchText }) : t('teams.list.empty')}
        />
      );
    }
    return (
      <Collapse
        data-testid="team-list"
        destroyOnHidden
        activeKey={openPanels}
        onChange={(keys) => setOpenPanels(Array.isArray(keys) ? keys : [keys])}
        items={list.map((team) => ({
          key: String(team.team_id),
          label: <TeamHeader team={team} />,
          children: (
            <TeamPanelBody
              team={team}
              uniqueId={uniqueId}
              seasonId={seasonId}
              readOnly={readOnly}
              actions={actions}
            />
          ),
        }))}
      />
    );
  };

  return (
    <Row gutter={16} wrap={false} data-testid="team-manager-page">
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          title={
            <Space size={12}>
              {t('teams.list.title')}
              <Typography.Text type={full ? 'danger' : 'secondary'} data-testid="team-count">
                {t('teams.list.count', { count: teamCount, max: LIMITS.TEAMS_MAX })}
              </Typography.Text>
            </Space>
          }
          extra={
            <Space.Compact>
              <Select<TeamSearchType>
                data-testid="team-search-type"
                value={searchType}
                onChange={setSearchType}
                style={{ width: 200 }}
                options={[
                  { value: 0, label: t('teams.search.any') },
                  { value: 1, label: t('teams.search.team') },
                  { value: 2, label: t('teams.search.nickname') },
                ]}
              />
              <Input.Search
                data-testid="team-search"
                allowClear
                value={typed}
                placeholder={t(`teams.search.placeholder${searchType}`)}
                onChange={(e) => {
                  setTyped(e.target.value);
                  if (e.target.value === '') setSearchText('');
                }}
                onSearch={(value) => setSearchText(value.trim())}
                style={{ width: 260 }}
              />
              <Button
                icon={<ReloadOutlined />}
                data-testid="team-refresh"
                loading={teams.isFetching && !teams.isPending}
                onClick={() => void teams.refetch()}
              >
                {t('common.refresh')}
              </Button>
            </Space.Compact>
          }
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {seasonEnded && (
              <Alert type="info" showIcon title={t('teams.readOnly')} data-testid="team-read-only" />
            )}
            {searching && teams.data && (
              <Typography.Text type="secondary" data-testid="team-found">
                {t('teams.list.found', { count: teams.data.total })}
              </Typography.Text>
            )}
            {teamPanels()}
          </Space>
        </Card>
      </Col>
      <Col flex="320px">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {!readOnly &&
            (full ? (
              <Alert type="warning" showIcon title={t('teams.create.full', { max: LIMITS.TEAMS_MAX })} />
            ) : (
              <CreateTeamCard left={LIMITS.TEAMS_MAX - teamCount} onCreate={create} />
            ))}
          <Card size="small" title={t('teams.side.title')} data-testid="team-side-panel">
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Button
                block
                icon={<FileExcelOutlined />}
                data-testid="team-export"
                disabled={teamCount === 0}
                onClick={() => setDialog('export')}
              >
                {t('teams.side.export')}
              </Button>
              <Tooltip title={ended}>
                <Button
                  block
                  icon={<ImportOutlined />}
                  data-testid="team-import"
                  disabled={readOnly}
                  onClick={() => setDialog('import')}
                >
                  {t('teams.side.import')}
                </Button>
              </Tooltip>
              <Tooltip title={ended}>
                <Button
                  block
                  danger
                  icon={<DeleteOutlined />}
                  data-testid="team-clear-all"
                  disabled={readOnly || teamCount === 0}
                  onClick={confirmClearAll}
                >
                  {t('teams.side.clearAll')}
                </Button>
              </Tooltip>
            </Space>
          </Card>
        </Space>
      </Col>

      <AddMemberDialog
        team={adding}
        uniqueId={uniqueId}
        seasonId={seasonId}
        onCancel={() => setAdding(null)}
        onAdd={addMembers}
      />
      <TeamInfoDialog team={editing} onCancel={() => setEditing(null)} onSave={saveInfo} />
      <ExportTeamsDialog
        open={dialog === 'export'}
        uniqueId={uniqueId}
        seasonId={seasonId}
        defaultName={`${contestName}-season${seasonId}-teams.xlsx`}
        onClose={() => setDialog(null)}
      />
      <ImportTeamsDialog
        open={dialog === 'import'}
        uniqueId={uniqueId}
        seasonId={seasonId}
        onClose={() => setDialog(null)}
        onImported={async () => {
          await refresh();
        }}
      />
    </Row>
  );
}
