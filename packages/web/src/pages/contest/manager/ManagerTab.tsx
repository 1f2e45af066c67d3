import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { ErrorCode, encodeAccountId, GRANTED_ROLES, LIMITS, roleOfGranted, textFor } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  addContestAdmin,
  type ContestDetail,
  deleteContest,
  type ListedAccount,
  removeContestAdmin,
  setObserverList,
} from '../../../api/calls';
import { errorText } from '../../../api/client';
import { keys, useObserverList } from '../../../api/queries';
import { AccountLookupDialog } from '../../../components/players/AccountLookupDialog';
import type { FoundAccount } from '../../../components/players/accounts';
import { groupFailures } from '../../../components/players/accounts';
import { reportFailures } from '../../../components/players/reportFailures';
import { currentLanguage } from '../../../i18n';
import { useContestRights } from '../rights';
import { useContestOutlet } from '../useContestRoute';
import { DeleteContestDialog } from './DeleteContestDialog';
import { ManagerNoticeCard } from './ManagerNoticeCard';
import { RosterCard } from './RosterCard';

type Manager = ContestDetail['admin_list'][number];

/**
 * Manager tab (spec §2, §6): the manager notice; the managers (creator only, at most 20 of all roles, never the
 * creator), each an admin, chat manager or player manager; the observer roster while the observer switch is on;
 * deleting the tournament (creator only).
 */
export default function ManagerTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { contest } = useContestOutlet();
  const rights = useContestRights(contest);
  const creator = rights.can('manageAdmins');
  const managesObservers = rights.can('manageObservers');
  const uniqueId = contest.unique_id;
  const observing = contest.observer_switch === 1;
  const observers = useObserverList(uniqueId, observing && managesObservers);
  const [adding, setAdding] = useState<'admin' | 'observer' | null>(null);
  // The role the managers added next get.
  const [addRole, setAddRole] = useState<number>(GRANTED_ROLES[0]);
  const roleName = (role: number) => t(`rights.roles.${roleOfGranted(role)}`);
  const [deleting, setDeleting] = useState(false);
  const [adminsRefreshing, setAdminsRefreshing] = useState(false);

  // The admin roster is part of the tournament's detail.
  const refreshAdmins = async () => {
    setAdminsRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: keys.contest(uniqueId) });
    } finally {
      setAdminsRefreshing(false);
    }
  };

  const admins = contest.admin_list;
  const adminsFull = admins.length >= LIMITS.ADMINS_MAX;

  const setAdmins = (list: Manager[]) => {
    queryClient.setQueryData(keys.contest(uniqueId), { ...contest, admin_list: list });
    void queryClient.invalidateQueries({ queryKey: keys.contest(uniqueId) });
    void queryClient.invalidateQueries({ queryKey: keys.history(uniqueId) });
  };

  // The dialog offers only accounts that can become admins: never the creator, nor an admin already.
  const notAdminable = (account: FoundAccount): string | null =>
    account.account_id === contest.creator_id
      ? errorText(ErrorCode.CREATOR_CANNOT_BE_ADMIN)
      : admins.some((x) => x.account_id === account.account_id)
        ? t('manager.alreadyAdmin')
        : null;

  const addAdmins = async (fresh: FoundAccount[]): Promise<boolean> => {
    // More than the 20 is said before asking; the server adds what fits and reports each other account.
    if (admins.length + fresh.length > LIMITS.ADMINS_MAX) {
      void message.error(
        t('manager.tooManyAdmins', { max: LIMITS.ADMINS_MAX, free: LIMITS.ADMINS_MAX - admins.length }),
      );
      return false;
    }
    const result = await addContestAdmin({
      unique_id: uniqueId,
      account_list: fresh.map((a) => a.account_id),
      role: addRole as 1 | 2 | 3,
    });
    setAdmins(result.admin_list);
    if (result.success.length > 0)
      void message.success(t('manager.adminsAdded', { count: result.success.length }));
    reportFailures(
      modal,
      t('manager.addFailed', { count: result.failed.length }),
      groupFailures(result.failed),
    );
    return true;
  };

  // Another role for a manager: the same call, which changes the role of a manager already there.
  const changeRole = async (manager: Manager, role: number) => {
    const result = await addContestAdmin({
      unique_id: uniqueId,
      account_list: [manager.account_id],
      role: role as 1 | 2 | 3,
    });
    setAdmins(result.admin_list);
    void message.success(t('manager.roleChanged', { name: manager.nickname, role: roleName(role) }));
  };

  const removeAdmins = async (accounts: Manager[]) => {
    const list = await removeContestAdmin({
      unique_id: uniqueId,
      account_id_list: accounts.map((a) => a.account_id),
    });
    setAdmins(list);
    void message.success(t('manager.removed', { count: accounts.length }));
  };

  const observersChanged = () => {
    void queryClient.invalidateQueries({ queryKey: keys.observers(uniqueId) });
    void queryClient.invalidateQueries({ queryKey: keys.history(uniqueId) });
  };

  const addObservers = async (found: FoundAccount[]): Promise<boolean> => {
    const result = await setObserverList({ unique_id: uniqueId, add_list: found.map((a) => a.account_id) });
    if (result.success.length > 0)
      void message.success(t('manager.observersAdded', { count: result.success.length }));
    reportFailures(
      modal,
      t('manager.addFailed', { count: result.failed.length }),
      groupFailures(result.failed),
    );
    observersChanged();
    return true;
  };

  const removeObservers = async (accounts: ListedAccount[]) => {
    const result = await setObserverList({
      unique_id: uniqueId,
      remove_list: accounts.map((a) => a.account_id),
    });
    if (result.success.length > 0)
      void message.success(t('manager.removed', { count: result.success.length }));
    reportFailures(
      modal,
      t('manager.removeFailed', { count: result.failed.length }),
      groupFailures(result.failed),
    );
    observersChanged();
  };

  const remove = async () => {
    await deleteContest({ unique_id: uniqueId });
    setDeleting(false);
    void message.success(t('manager.deleted', { id: contest.contest_id }));
    // Leave first: the tournament's page would otherwise load it again and hear 2560.
    navigate('/', { replace: true });
    await queryClient.invalidateQueries({ queryKey: keys.contests });
    queryClient.removeQueries({ queryKey: keys.contest(uniqueId) });
    queryClient.removeQueries({ queryKey: keys.history(uniqueId) });
    queryClient.removeQueries({ queryKey: keys.observers(uniqueId) });
  };

  const name = textFor(contest.contest_name, currentLanguage());

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="manager-tab">
      {rights.role === 'observer' && (
        <Alert type="info" showIcon title={t('manager.readOnly')} data-testid="manager-readonly" />
      )}
      {(rights.role === 'chatManager' || rights.role === 'playerManager') && (
        <Alert
          type="info"
          showIcon
          title={t(`rights.roleNotice.${rights.role}`)}
          data-testid="manager-role-notice"
        />
      )}
      <ManagerNoticeCard contest={contest} readOnly={!rights.can('editBase')} />
      {creator && (
        <RosterCard<Manager>
          testId="admins"
          title={t('manager.adminsTitle')}
          hint={t('manager.adminsHint', { max: LIMITS.ADMINS_MAX })}
          list={admins}
          refreshing={adminsRefreshing}
          onRefresh={() => void refreshAdmins()}
          addBlocked={adminsFull ? t('manager.adminsFull', { max: LIMITS.ADMINS_MAX }) : undefined}
          onAdd={() => setAdding('admin')}
          onRemove={removeAdmins}
          columns={[
            {
              title: t('manager.roleColumn'),
              key: 'role',
              width: 180,
              render: (_, a) => (
                <Select<number>
                  size="small"
                  style={{ width: 160 }}
                  data-testid={`admins-role-${encodeAccountId(a.account_id)}`}
                  value={a.role}
                  onChange={(role) => void changeRole(a, role)}
                  options={GRANTED_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
                />
              ),
            },
          ]}
          texts={{
            empty: t('manager.noAdmins'),
            removeOne: (who) => t('manager.removeAdminOne', { name: who }),
            removeSome: (count) => t('manager.removeAdmins', { count }),
          }}
        />
      )}
      {!creator && rights.role !== 'observer' && (
        <Card size="small" data-testid="admins-creator-only">
          <Typography.Text type="secondary">{t('manager.adminsCreatorOnly')}</Typography.Text>
        </Card>
      )}
      {observing ? (
        managesObservers && (
          <RosterCard
            testId="observers"
            title={t('manager.observersTitle')}
            hint={t('manager.observersHint')}
            list={observers.data ?? []}
            loading={observers.isPending}
            failed={observers.isError}
            onRetry={() => void observers.refetch()}
            refreshing={observers.isFetching && !observers.isPending}
            onRefresh={() => void observers.refetch()}
            onAdd={() => setAdding('observer')}
            onRemove={removeObservers}
            texts={{
              empty: t('manager.noObservers'),
              removeOne: (who) => t('manager.removeObserverOne', { name: who }),
              removeSome: (count) => t('manager.removeObservers', { count }),
            }}
          />
        )
      ) : (
        <Alert type="info" showIcon data-testid="observers-off" title={t('manager.observersOff')} />
      )}
      {creator && (
        <Card
          data-testid="danger-zone"
          title={<Typography.Text type="danger">{t('manager.dangerTitle')}</Typography.Text>}
          style={{ borderColor: '#f1c0b9' }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
            <Typography.Text type="secondary">{t('manager.deleteHint')}</Typography.Text>
            <Button
              danger
              icon={<DeleteOutlined />}
              data-testid="delete-contest"
              onClick={() => setDeleting(true)}
            >
              {t('manager.deleteButton')}
            </Button>
          </div>
        </Card>
      )}
      <AccountLookupDialog
        open={adding !== null}
        testId={adding === 'observer' ? 'observer-add' : 'admin-add'}
        title={adding === 'observer' ? t('manager.addObserversTitle') : t('manager.addAdminsTitle')}
        hint={
          adding === 'observer'
            ? t('manager.addObserversHint')
            : t('manager.addAdminsHint', { max: LIMITS.ADMINS_MAX })
        }
        confirmText={(count) =>
          adding === 'observer'
            ? t('manager.addObserversConfirm', { count })
            : t('manager.addAdminsConfirm', { count })
        }
        options={
          adding === 'admin' && (
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('manager.addRoleLabel')}</Typography.Text>
              <Radio.Group
                data-testid="admin-add-role"
                value={addRole}
                onChange={(e) => setAddRole(e.target.value)}
                options={GRANTED_ROLES.map((role) => ({ value: role, label: roleName(role) }))}
              />
              <Typography.Text type="secondary">
                {t(
                  addRole === GRANTED_ROLES[1]
                    ? 'manager.roleHintChat'
                    : addRole === GRANTED_ROLES[2]
                      ? 'manager.roleHintPlayer'
                      : 'manager.roleHintAdmin',
                )}
              </Typography.Text>
            </Space>
          )
        }
        excluded={adding === 'admin' ? notAdminable : undefined}
        excludedTitle={(count) => t('manager.notOffered', { count })}
        onCancel={() => setAdding(null)}
        onConfirm={adding === 'observer' ? addObservers : addAdmins}
      />
      <DeleteContestDialog
        open={deleting}
        contestId={contest.contest_id}
        name={name}
        onCancel={() => setDeleting(false)}
        onDelete={remove}
      />
    </Space>
  );
}
