import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListedAccount, setSeasonBlacklist } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { AccountLookupDialog } from '../../../components/players/AccountLookupDialog';
import {
  type FoundAccount,
  groupFailures,
  matchesPlayerSearch,
  publicIdOf,
} from '../../../components/players/accounts';
import { PlayerTable } from '../../../components/players/pagedTable';
import { reportFailures } from '../../../components/players/reportFailures';
import { SearchBar } from '../../../components/players/SearchBar';
import type { SeasonPageProps } from '../pageProps';
import { useBlacklist } from './queries';

/** The season blacklist (spec §2): blacklisted players can neither sign up nor be added. */
/** `readOnlyReason`: why the blacklist cannot be changed (season ended, role), shown on its controls. */
export function BlacklistSection({
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
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const blacklist = useBlacklist(uniqueId, seasonId);
  const list = blacklist.data?.list ?? [];
  const shown = list.filter((a) => matchesPlayerSearch(a, search));
  const base = { unique_id: uniqueId, season_id: seasonId, type: 2 as const };

  const refreshPlayers = () =>
    queryClient.invalidateQueries({ queryKey: keys.seasonPlayers(uniqueId, seasonId) });

  const add = async (accounts: FoundAccount[]) => {
    const answer = await setSeasonBlacklist({ ...base, add_list: accounts.map((a) => a.account_id) });
    if (answer.success.length > 0)
      void message.success(t('roster.blacklisted', { count: answer.success.length }));
    reportFailures(modal, t('roster.blacklistFailed'), groupFailures(answer.failed));
    await refreshPlayers();
    return true;
  };

  const confirmRemove = (account: ListedAccount) =>
    modal.confirm({
      title: t('roster.blacklistRemoveConfirm', {
        name: account.nickname,
        id: publicIdOf(account.account_id),
      }),
      content: t('roster.blacklistRemoveHint'),
      okText: t('roster.blacklistRemove'),
      okButtonProps: { danger: true, 'data-testid': 'blacklist-remove-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const answer = await setSeasonBlacklist({ ...base, remove_list: [account.account_id] });
        reportFailures(modal, t('roster.blacklistFailed'), groupFailures(answer.failed));
        if (answer.failed.length === 0) void message.success(t('roster.blacklistRemoved'));
        await refreshPlayers();
      },
    });

  const addButton = (
    <Button
      danger
      icon={<StopOutlined />}
      data-testid="blacklist-add"
      disabled={readOnly}
      onClick={() => setAdding(true)}
    >
      {t('roster.blacklistAdd')}
    </Button>
  );

  return (
    <Card
      id="season-blacklist"
      data-testid="blacklist-section"
      title={
        <Space>
          {t('roster.blacklistTitle')}
          <Typography.Text type="secondary" data-testid="blacklist-total">
            {t('players.total', { count: list.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <SearchBar
          testId="blacklist"
          onSearch={setSearch}
          refreshing={blacklist.isFetching && !blacklist.isPending}
          onRefresh={() => void blacklist.refetch()}
        />
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        {readOnly ? <Tooltip title={readOnlyReason}>{addButton}</Tooltip> : addButton}
        <Typography.Text type="secondary">{t('roster.blacklistHint')}</Typography.Text>
      </Space>
      <PlayerTable<ListedAccount>
        query={blacklist}
        testId="blacklist"
        search={search}
        empty={t('roster.blacklistEmpty')}
        loading={blacklist.isPending}
        dataSource={shown}
        pagination={shown.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          {
            title: t('players.nickname'),
            dataIndex: 'nickname',
            render: (nickname: string) => <Typography.Text strong>{nickname}</Typography.Text>,
          },
          {
            title: t('players.publicId'),
            key: 'publicId',
            render: (_: unknown, a: ListedAccount) => (
              <Typography.Text copyable>{publicIdOf(a.account_id)}</Typography.Text>
            ),
          },
          {
            title: t('players.actions'),
            key: 'actions',
            align: 'right',
            width: 120,
            render: (_: unknown, a: ListedAccount) => {
              const button = (
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  data-testid={`blacklist-remove-${publicIdOf(a.account_id)}`}
                  disabled={readOnly}
                  onClick={() => confirmRemove(a)}
                >
                  {t('roster.blacklistRemove')}
                </Button>
              );
              return readOnly ? <Tooltip title={readOnlyReason}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
      <AccountLookupDialog
        open={adding}
        title={t('roster.blacklistAddTitle')}
        hint={t('roster.blacklistAddHint')}
        testId="blacklist-add-dialog"
        danger
        confirmText={(count) => t('roster.blacklistConfirm', { count })}
        onCancel={() => setAdding(false)}
        onConfirm={add}
      />
    </Card>
  );
}
