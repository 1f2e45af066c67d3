import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { encodeAccountId, LIMITS } from '@taikai/protocol';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarkedGame } from '../../../api/game-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { formatMinute } from '../../../components/time';
import { CSV_COOLDOWN_KEYS, CsvExportDialog, useCsvCooldown } from './CsvExportDialog';
import { csvWords, yimanText } from './csvWords';
import { collectPages } from './exportPages';
import { fetchMarkedPage, useMarkedPage } from './queries';
import { RECORD_PAGE_SIZES } from './RecordsTab';
import { markedCsvRows, markedHand } from './recordView';

/**
 * The season's yakuman-marked games (spec §2 record, marked records): time, player, the yakuman, its size
 * (counted yakuman, or the multiple), the hand; CSV export of up to 10 pages.
 */
export function MarkedTab({
  uniqueId,
  seasonId,
  fileBase,
}: {
  uniqueId: number;
  seasonId: number;
  fileBase: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(RECORD_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const cooldown = useCsvCooldown(CSV_COOLDOWN_KEYS.marked);
  const marked = useMarkedPage(uniqueId, seasonId, (page - 1) * pageSize, pageSize);
  const data = marked.data;
  const rows = data?.records ?? [];
  const total = data?.total ?? 0;

  useEffect(() => {
    if (!data || marked.isPlaceholderData || data.records.length > 0 || page === 1) return;
    setPage(Math.max(1, Math.ceil(data.total / pageSize)));
  }, [data, marked.isPlaceholderData, page, pageSize]);

  const collect = async (onProgress: (done: number, total: number) => void, cancelled: () => boolean) => {
    const list = await collectPages(
      async (offset, limit) => {
        const answer = await fetchMarkedPage(uniqueId, seasonId, offset, limit, false);
        return { items: answer.records, total: answer.total };
      },
      {
        pageSize: LIMITS.DOWNLOAD_PAGE_SIZE,
        maxItems: LIMITS.YAKUMAN_EXPORT_PAGES * LIMITS.DOWNLOAD_PAGE_SIZE,
        onProgress,
        cancelled,
      },
    );
    return list && markedCsvRows(list, csvWords(t));
  };

  return (
    <div data-testid="marked-tab">
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" data-testid="marked-total">
          {t('record.markedTotal', { count: total })}
        </Typography.Text>
        <Space>
          <Button
            data-testid="marked-refresh"
            loading={marked.isFetching && !marked.isPending}
            onClick={() => void marked.refetch()}
          >
            {t('common.refresh')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            data-testid="marked-export"
            disabled={total === 0}
            onClick={() => cooldown.allowed() && setExporting(true)}
          >
            {t('record.export')}
          </Button>
        </Space>
      </Space>

      {marked.isError && (
        <LoadFailedAlert
          style={{ marginBottom: 16 }}
          retrying={marked.isFetching}
          onRetry={() => void marked.refetch()}
        />
      )}

      <Table<MarkedGame>
        data-testid="marked-table"
        rowKey={(m) =>
          `${m.game_uuid}-${m.account_id}-${m.info.chang}-${m.info.ju}-${m.info.ben}-${m.yaku.join()}`
        }
        size="middle"
        loading={(marked.isPending && !marked.isError) || (marked.isFetching && marked.isPlaceholderData)}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(m) => (m.removed === 1 ? 'record-row-removed' : '')}
        onRow={(m) =>
          ({ 'data-testid': `marked-row-${m.game_uuid}`, 'data-removed': String(m.removed) }) as never
        }
        locale={{ emptyText: <Empty data-testid="marked-empty" description={t('record.markedEmpty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total,
          pageSizeOptions: RECORD_PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (count: number) => t('record.markedTotal', { count }),
          onChange: (p: number, size: number) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
        columns={[
          {
            title: t('record.time'),
            dataIndex: 'start_time',
            width: 150,
            render: (time: number) => formatMinute(time),
          },
          {
            title: t('record.player'),
            key: 'player',
            render: (_: unknown, m: MarkedGame) =>
              m.account_id === 0 ? (
                <Typography.Text type="secondary">{t('matchManage.robot')}</Typography.Text>
              ) : (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{m.nickname}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {encodeAccountId(m.account_id)}
                  </Typography.Text>
                </Space>
              ),
          },
          {
            title: t('record.yaku'),
            dataIndex: 'yaku',
            render: (yaku: string[]) => (
              <Space size={[4, 4]} wrap>
                {yaku.map((name) => (
                  <Tag key={name} color="gold">
                    {name}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('record.yiman'),
            dataIndex: 'yiman',
            render: (yiman: number, m: MarkedGame) => (
              <Typography.Text data-testid={`marked-yiman-${m.game_uuid}`}>
                {yimanText(t, yiman)}
              </Typography.Text>
            ),
          },
          {
            title: t('record.round'),
            key: 'round',
            render: (_: unknown, m: MarkedGame) => {
              const { wind, hand, ben } = markedHand(m.info);
              return t('record.roundText', { wind: t(`matchManage.winds.${wind}`), hand, count: ben });
            },
          },
          {
            title: t('record.game'),
            dataIndex: 'game_uuid',
            render: (uuid: string, m: MarkedGame) => (
              <Space size={4}>
                <Tooltip title={uuid}>
                  <Typography.Text copyable={{ text: uuid }} code>
                    {uuid.slice(0, 8)}
                  </Typography.Text>
                </Tooltip>
                {m.removed === 1 && <Tag color="red">{t('record.removedTag')}</Tag>}
              </Space>
            ),
          },
        ]}
      />

      <CsvExportDialog
        open={exporting}
        title={t('record.markedExportTitle')}
        description={t('record.markedExportHint', {
          max: LIMITS.YAKUMAN_EXPORT_PAGES * LIMITS.DOWNLOAD_PAGE_SIZE,
        })}
        fileName={`${fileBase}-yakuman.csv`}
        cooldownKey={CSV_COOLDOWN_KEYS.marked}
        testId="marked-export"
        collect={collect}
        onClose={() => setExporting(false)}
      />
    </div>
  );
}
