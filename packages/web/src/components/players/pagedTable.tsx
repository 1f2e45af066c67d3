import type { UseQueryResult } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Table, { type TableProps } from 'antd/es/table';
import type { Key } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../LoadFailedAlert';

/** The search text and page of a player list that the server pages. */
export interface Paging {
  search: string;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** A new search starts again at the first page. */
  onSearch: (text: string) => void;
}

export function usePaging(pageSizes: readonly number[]): Paging {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  return {
    search,
    page,
    pageSize,
    pageSizes,
    setPage,
    setPageSize,
    onSearch: (text) => {
      setSearch(text);
      setPage(1);
    },
  };
}

type PageQuery<T> = Pick<
  UseQueryResult<{ list: T[]; total: number }>,
  'data' | 'isPending' | 'isFetching' | 'isPlaceholderData'
>;

/**
 * The table props of one server page of `query`: rows, loading, the pager. A page emptied by the last change
 * shows the last page that still has rows.
 */
export function usePagedTable<T>(paging: Paging, query: PageQuery<T>) {
  const { t } = useTranslation();
  const { page, pageSize, pageSizes, setPage, setPageSize } = paging;
  const { data, isPlaceholderData } = query;

  useEffect(() => {
    if (!data || isPlaceholderData || data.list.length > 0 || page === 1) return;
    setPage(Math.max(1, Math.ceil(data.total / pageSize)));
  }, [data, isPlaceholderData, page, pageSize, setPage]);

  const total = data?.total ?? 0;
  const rows = data?.list ?? [];
  const tableProps = {
    loading: query.isPending || (query.isFetching && isPlaceholderData),
    dataSource: rows,
    pagination: {
      current: page,
      pageSize,
      total,
      pageSizeOptions: [...pageSizes],
      showSizeChanger: true,
      showTotal: (count: number) => t('players.total', { count }),
      onChange: (p: number, size: number) => {
        setPage(size !== pageSize ? 1 : p);
        setPageSize(size);
      },
    },
  } satisfies TableProps<T>;
  return { total, rows, tableProps };
}

/**
 * The selection after the table reported `tableRows` selected: the rows of other pages stay selected, this page's
 * rows are those the table reports.
 */
export function mergePageSelection<T>(
  current: readonly T[],
  pageRows: readonly T[],
  tableRows: readonly (T | undefined)[],
  keyOf: (row: T) => Key,
): T[] {
  const onPage = new Set(pageRows.map(keyOf));
  const kept = current.filter((r) => !onPage.has(keyOf(r)));
  return [...kept, ...tableRows.filter((r): r is T => r !== undefined && onPage.has(keyOf(r)))];
}

/**
 * A table's row selection that keeps the rows selected on other pages: this page's rows follow the table.
 * `pageRows` are the rows shown now; rows are told apart by `keyOf`.
 */
export function useCrossPageSelection<T>(pageRows: readonly T[], keyOf: (row: T) => Key) {
  const [selected, setSelected] = useState<T[]>([]);
  const rowSelection = {
    selectedRowKeys: selected.map(keyOf),
    preserveSelectedRowKeys: true,
    onChange: (_keys: Key[], rows: (T | undefined)[]) =>
      setSelected((current) => mergePageSelection(current, pageRows, rows, keyOf)),
  } satisfies TableProps<T>['rowSelection'];
  /** Forgets the rows with these keys (after they were acted on). */
  const drop = (dropped: readonly Key[]) => setSelected((s) => s.filter((r) => !dropped.includes(keyOf(r))));
  return { selected, rowSelection, drop, clear: () => setSelected([]) };
}

/**
 * A table of players (`<testId>-table`, rows told apart by account id) or, when `query` failed, the retry
 * notice. The empty text (`<testId>-empty`) says whether the search matched nothing or the list is `empty`.
 */
export function PlayerTable<T extends { account_id: number }>({
  query,
  testId,
  search,
  empty,
  ...table
}: {
  query: Pick<UseQueryResult, 'isError' | 'isFetching' | 'refetch'>;
  testId: string;
  search: string;
  empty: string;
} & Omit<TableProps<T>, 'rowKey' | 'size' | 'locale'>) {
  const { t } = useTranslation();
  if (query.isError) {
    return <LoadFailedAlert retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return (
    <Table<T>
      data-testid={`${testId}-table`}
      rowKey="account_id"
      size="middle"
      locale={{
        emptyText: (
          <Empty
            data-testid={`${testId}-empty`}
            description={search ? t('players.noMatch', { search }) : empty}
          />
        ),
      }}
      {...table}
    />
  );
}
