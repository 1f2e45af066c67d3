import ClearOutlined from '@ant-design/icons/ClearOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamMemberRow, TeamRow } from '../../../api/team-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { publicIdOf } from '../../../components/players/accounts';
import { RemarkCell } from '../../../components/players/RemarkCell';
import { shortDetail } from '../../../components/teams/teamText';
import { settledText } from '../record/recordView';
import { useTeamMembers } from './queries';

/** A team panel's header: name, detail (15 characters, the whole text in a tooltip), members, total score. */
export function TeamHeader({ team }: { team: TeamRow }) {
  const { t } = useTranslation();
  const short = shortDetail(team.detail);
  return (
    <div className="team-header" data-testid={`team-header-${team.team_id}`}>
      <Space size={12} wrap>
        <Typography.Text strong data-testid={`team-name-${team.team_id}`}>
          {team.name}
        </Typography.Text>
        {team.detail && (
          <Tooltip title={short !== team.detail ? team.detail : undefined}>
            <Typography.Text type="secondary" data-testid={`team-detail-${team.team_id}`}>
              {short}
            </Typography.Text>
          </Tooltip>
        )}
      </Space>
      <Space size={8}>
        <Tag icon={<TeamOutlined />} data-testid={`team-members-${team.team_id}`}>
          {t('teams.panel.members', { count: team.member_count })}
        </Tag>
        <Typography.Text data-testid={`team-score-${team.team_id}`}>
          {t('teams.panel.totalScore', { score: settledText(team.total_score) })}
        </Typography.Text>
      </Space>
    </div>
  );
}

export interface TeamActions {
  addMember: (team: TeamRow) => void;
  editInfo: (team: TeamRow) => void;
  clearMembers: (team: TeamRow) => void;
  deleteTeam: (team: TeamRow) => void;
  removeMember: (team: TeamRow, member: TeamMemberRow) => void;
  saveRemark: (team: TeamRow, member: TeamMemberRow, remark: string) => Promise<void>;
}

/**
 * An open team panel: its actions (add member, change info, clear members when it has any, delete when it has
 * none) and its member table (nickname, public id, the player's season remark, delete). The members are read
 * when the panel opens.
 */
export function TeamPanelBody({
  team,
  uniqueId,
  seasonId,
  readOnly,
  actions,
}: {
  team: TeamRow;
  uniqueId: number;
  seasonId: number;
  readOnly: boolean;
  actions: TeamActions;
}) {
  const { t } = useTranslation();
  const members = useTeamMembers(uniqueId, seasonId, team.team_id);
  const id = team.team_id;
  const hasMembers = team.member_count > 0;
  const why = (reason: string | null, button: ReactElement) =>
    reason ? <Tooltip title={reason}>{button}</Tooltip> : button;
  const ended = readOnly ? t('players.endedReason') : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`team-panel-${id}`}>
      <Space wrap>
        {why(
          ended,
          <Button
            type="primary"
            size="small"
            icon={<UserAddOutlined />}
            disabled={readOnly}
            data-testid={`team-add-${id}`}
            onClick={() => actions.addMember(team)}
          >
            {t('teams.panel.addMember')}
          </Button>,
        )}
        {why(
          ended,
          <Button
            size="small"
            icon={<EditOutlined />}
            disabled={readOnly}
            data-testid={`team-edit-${id}`}
            onClick={() => actions.editInfo(team)}
          >
            {t('teams.panel.editInfo')}
          </Button>,
        )}
        {why(
          ended ?? (hasMembers ? null : t('teams.panel.clearNone')),
          <Button
            size="small"
            icon={<ClearOutlined />}
            disabled={readOnly || !hasMembers}
            data-testid={`team-clear-${id}`}
            onClick={() => actions.clearMembers(team)}
          >
            {t('teams.panel.clearMembers')}
          </Button>,
        )}
        {why(
          ended ?? (hasMembers ? t('teams.panel.deleteNotEmpty') : null),
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={readOnly || hasMembers}
            data-testid={`team-delete-${id}`}
            onClick={() => actions.deleteTeam(team)}
          >
            {t('teams.panel.deleteTeam')}
          </Button>,
        )}
      </Space>
      {members.isError ? (
        <LoadFailedAlert retrying={members.isFetching} onRetry={() => void members.refetch()} />
      ) : (
        <Table<TeamMemberRow>
          data-testid={`team-member-table-${id}`}
          size="small"
          rowKey="account_id"
          loading={members.isPending}
          dataSource={members.data ?? []}
          pagination={(members.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                data-testid={`team-member-empty-${id}`}
                description={t('teams.panel.noMembers')}
              />
            ),
          }}
          columns={[
            {
              title: t('players.nickname'),
              dataIndex: 'nickname',
              render: (nickname: string) => <Typography.Text strong>{nickname}</Typography.Text>,
            },
            {
              title: t('players.publicId'),
              key: 'publicId',
              width: 140,
              render: (_: unknown, m: TeamMemberRow) => (
                <Typography.Text copyable>{publicIdOf(m.account_id)}</Typography.Text>
              ),
            },
            {
              title: t('players.remark'),
              dataIndex: 'remark',
              render: (remark: string, m: TeamMemberRow) => (
                <RemarkCell
                  value={remark}
                  readOnly={readOnly}
                  testId={`team-member-remark-${publicIdOf(m.account_id)}`}
                  onSave={(next) => actions.saveRemark(team, m, next)}
                />
              ),
            },
            {
              title: t('players.actions'),
              key: 'actions',
              align: 'right' as const,
              width: 110,
              render: (_: unknown, m: TeamMemberRow) =>
                why(
                  ended,
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={readOnly}
                    data-testid={`team-member-delete-${publicIdOf(m.account_id)}`}
                    onClick={() => actions.removeMember(team, m)}
                  >
                    {t('teams.panel.removeMember')}
                  </Button>,
                ),
            },
          ]}
        />
      )}
    </Space>
  );
}
