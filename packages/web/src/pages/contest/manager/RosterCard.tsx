import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { encodeAccountId } from '@taikai/protocol';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedAccount } from '../../../api/calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';

/**
 * A roster of accounts (admins or observers): nickname and public id; add; a manager mode with multi-select
 * delete; delete all. Every removal is confirmed.
 */
export function RosterCard<T extends ListedAccount = ListedAccount>({
  testId,
  title,
  hint,
  list,
  loading,
  failed,
  onRetry,
  refreshing,
  onRefresh,
  readOnly,
  addBlocked,
  onAdd,
  onRemove,
  texts,
  columns = [],
}: {
  /** Prefix of the card's test ids (`<testId>-add`, `<testId>-row-<publicId>` …). */
  testId: string;
  title: ReactNode;
  hint?: ReactNode;
  list: readonly T[];
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  refreshing?: boolean;
  onRefresh?: () => void;
  /** Nothing can be changed (shown to observers). */
  readOnly?: boolean;
  /** Why adding is not possible now (the roster is full), or undefined. */
  addBlocked?: string;
  onAdd: () => void;
  /** Removes the accounts; resolves when done (the dialog stays open on failure). */
  onRemove: (accounts: T[]) => Promise<void>;
  texts: { empty: string; removeOne: (name: string) => string; removeSome: (count: number) => string };
  /** More columns, after the public id (the admins' role). */
  columns?: ColumnsType<T>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const confirmRemove = (accounts: T[], title: string) =>
    modal.confirm({
      title,
      content: (
        <Typography.Paragraph style={{ maxHeight: 200, overflowY: 'auto', marginBottom: 0 }}>
          {accounts.map((a) => `${a.nickname} (${encodeAccountId(a.account_id)})`).join(', ')}
        </Typography.Paragraph>
      ),
      okText: t('manager.remove'),
      okButtonProps: { danger: true, 'data-testid': `${testId}-remove-confirm` },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await onRemove(accounts);
        setSelected([]);
      },
    });

  const chosen = list.filter((a) => selected.includes(a.account_id));
  const showManaging = managing && !readOnly && list.length > 0;

  return (
    <Card
      data-testid={testId}
      title={
        <Space>
          {title}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }} data-testid={`${testId}-count`}>
            {t('manager.count', { count: list.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space wrap>
          {onRefresh && (
            <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
              {t('common.refresh')}
            </Button>
          )}
          {!readOnly && (
            <>
              <Space size={6}>
                <Switch
                  size="small"
                  data-testid={`${testId}-manager-mode`}
                  checked={showManaging}
                  disabled={list.length === 0}
                  onChange={(on) => {
                    setManaging(on);
                    setSelected([]);
                  }}
                />
                <Typography.Text>{t('manager.managerMode')}</Typography.Text>
              </Space>
              {showManaging && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  data-testid={`${testId}-delete-selected`}
                  disabled={chosen.length === 0}
                  onClick={() => confirmRemove(chosen, texts.removeSome(chosen.length))}
                >
                  {t('manager.deleteSelected', { count: chosen.length })}
                </Button>
              )}
              {showManaging && (
                <Button
                  danger
                  data-testid={`${testId}-delete-all`}
                  onClick={() => confirmRemove([...list], texts.removeSome(list.length))}
                >
                  {t('manager.deleteAll')}
                </Button>
              )}
              <Tooltip title={addBlocked}>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid={`${testId}-add`}
                  disabled={!!addBlocked}
                  onClick={onAdd}
                >
                  {t('manager.add')}
                </Button>
              </Tooltip>
            </>
          )}
        </Space>
      }
    >
      {hint && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {hint}
        </Typography.Paragraph>
      )}
      {failed ? (
        <LoadFailedAlert retrying={!!refreshing} onRetry={() => onRetry?.()} />
      ) : (
        <Table<T>
          size="small"
          rowKey="account_id"
          loading={loading}
          dataSource={[...list]}
          pagination={list.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          rowSelection={
            showManaging
              ? {
                  selectedRowKeys: selected,
                  onChange: (rowKeys) => setSelected(rowKeys.map(Number)),
                  getCheckboxProps: (a) => ({ 'aria-label': a.nickname }) as never,
                }
              : undefined
          }
          onRow={(a) => ({ 'data-testid': `${testId}-row-${encodeAccountId(a.account_id)}` }) as never}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} />,
          }}
          columns={[
            {
              title: t('players.nickname'),
              dataIndex: 'nickname',
              render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
            },
            {
              title: t('players.publicId'),
              key: 'publicId',
              width: 180,
              render: (_, a) => (
                <Typography.Text copyable style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {String(encodeAccountId(a.account_id))}
                </Typography.Text>
              ),
            },
            ...columns,
            ...(readOnly || showManaging
              ? []
              : [
                  {
                    title: t('players.actions'),
                    key: 'actions',
                    width: 120,
                    render: (_: unknown, a: T) => (
                      <Button
                        type="link"
                        danger
                        size="small"
                        data-testid={`${testId}-remove-${encodeAccountId(a.account_id)}`}
                        onClick={() => confirmRemove([a], texts.removeOne(a.nickname))}
                      >
                        {t('manager.remove')}
                      </Button>
                    ),
                  },
                ]),
          ]}
        />
      )}
    </Card>
  );
}
