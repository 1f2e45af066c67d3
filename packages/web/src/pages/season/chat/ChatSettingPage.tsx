import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { encodeAccountId, ListType, SeasonState } from '@taikai/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BatchResult,
  fetchSeasonChatLimit,
  type ListedAccount,
  setSeasonChatLimit,
} from '../../../api/calls';
import { errorText } from '../../../api/client';
import { keys, useSiteConfig } from '../../../api/queries';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { useContestRights } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';
import { AddChatPlayersDialog } from './AddChatPlayersDialog';
import './chat.css';

const MODES = [ListType.NULL, ListType.WHITELIST, ListType.BLACKLIST] as const;
const MODE_KEY: Record<number, string> = {
  [ListType.NULL]: 'none',
  [ListType.WHITELIST]: 'whitelist',
  [ListType.BLACKLIST]: 'blacklist',
};

/** Season chat limit: no limit, whitelist or blacklist, and the players listed (spec §2 Chat setting). */
export default function ChatSettingPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const ids = { unique_id: contest.unique_id, season_id: season.season_id };
  const queryKey = [...keys.seasonPlayers(contest.unique_id, season.season_id), 'chat'] as const;
  const limit = useQuery({ queryKey, queryFn: () => fetchSeasonChatLimit(ids) });
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [adding, setAdding] = useState(false);

  const ended = season.state === SeasonState.ENDED;
  // The chat limits are changed by those the policy lets (creator, admins, chat managers); others read them.
  const rights = useContestRights(contest);
  const notAllowed = rights.why('manageChatLimits');
  const locked = ended || notAllowed !== undefined;
  const type = limit.data?.type ?? ListType.NULL;
  const list = limit.data?.list ?? [];
  const modeLabel = (mode: number) => t(`chat.modes.${MODE_KEY[mode] ?? 'none'}`);

  const reload = () => queryClient.invalidateQueries({ queryKey });

  /** Lists the accounts a batch call could not handle, with the reason of each. */
  const reportFailures = (result: BatchResult, names: Map<number, string>) => {
    if (result.failed.length === 0) return;
    modal.warning({
      title: t('chat.failedTitle', { count: result.failed.length }),
      okText: t('common.confirm'),
      content: (
        <ul className="chat-failures" data-testid="chat-failures">
          {result.failed.map((f) => (
            <li key={f.account_id}>
              {names.get(f.account_id) ?? ''} ({encodeAccountId(f.account_id)}): {errorText(f.error)}
            </li>
          ))}
        </ul>
      ),
    });
  };

  const changeMode = (next: number) => {
    if (next === type) return;
    modal.confirm({
      title: t('chat.modeConfirm', { mode: modeLabel(next) }),
      content: t(`chat.modeHint.${MODE_KEY[next]}`),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'chat-mode-confirm' },
      onOk: async () => {
        await setSeasonChatLimit({ ...ids, type: next as 0 | 1 | 2 });
        void message.success(t('chat.modeChanged', { mode: modeLabel(next) }));
        setManaging(false);
        setSelected(new Set());
        await reload();
      },
    });
  };

  const add = async (accounts: ListedAccount[]) => {
    const result = await setSeasonChatLimit({
      ...ids,
      type: type as 0 | 1 | 2,
      add_list: accounts.map((a) => a.account_id),
    });
    if (result.success.length > 0) void message.success(t('chat.added', { count: result.success.length }));
    reportFailures(result, new Map(accounts.map((a) => [a.account_id, a.nickname])));
    await reload();
  };

  const remove = (accounts: readonly ListedAccount[], title: string) =>
    modal.confirm({
      title,
      content: t('chat.removeHint'),
      okText: t('chat.remove'),
      okButtonProps: { danger: true, 'data-testid': 'chat-remove-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const result = await setSeasonChatLimit({
          ...ids,
          type: type as 0 | 1 | 2,
          remove_list: accounts.map((a) => a.account_id),
        });
        if (result.success.length > 0)
          void message.success(t('chat.removed', { count: result.success.length }));
        reportFailures(result, new Map(accounts.map((a) => [a.account_id, a.nickname])));
        setSelected(new Set());
        await reload();
      },
    });

  const toggle = (accountId: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(accountId)) next.delete(accountId);
      else next.add(accountId);
      return next;
    });

  if (site.data && site.data.chat !== 1) {
    return (
      <div className="tab-panel" data-testid="chat-page">
        <Empty description={t('chat.notOffered')} />
      </div>
    );
  }

  const listed = type !== ListType.NULL;
  const chosen = list.filter((a) => selected.has(a.account_id));
  const allChosen = list.length > 0 && chosen.length === list.length;

  return (
    <div className="tab-panel" data-testid="chat-page">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {ended && <Alert type="info" showIcon data-testid="chat-ended" message={t('chat.ended')} />}
        {!ended && notAllowed && (
          <Alert type="info" showIcon data-testid="chat-not-allowed" message={notAllowed} />
        )}
        <div className="chat-mode-row">
          <Space direction="vertical" size={4}>
            <Typography.Text strong>{t('chat.mode')}</Typography.Text>
            <Radio.Group
              data-testid="chat-mode"
              optionType="button"
              buttonStyle="solid"
              value={limit.data ? type : undefined}
              disabled={locked || !limit.data}
              onChange={(e) => changeMode(Number(e.target.value))}
              options={MODES.map((mode) => ({
                value: mode,
                label: <span data-testid={`chat-mode-${mode}`}>{modeLabel(mode)}</span>,
              }))}
            />
            {limit.data && (
              <Typography.Text type="secondary" data-testid="chat-mode-hint">
                {t(`chat.modeHint.${MODE_KEY[type] ?? 'none'}`)}
              </Typography.Text>
            )}
          </Space>
          <Button icon={<ReloadOutlined />} loading={limit.isFetching} onClick={() => void reload()}>
            {t('common.refresh')}
          </Button>
        </div>

        {limit.isError ? (
          <LoadFailedAlert retrying={limit.isFetching} onRetry={() => void limit.refetch()} />
        ) : limit.isPending ? (
          <Skeleton active />
        ) : !listed ? (
          <Empty data-testid="chat-no-limit" description={t('chat.noLimit')} />
        ) : (
          <Card
            size="small"
            title={t('chat.listTitle', { mode: modeLabel(type), count: list.length })}
            extra={
              <Space wrap>
                <Space size={6}>
                  <Switch
                    data-testid="chat-manager-mode"
                    size="small"
                    checked={managing}
                    disabled={locked || list.length === 0}
                    onChange={(on) => {
                      setManaging(on);
                      setSelected(new Set());
                    }}
                  />
                  <Typography.Text>{t('chat.managerMode')}</Typography.Text>
                </Space>
                {managing && (
                  <>
                    <Checkbox
                      data-testid="chat-select-all"
                      checked={allChosen}
                      indeterminate={chosen.length > 0 && !allChosen}
                      onChange={(e) =>
                        setSelected(new Set(e.target.checked ? list.map((a) => a.account_id) : []))
                      }
                    >
                      {t('chat.selectAll')}
                    </Checkbox>
                    <Button
                      danger
                      data-testid="chat-delete-selected"
                      icon={<DeleteOutlined />}
                      disabled={chosen.length === 0}
                      onClick={() =>
                        remove(chosen, t('chat.deleteSelectedConfirm', { count: chosen.length }))
                      }
                    >
                      {t('chat.deleteSelected', { count: chosen.length })}
                    </Button>
                  </>
                )}
                <Button
                  danger
                  data-testid="chat-delete-all"
                  disabled={locked || list.length === 0}
                  onClick={() => remove(list, t('chat.deleteAllConfirm', { count: list.length }))}
                >
                  {t('chat.deleteAll')}
                </Button>
                <Button
                  type="primary"
                  data-testid="chat-add"
                  icon={<PlusOutlined />}
                  disabled={locked}
                  onClick={() => setAdding(true)}
                >
                  {t('chat.add')}
                </Button>
              </Space>
            }
          >
            {list.length === 0 ? (
              <Empty data-testid="chat-empty" description={t('chat.empty')} />
            ) : (
              <div className="chat-grid" data-testid="chat-grid">
                {list.map((account) => {
                  const isChosen = selected.has(account.account_id);
                  return (
                    // biome-ignore lint/a11y/noStaticElementInteractions: the checkbox inside is the accessible control
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox inside takes the keyboard
                    <div
                      key={account.account_id}
                      data-testid="chat-card"
                      data-account-id={encodeAccountId(account.account_id)}
                      className={`chat-card${managing ? ' chat-card-selectable' : ''}${isChosen ? ' chat-card-selected' : ''}`}
                      onClick={managing ? () => toggle(account.account_id) : undefined}
                    >
                      <Typography.Text
                        strong
                        ellipsis={{ tooltip: account.nickname }}
                        className="chat-card-name"
                      >
                        {account.nickname}
                      </Typography.Text>
                      <div className="chat-card-foot">
                        <Typography.Text type="secondary" className="chat-card-id">
                          {encodeAccountId(account.account_id)}
                        </Typography.Text>
                        {managing && (
                          <Checkbox
                            checked={isChosen}
                            onClick={(e) => e.stopPropagation()}
                            onChange={() => toggle(account.account_id)}
                            aria-label={account.nickname}
                          />
                        )}
                      </div>
                    </div>
                  );
                })}
              </div>
            )}
          </Card>
        )}
      </Space>
      <AddChatPlayersDialog
        open={adding}
        modeLabel={modeLabel(type)}
        listed={list}
        onAdd={add}
        onClose={() => setAdding(false)}
      />
    </div>
  );
}
