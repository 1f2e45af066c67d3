import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '../../../api/calls';
import type { TeamRow } from '../../../api/team-calls';
import {
  type AccountLookup,
  type FoundAccount,
  lookupAccounts,
  publicIdOf,
  readIdLines,
} from '../../../components/players/accounts';
import {
  PlayerTable,
  useCrossPageSelection,
  usePagedTable,
  usePaging,
} from '../../../components/players/pagedTable';
import { SearchBar } from '../../../components/players/SearchBar';
import { useRoster } from '../user/queries';

/** An account to add: its internal id and the nickname it was found with. */
export interface MemberCandidate {
  account_id: number;
  nickname: string;
}

type Source = 'roster' | 'ids';

/**
 * Adding members to a team: pick roster players who have no team yet, or type public ids one per line and look
 * them up (an account not on the roster yet is entered with it). `onAdd` resolves true when the dialog may close.
 */
export function AddMemberDialog({
  team,
  uniqueId,
  seasonId,
  onCancel,
  onAdd,
}: {
  team: TeamRow | null;
  uniqueId: number;
  seasonId: number;
  onCancel: () => void;
  onAdd: (team: TeamRow, accounts: MemberCandidate[]) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('roster');
  const [picked, setPicked] = useState<SeasonPlayer[]>([]);
  const [lookup, setLookup] = useState<AccountLookup | null>(null);
  const [text, setText] = useState('');
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (team) {
      setSource('roster');
      setPicked([]);
      setLookup(null);
      setText('');
      setWorking(false);
    }
  }, [team]);

  const typed = readIdLines(text);
  const lines = typed.ids.length + typed.invalid.length;
  const chosen: MemberCandidate[] = (source === 'roster' ? picked : (lookup?.found ?? [])).map((a) => ({
    account_id: a.account_id,
    nickname: a.nickname,
  }));

  const look = async () => {
    setWorking(true);
    try {
      setLookup(await lookupAccounts(text));
    } catch {
      // the client has shown the error; the ids stay for another try
    } finally {
      setWorking(false);
    }
  };

  const add = async () => {
    if (!team || chosen.length === 0) return;
    setWorking(true);
    try {
      if (await onAdd(team, chosen)) onCancel();
    } catch {
      // the client has shown the error
    } finally {
      setWorking(false);
    }
  };

  const lookingUp = source === 'ids' && lookup === null;
  const footer = (
    <Space>
      {source === 'ids' && lookup !== null ? (
        <Button disabled={working} onClick={() => setLookup(null)} data-testid="team-add-back">
          {t('players.back')}
        </Button>
      ) : (
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      )}
      {lookingUp ? (
        <Button
          type="primary"
          icon={<SearchOutlined />}
          data-testid="team-add-lookup"
          loading={working}
          disabled={lines === 0}
          onClick={() => void look()}
        >
          {t('players.lookup')}
        </Button>
      ) : (
        <Button
          type="primary"
          data-testid="team-add-confirm"
          loading={working}
          disabled={chosen.length === 0}
          onClick={() => void add()}
        >
          {t('teams.add.confirm', { count: chosen.length })}
        </Button>
      )}
    </Space>
  );

  return (
    <Modal
      open={team !== null}
      title={t('teams.add.title', { name: team?.name ?? '' })}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      width={720}
      footer={footer}
      data-testid="team-add-dialog"
    >
      <Tabs
        activeKey={source}
        onChange={(key) => setSource(key as Source)}
        items={[
          {
            key: 'roster',
            label: <span data-testid="team-add-tab-roster">{t('teams.add.fromRoster')}</span>,
            children: team && <RosterPicker uniqueId={uniqueId} seasonId={seasonId} onPick={setPicked} />,
          },
          {
            key: 'ids',
            label: <span data-testid="team-add-tab-ids">{t('teams.add.byId')}</span>,
            children:
              lookup === null ? (
                <div>
                  <Typography.Paragraph type="secondary">{t('teams.add.byIdHint')}</Typography.Paragraph>
                  <Typography.Text strong>{t('players.idsLabel')}</Typography.Text>
                  <Input.TextArea
                    data-testid="team-add-ids"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    autoSize={{ minRows: 6, maxRows: 14 }}
                    placeholder={t('players.idsPlaceholder')}
                    disabled={working}
                    style={{ marginTop: 8, fontFamily: 'monospace' }}
                  />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('players.idsCount', { count: lines })}
                  </Typography.Text>
                </div>
              ) : (
                <LookupResult lookup={lookup} />
              ),
          },
        ]}
      />
    </Modal>
  );
}

/** The accounts the typed ids found, and the lines that found no one. */
function LookupResult({ lookup }: { lookup: AccountLookup }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {lookup.missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="team-add-missing"
          title={t('players.notFound', { count: lookup.missing.length })}
          description={
            <Typography.Text style={{ wordBreak: 'break-all' }}>{lookup.missing.join(', ')}</Typography.Text>
          }
        />
      )}
      {lookup.found.length === 0 ? (
        <Alert type="error" showIcon title={t('players.noneFound')} data-testid="team-add-none" />
      ) : (
        <Table<FoundAccount>
          data-testid="team-add-found"
          size="small"
          rowKey="account_id"
          dataSource={lookup.found}
          pagination={
            lookup.found.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false
          }
          columns={[
            { title: t('players.nickname'), dataIndex: 'nickname' },
            { title: t('players.publicId'), dataIndex: 'publicId', width: 140 },
          ]}
        />
      )}
    </Space>
  );
}

/** The season roster, searchable and paged: players without a team can be picked, across pages. */
function RosterPicker({
  uniqueId,
  seasonId,
  onPick,
}: {
  uniqueId: number;
  seasonId: number;
  /** Hears the picked players; a stable function (a state setter). */
  onPick: (players: SeasonPlayer[]) => void;
}) {
  const { t } = useTranslation();
  const paging = usePaging([10, 20, 50]);
  const roster = useRoster(uniqueId, seasonId, paging);
  const { rows, tableProps } = usePagedTable(paging, roster);
  const { selected, rowSelection } = useCrossPageSelection(rows, (p) => p.account_id);

  useEffect(() => onPick(selected), [selected, onPick]);

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('teams.add.fromRosterHint')}</Typography.Text>
      <SearchBar
        testId="team-add-roster"
        onSearch={paging.onSearch}
        refreshing={roster.isFetching && !roster.isPending}
        onRefresh={() => void roster.refetch()}
      />
      <PlayerTable<SeasonPlayer>
        query={roster}
        testId="team-add-roster"
        search={paging.search}
        empty={t('roster.empty')}
        {...tableProps}
        rowSelection={{
          ...rowSelection,
          getCheckboxProps: (p: SeasonPlayer) => ({
            disabled: p.team_name !== '',
            'data-testid': `team-add-pick-${publicIdOf(p.account_id)}`,
          }),
        }}
        columns={[
          { title: t('players.nickname'), dataIndex: 'nickname' },
          {
            title: t('players.publicId'),
            key: 'publicId',
            width: 130,
            render: (_: unknown, p: SeasonPlayer) => publicIdOf(p.account_id),
          },
          {
            title: t('roster.teamName'),
            dataIndex: 'team_name',
            render: (team: string) =>
              team ? (
                <Tag>{team}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('roster.noTeam')}</Typography.Text>
              ),
          },
        ]}
      />
    </Space>
  );
}
