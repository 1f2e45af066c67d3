import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { SeasonState, SignupType } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSeasonPlayers, markSeasonPlayer, type SeasonPlayer } from '../../../api/calls';
import { keys } from '../../../api/queries';
import { groupFailures, publicIdOf } from '../../../components/players/accounts';
import {
  PlayerTable,
  useCrossPageSelection,
  usePagedTable,
  usePaging,
} from '../../../components/players/pagedTable';
import { RemarkCell } from '../../../components/players/RemarkCell';
import { reportFailures } from '../../../components/players/reportFailures';
import { SearchBar } from '../../../components/players/SearchBar';
import { formatMinute } from '../../../components/time';
import { useContestRights } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';
import { RejectDialog } from './RejectDialog';
import { useSignups } from './useSignups';

const PAGE_SIZES = [10, 20];

/**
 * Sign-up review (spec §2): the season's pending sign-ups, searched by id or nickname, passed or rejected
 * one by one or in a batch; rejecting may also blacklist. An ended season is read-only.
 */
export default function JoinPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const uniqueId = contest.unique_id;
  const seasonId = season.season_id;
  const ended = season.state === SeasonState.ENDED;
  // Sign-ups are reviewed by those the policy lets (creator, admins, player managers); others read the list.
  const rights = useContestRights(contest);
  const readOnly = ended || !rights.can('reviewSignups');

  const paging = usePaging(PAGE_SIZES);
  const [rejecting, setRejecting] = useState<SeasonPlayer[] | null>(null);
  const [busy, setBusy] = useState<Set<number>>(new Set());

  const signups = useSignups(uniqueId, seasonId, paging);
  const { total, rows, tableProps } = usePagedTable(paging, signups);
  const { selected, rowSelection, drop, clear } = useCrossPageSelection(rows, (p) => p.account_id);

  const refreshPlayers = () =>
    queryClient.invalidateQueries({ queryKey: keys.seasonPlayers(uniqueId, seasonId) });

  /** Sends the decisions; reports what passed or was rejected and, per reason, what failed. */
  const decide = async (players: SeasonPlayer[], pass: boolean, blacklist = false) => {
    const ids = players.map((p) => p.account_id);
    setBusy((b) => new Set([...b, ...ids]));
    try {
      const answer = await checkSeasonPlayers({
        unique_id: uniqueId,
        season_id: seasonId,
        checked_list: ids.map((account_id) => ({
          account_id,
          pass: pass ? 1 : 0,
          blacklist: blacklist ? 1 : 0,
        })),
      });
      if (answer.success.length > 0) {
        void message.success(
          pass
            ? t('join.passed', { count: answer.success.length })
            : blacklist
              ? t('join.rejectedBlacklisted', { count: answer.success.length })
              : t('join.rejected', { count: answer.success.length }),
        );
      }
      reportFailures(
        modal,
        t('join.failedTitle', { count: answer.failed.length }),
        groupFailures(answer.failed),
      );
      drop(ids);
    } finally {
      setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))));
      await refreshPlayers();
    }
  };

  const confirmPass = (players: SeasonPlayer[]) =>
    modal.confirm({
      title: t('join.passMany', { count: players.length }),
      content: t('join.passHint'),
      okText: t('join.pass'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'join-pass-confirm' },
      onOk: () => decide(players, true).catch(() => undefined),
    });

  const saveRemark = async (player: SeasonPlayer, remark: string) => {
    await markSeasonPlayer({
      unique_id: uniqueId,
      season_id: seasonId,
      account_id: player.account_id,
      remark,
    });
    void message.success(t('players.remarkSaved'));
    await refreshPlayers();
  };

  const readOnlyReason = ended ? t('players.endedReason') : rights.why('reviewSignups');
  const anySelected = selected.length > 0;

  return (
    <div className="tab-panel" data-testid="join-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="page-title" style={{ marginBottom: 0 }}>
          <Space size="middle" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('join.title')}
            </Typography.Title>
            <Tag color={total > 0 ? 'orange' : 'default'} data-testid="join-total">
              {t('join.total', { count: total })}
            </Tag>
          </Space>
          <SearchBar
            testId="join"
            width={260}
            onSearch={paging.onSearch}
            refreshing={signups.isFetching && !signups.isPending}
            onRefresh={() => void signups.refetch()}
          />
        </div>

        {ended && <Alert type="info" showIcon title={t('players.readOnly')} data-testid="join-read-only" />}
        {!readOnly && season.signup_type !== SignupType.CHECK && (
          <Alert type="info" showIcon title={t('join.notReviewed')} data-testid="join-not-check" />
        )}

        <Space wrap>
          <Tooltip title={readOnlyReason}>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              data-testid="join-pass-selected"
              disabled={readOnly || !anySelected}
              onClick={() => confirmPass(selected)}
            >
              {t('join.passSelected', { count: selected.length })}
            </Button>
          </Tooltip>
          <Tooltip title={readOnlyReason}>
            <Button
              danger
              icon={<CloseOutlined />}
              data-testid="join-reject-selected"
              disabled={readOnly || !anySelected}
              onClick={() => setRejecting(selected)}
            >
              {t('join.rejectSelected', { count: selected.length })}
            </Button>
          </Tooltip>
          {anySelected && (
            <Button type="link" onClick={clear} data-testid="join-clear-selection">
              {t('players.clearSelection')}
            </Button>
          )}
        </Space>

        <PlayerTable<SeasonPlayer>
          query={signups}
          testId="join"
          search={paging.search}
          empty={t('join.empty')}
          {...tableProps}
          rowSelection={readOnly ? undefined : rowSelection}
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
              render: (_: unknown, p: SeasonPlayer) => (
                <Typography.Text copyable data-testid={`join-id-${publicIdOf(p.account_id)}`}>
                  {publicIdOf(p.account_id)}
                </Typography.Text>
              ),
            },
            {
              title: t('join.signupTime'),
              dataIndex: 'create_time',
              width: 170,
              render: (v: number) => formatMinute(v),
            },
            {
              title: t('players.remark'),
              dataIndex: 'remark',
              render: (remark: string, p: SeasonPlayer) => (
                <RemarkCell
                  value={remark}
                  readOnly={readOnly}
                  testId={`join-remark-${publicIdOf(p.account_id)}`}
                  onSave={(next) => saveRemark(p, next)}
                />
              ),
            },
            {
              title: t('players.actions'),
              key: 'actions',
              align: 'right',
              width: 200,
              render: (_: unknown, p: SeasonPlayer) => {
                const id = publicIdOf(p.account_id);
                const working = busy.has(p.account_id);
                return (
                  <Space size="small">
                    <Tooltip title={readOnlyReason}>
                      <Button
                        size="small"
                        type="primary"
                        ghost
                        icon={<CheckOutlined />}
                        data-testid={`join-pass-${id}`}
                        disabled={readOnly}
                        loading={working}
                        onClick={() => void decide([p], true).catch(() => undefined)}
                      >
                        {t('join.pass')}
                      </Button>
                    </Tooltip>
                    <Tooltip title={readOnlyReason}>
                      <Button
                        size="small"
                        danger
                        icon={<CloseOutlined />}
                        data-testid={`join-reject-${id}`}
                        disabled={readOnly || working}
                        onClick={() => setRejecting([p])}
                      >
                        {t('join.reject')}
                      </Button>
                    </Tooltip>
                  </Space>
                );
              },
            },
          ]}
        />
      </Space>
      <RejectDialog
        players={rejecting}
        onCancel={() => setRejecting(null)}
        onReject={(players, blacklist) => decide(players, false, blacklist)}
      />
    </div>
  );
}
