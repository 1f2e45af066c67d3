import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '../../../components/LiveStatus';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';

/**
 * A card of the match-manage page listing the season's tables of one kind: title with the table count, the
 * live-status badge and a refresh button, the load-failed alert, then the table (unpaged) with its empty state.
 * `testId` names the parts: `<testId>-games` (the card), `-total`, `-refresh`, `-table` and `-empty`.
 */
export function GamesCard<T extends object>({
  testId,
  title,
  emptyText,
  query,
  live,
  refreshS,
  rowKey,
  rowTestId,
  columns,
  children,
}: {
  testId: string;
  title: string;
  emptyText: string;
  query: UseQueryResult<T[]>;
  live: boolean;
  /** How often the list is read again while the season stream is down, for the badge. */
  refreshS: number;
  rowKey: keyof T & string;
  rowTestId: (row: T) => string;
  columns: ColumnsType<T>;
  /** Dialogs of the card. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = query.data ?? [];
  return (
    <Card
      data-testid={`${testId}-games`}
      title={
        <Space>
          {title}
          <Typography.Text type="secondary" data-testid={`${testId}-total`}>
            {t('matchManage.tables', { count: rows.length })}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size="middle">
          <LiveStatus live={live} intervalS={refreshS} testId="match-live-status" />
          <Button
            data-testid={`${testId}-refresh`}
            loading={query.isFetching && !query.isPending}
            onClick={() => void query.refetch()}
          >
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      {query.isError && (
        <LoadFailedAlert
          style={{ marginBottom: 16 }}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      <Table<T>
        data-testid={`${testId}-table`}
        rowKey={rowKey}
        size="middle"
        loading={query.isPending && !query.isError}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty data-testid={`${testId}-empty`} description={emptyText} /> }}
        onRow={(row) => ({ 'data-testid': rowTestId(row) }) as never}
        columns={columns}
      />
      {children}
    </Card>
  );
}
