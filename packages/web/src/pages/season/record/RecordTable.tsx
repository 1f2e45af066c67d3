import { LIMITS } from '@taikai/protocol';
import type { UseQueryResult } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { useEffect, useState } from 'react';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';

export const RECORD_PAGE_SIZES = [10, 20, 50, 100];

export interface RecordPaging {
  page: number;
  pageSize: number;
  /** The first row of the page, for the server. */
  offset: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

/** The page and page size of a record list, from the first page of the smallest size. */
export function useRecordPaging(): RecordPaging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(RECORD_PAGE_SIZES[0]);
  return { page, pageSize, offset: (page - 1) * pageSize, setPage, setPageSize };
}

/**
 * A list of the record page, paged by the server: the load-failed alert, then the table with its empty state and
 * pager. A removed game's row is greyed (`data-removed`); a page emptied by the last change gives way to the last
 * page that still has rows. `testId` names the table `<testId>-table` and its empty state `<testId>-empty`.
 */
export function RecordTable<T extends { removed: number }>({
  testId,
  query,
  rows,
  total,
  paging,
  rowKey,
  rowTestId,
  emptyText,
  showTotal,
  columns,
}: {
  testId: string;
  query: UseQueryResult<unknown>;
  rows: T[];
  total: number;
  paging: RecordPaging;
  rowKey: (keyof T & string) | ((row: T) => string);
  rowTestId: (row: T) => string;
  emptyText: string;
  showTotal: (count: number) => string;
  columns: ColumnsType<T>;
}) {
  const { page, pageSize, setPage, setPageSize } = paging;
  const answered = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (!answered || rows.length > 0 || page === 1) return;
    setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [answered, rows.length, total, page, pageSize, setPage]);

  return (
    <>
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
        loading={(query.isPending && !query.isError) || (query.isFetching && query.isPlaceholderData)}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.removed === 1 ? 'record-row-removed' : '')}
        onRow={(r) => ({ 'data-testid': rowTestId(r), 'data-removed': String(r.removed) }) as never}
        locale={{ emptyText: <Empty data-testid={`${testId}-empty`} description={emptyText} /> }}
        pagination={{
          current: page,
          pageSize,
          // Only the latest 1000 can be read (spec §9, 2556): the pager stops there, the count stays whole.
          total: Math.min(total, LIMITS.RECORDS_LATEST_MAX),
          pageSizeOptions: RECORD_PAGE_SIZES,
          showSizeChanger: true,
          showTotal: () => showTotal(total),
          onChange: (p: number, size: number) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        columns={columns}
      />
    </>
  );
}
