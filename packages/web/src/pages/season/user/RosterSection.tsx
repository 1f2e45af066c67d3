import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { ErrorCode, SeasonType, textFor } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSeasonPlayers,
  importSeasonPlayers,
  markSeasonPlayer,
  removeSeasonPlayers,
  renameSeasonPlayer,
  type SeasonPlayer,
} from '../../../api/calls';
import { keys } from '../../../api/queries';
import { PlayerLevels } from '../../../components/levels/PlayerLevels';
import { AccountLookupDialog } from '../../../components/players/AccountLookupDialog';
import { type FoundAccount, groupFailures, publicIdOf } from '../../../components/players/accounts';
import {
  PlayerTable,
  useCrossPageSelection,
  usePagedTable,
  usePaging,
} from '../../../components/players/pagedTable';
import { RemarkCell } from '../../../components/players/RemarkCell';
import { reportFailures } from '../../../components/players/reportFailures';
import { SearchBar } from '../../../components/players/SearchBar';
import { currentLanguage } from '../../../i18n';
import type { SeasonPageProps } from '../pageProps';
import { ExportDialog, rosterFileName } from './ExportDialog';
import { ImportDialog } from './ImportDialog';
import { useRoster } from './queries';
import { RenameDialog } from './RenameDialog';

const PAGE_SIZES = [10, 20, 50];

/**
 * The season roster (spec §2): search, remarks, nicknames, removal; adding by public id, importing another
 * season's roster, CSV export.
 */
/** `readOnlyReason`: why the roster cannot be changed (season ended, role), shown on its controls; else undefined. */
export function RosterSection({
  contest,
  season,
  readOnlyReason,
}: SeasonPageProps & { readOnlyReason: string | undefined }) {
  const readOnly = readOnlyReason !== undefined;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  const teamSeason = season.rank_type === SeasonType.TEAM;

  const paging = usePaging(PAGE_SIZES);
  const [dialog, setDialog] = useState<'add' | 'import' | 'export' | null>(null);
  const [renaming, setRenaming] = useState<SeasonPlayer | null>(null);

  const roster = useRoster(uniqueId, seasonId, paging);
  const { total, rows, tableProps } = usePagedTable(paging, roster);
  const { selected, rowSelection, drop } = useCrossPageSelection(rows, (p) => p.account_id);

  const refreshPlayers = () =>
    queryClient.invalidateQueries({ queryKey: keys.seasonPlayers(uniqueId, seasonId) });
  const base = { unique_id: uniqueId, season_id: seasonId };
  const otherSeasons = contest.season_list.filter((s) => s.season_id !== seasonId);
  const contestName = textFor(contest.contest_name, currentLanguage());

  const remove = async (accountIds: number[]) => {
    const answer = await removeSeasonPlayers({ ...base, account_id_list: accountIds });
    void message.success(t('roster.deleted', { count: answer.success.length }));
    drop(accountIds);
    await refreshPlayers();
  };

  const confirmRemove = (players: { account_id: number; nickname?: string }[]) =>
    modal.confirm({
      title:
        players.length === 1 && players[0].nickname !== undefined
          ? t('roster.deleteOne', { name: players[0].nickname, id: publicIdOf(players[0].account_id) })
          : t('roster.deleteMany', { count: players.length }),
      content: t('roster.deleteHint'),
      okText: t('roster.delete'),
      okButtonProps: { danger: true, 'data-testid': 'roster-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => remove(players.map((p) => p.account_id)),
    });

  const add = async (accounts: FoundAccount[]) => {
    const answer = await addSeasonPlayers({
      ...base,
      account_list: accounts.map((a) => ({ account_id: a.account_id, nickname: a.nickname })),
    });
    // Players already on the roster are where the organiser wants them: not a failure.
    const groups = groupFailures(answer.failed, [ErrorCode.ALREADY_ON_ROSTER]);
    if (answer.success.length > 0) void message.success(t('roster.added', { count: answer.success.length }));
    else if (groups.length === 0) void message.info(t('roster.nothingAdded'));
    reportFailures(modal, t('roster.addFailed'), groups);
    await refreshPlayers();
    return true;
  };

  const importFrom = async (fromSeasonId: number) => {
    const answer = await importSeasonPlayers({
      unique_id: uniqueId,
      from_season_id: fromSeasonId,
      to_season_id: seasonId,
    });
    const groups = groupFailures(answer.failed, [ErrorCode.ALREADY_ON_ROSTER]);
    const failed = groups.reduce((n, g) => n + g.ids.length, 0);
    void message.success(t('roster.imported', { success: answer.success.length, failed }));
    reportFailures(modal, t('roster.importFailed', { count: failed }), groups);
    await refreshPlayers();
  };

  const rename = async (player: SeasonPlayer, nickname: string) => {
    await renameSeasonPlayer({ ...base, account_id: player.account_id, nickname });
    void message.success(t('roster.renamed'));
    await refreshPlayers();
  };

  const saveRemark = async (player: SeasonPlayer, remark: string) => {
    await markSeasonPlayer({ ...base, account_id: player.account_id, remark });
    void message.success(t('players.remarkSaved'));
    await refreshPlayers();
  };

  const guarded = (button: React.ReactElement) =>
    readOnly ? <Tooltip title={readOnlyReason}>{button}</Tooltip> : button;

  return (
    <Card
      id="season-roster"
      data-testid="roster-section"
      title={
        <Space>
          {t('roster.title')}
          <Typography.Text type="secondary" data-testid="roster-total">
            {t('players.total', { count: total })}
          </Typography.Text>
        </Space>
      }
      extra={
        <SearchBar
          testId="roster"
          onSearch={paging.onSearch}
          refreshing={roster.isFetching && !roster.isPending}
          onRefresh={() => void roster.refetch()}
        />
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        {guarded(
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            data-testid="roster-add"
            disabled={readOnly}
            onClick={() => setDialog('add')}
          >
            {t('roster.add')}
          </Button>,
        )}
        {guarded(
          <Button
            icon={<ImportOutlined />}
            data-testid="roster-import"
            disabled={readOnly}
            onClick={() => setDialog('import')}
          >
            {t('roster.import')}
          </Button>,
        )}
        {guarded(
          <Button
            danger
            icon={<DeleteOutlined />}
            data-testid="roster-delete-selected"
            disabled={readOnly || selected.length === 0}
            onClick={() => confirmRemove(selected.map(({ account_id }) => ({ account_id })))}
          >
            {t('roster.deleteSelected', { count: selected.length })}
          </Button>,
        )}
        <Button
          icon={<DownloadOutlined />}
          data-testid="roster-export"
          disabled={total === 0 && !paging.search}
          onClick={() => setDialog('export')}
        >
          {t('roster.export')}
        </Button>
      </Space>

      <PlayerTable<SeasonPlayer>
        query={roster}
        testId="roster"
        search={paging.search}
        empty={t('roster.empty')}
        {...tableProps}
        rowSelection={readOnly ? undefined : rowSelection}
        columns={[
          {
            title: t('players.nickname'),
            dataIndex: 'nickname',
            render: (nickname: string, p: SeasonPlayer) => (
              <Space size={4}>
                <Typography.Text strong data-testid={`roster-nickname-${publicIdOf(p.account_id)}`}>
                  {nickname}
                </Typography.Text>
                {!readOnly && (
                  <Tooltip title={t('roster.rename')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('roster.rename')}
                      data-testid={`roster-rename-${publicIdOf(p.account_id)}`}
                      onClick={() => setRenaming(p)}
                    />
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('players.publicId'),
            key: 'publicId',
            width: 140,
            render: (_: unknown, p: SeasonPlayer) => (
              <Typography.Text copyable>{publicIdOf(p.account_id)}</Typography.Text>
            ),
          },
          {
            title: t('userCards.levelColumn'),
            key: 'level',
            render: (_: unknown, p: SeasonPlayer) => (
              <PlayerLevels
                level4p={p.level_4p}
                level3p={p.level_3p}
                testId={`roster-level-${publicIdOf(p.account_id)}`}
              />
            ),
          },
          ...(teamSeason
            ? [
                {
                  title: t('roster.teamName'),
                  dataIndex: 'team_name',
                  render: (team: string) =>
                    team ? team : <Typography.Text type="secondary">{t('roster.noTeam')}</Typography.Text>,
                },
              ]
            : []),
          {
            title: t('players.remark'),
            dataIndex: 'remark',
            render: (remark: string, p: SeasonPlayer) => (
              <RemarkCell
                value={remark}
                readOnly={readOnly}
                testId={`roster-remark-${publicIdOf(p.account_id)}`}
                onSave={(next) => saveRemark(p, next)}
              />
            ),
          },
          {
            title: t('players.actions'),
            key: 'actions',
            align: 'right' as const,
            width: 120,
            render: (_: unknown, p: SeasonPlayer) =>
              guarded(
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  data-testid={`roster-delete-${publicIdOf(p.account_id)}`}
                  disabled={readOnly}
                  onClick={() => confirmRemove([p])}
                >
                  {t('roster.delete')}
                </Button>,
              ),
          },
        ]}
      />

      <AccountLookupDialog
        open={dialog === 'add'}
        title={t('roster.addTitle')}
        hint={t('roster.addHint')}
        testId="roster-add-dialog"
        confirmText={(count) => t('roster.addConfirm', { count })}
        onCancel={() => setDialog(null)}
        onConfirm={add}
      />
      <ImportDialog
        open={dialog === 'import'}
        seasons={otherSeasons}
        onCancel={() => setDialog(null)}
        onImport={importFrom}
      />
      <ExportDialog
        open={dialog === 'export'}
        uniqueId={uniqueId}
        seasonId={seasonId}
        defaultName={rosterFileName(contestName, seasonId)}
        onClose={() => setDialog(null)}
      />
      <RenameDialog player={renaming} onCancel={() => setRenaming(null)} onRename={rename} />
    </Card>
  );
}
