import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import { LIMITS } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameRecord, setGameRecordTag, updateGameRecord } from '../../../api/game-calls';
import { keys } from '../../../api/queries';
import { RemarkCell } from '../../../components/players/RemarkCell';
import { DATE_TIME_FORMAT, formatMinute, formatRange } from '../../../components/time';
import { csvWords } from './csvWords';
import { PlacementList } from './PlacementList';
import { fetchRecordPage, type RecordQuery, useRecordPage } from './queries';
import { RecordExport } from './RecordExport';
import { RecordFileButton } from './RecordFileButton';
import { RecordTable, useRecordPaging } from './RecordTable';
import { ReplayButton } from './ReplayButton';
import { DEFAULT_WINDOW_DAYS, defaultWindow, lastDays, recordCsvRows, windowParams } from './recordView';

/**
 * The season's game records (spec §2 record): ended in a window (last 7 days by default), paged by the server;
 * tags, remove / restore, the game file with its verification, and the CSV export.
 */
export function RecordsTab({
  uniqueId,
  seasonId,
  readOnly,
  fileBase,
}: {
  uniqueId: number;
  seasonId: number;
  readOnly: boolean;
  /** The start of the export's file name (tournament and season). */
  fileBase: string;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(() => defaultWindow());
  const paging = useRecordPaging();
  const { page, setPage } = paging;
  const [token, setToken] = useState<string | undefined>(undefined);

  const windowQuery = windowParams(range);
  // The first page reads the list as it is now; the pages after it read it as it stood then (its token).
  const query: RecordQuery = {
    offset: paging.offset,
    limit: paging.pageSize,
    ...windowQuery,
    ...(page > 1 && token ? { token } : {}),
  };
  const records = useRecordPage(uniqueId, seasonId, query);
  const data = records.data;
  const answeredToken = page === 1 && !records.isPlaceholderData ? data?.token : undefined;
  useEffect(() => {
    if (answeredToken) setToken(answeredToken);
  }, [answeredToken]);

  const rows = data?.record_list ?? [];
  const total = data?.total ?? 0;
  const reload = () =>
    queryClient.invalidateQueries({ queryKey: [...keys.games(uniqueId, seasonId), 'records'] });
  const base = { unique_id: uniqueId, season_id: seasonId };

  const saveTag = async (record: GameRecord, tag: string) => {
    await setGameRecordTag({ ...base, uuid: record.uuid, tag });
    void message.success(t('record.tagSaved'));
    await reload();
  };

  const setRemoved = async (record: GameRecord, remove: 0 | 1) => {
    await updateGameRecord({ ...base, uuid: record.uuid, remove });
    void message.success(t(remove === 1 ? 'record.removed' : 'record.restored'));
    await Promise.all([
      reload(),
      queryClient.invalidateQueries({ queryKey: [...keys.games(uniqueId, seasonId), 'marked'] }),
    ]);
  };

  const confirmRemove = (record: GameRecord) =>
    modal.confirm({
      title: t('record.removeTitle', { time: formatMinute(record.end_time) }),
      content: t('record.removeHint'),
      okText: t('record.remove'),
      okButtonProps: { danger: true, 'data-testid': 'record-remove-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => setRemoved(record, 1),
    });

  const restore = async (record: GameRecord) => {
    try {
      await setRemoved(record, 0);
    } catch {
      // the client has shown the error
    }
  };

  const changeRange = (next: [Dayjs, Dayjs] | null) => {
    setRange(next);
    setPage(1);
    setToken(undefined);
  };

  // An export reads the list as it stood at its first page (that page's token), in the window shown.
  const exportToken = useRef<string | undefined>(undefined);
  const fetchExportPage = async (offset: number, limit: number) => {
    if (offset === 0) exportToken.current = undefined;
    const asOf = exportToken.current;
    const answer = await fetchRecordPage(
      uniqueId,
      seasonId,
      { offset, limit, ...windowQuery, ...(asOf ? { token: asOf } : {}) },
      false,
    );
    exportToken.current ??= answer.token;
    return { items: answer.record_list, total: answer.total };
  };

  return (
    <div data-testid="records-tab">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Typography.Text>{t('record.window')}</Typography.Text>
          <DatePicker.RangePicker
            data-testid="record-window"
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            value={range}
            allowClear
            presets={[
              { label: t('record.last7Days'), value: lastDays(DEFAULT_WINDOW_DAYS) },
              { label: t('record.last30Days'), value: lastDays(30) },
            ]}
            onChange={(values) => changeRange(values?.[0] && values[1] ? [values[0], values[1]] : null)}
          />
          <Typography.Text type="secondary" data-testid="record-total">
            {t('record.total', { count: total })}
          </Typography.Text>
        </Space>
        <Space>
          <Button
            data-testid="record-refresh"
            loading={records.isFetching && !records.isPending}
            onClick={() => {
              setToken(undefined);
              setPage(1);
              void reload();
            }}
          >
            {t('common.refresh')}
          </Button>
          <RecordExport<GameRecord>
            list="records"
            testId="record-export"
            disabled={total === 0}
            title={t('record.exportTitle')}
            description={
              range
                ? t('record.exportWindow', {
                    range: formatRange(range[0].unix(), range[1].unix()),
                    max: LIMITS.RECORDS_LATEST_MAX,
                  })
                : t('record.exportAll', { max: LIMITS.RECORDS_LATEST_MAX })
            }
            fileName={`${fileBase}-records.csv`}
            maxRows={LIMITS.RECORDS_LATEST_MAX}
            fetchPage={fetchExportPage}
            toRows={(list) => recordCsvRows(list, csvWords(t))}
          />
        </Space>
      </Space>

      <RecordTable<GameRecord>
        testId="record"
        query={records}
        rows={rows}
        total={total}
        paging={paging}
        rowKey="uuid"
        rowTestId={(r) => `record-row-${r.uuid}`}
        emptyText={
          range
            ? t('record.emptyWindow', { range: formatRange(range[0].unix(), range[1].unix()) })
            : t('record.empty')
        }
        showTotal={(count) => t('record.total', { count })}
        columns={[
          {
            title: t('record.time'),
            key: 'time',
            width: 160,
            render: (_: unknown, r: GameRecord) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{formatMinute(r.end_time)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('record.started', { time: formatMinute(r.start_time) })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('record.tag'),
            dataIndex: 'tag',
            render: (tag: string, r: GameRecord) => (
              <Space orientation="vertical" size={2}>
                <RemarkCell
                  kind="record_tag"
                  value={tag}
                  readOnly={readOnly}
                  testId={`record-tag-${r.uuid}`}
                  onSave={(next) => saveTag(r, next)}
                />
                {r.removed === 1 && (
                  <Tag color="red" data-testid={`record-removed-${r.uuid}`}>
                    {t('record.removedTag')}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('record.players'),
            key: 'players',
            render: (_: unknown, r: GameRecord) => <PlacementList record={r} />,
          },
          {
            title: t('record.actions'),
            key: 'actions',
            align: 'right' as const,
            render: (_: unknown, r: GameRecord) => (
              <Space>
                <ReplayButton uuid={r.uuid} />
                <RecordFileButton uniqueId={uniqueId} seasonId={seasonId} uuid={r.uuid} />
                {!readOnly &&
                  (r.removed === 1 ? (
                    <Button
                      size="small"
                      icon={<UndoOutlined />}
                      data-testid={`record-restore-${r.uuid}`}
                      onClick={() => void restore(r)}
                    >
                      {t('record.restore')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid={`record-remove-${r.uuid}`}
                      onClick={() => confirmRemove(r)}
                    >
                      {t('record.remove')}
                    </Button>
                  ))}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
