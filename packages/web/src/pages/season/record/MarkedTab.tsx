import { encodeAccountId, LIMITS } from '@taikai/protocol';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { MarkedGame } from '../../../api/game-calls';
import { formatMinute } from '../../../components/time';
import { csvWords, yimanText } from './csvWords';
import { fetchMarkedPage, useMarkedPage } from './queries';
import { RecordExport } from './RecordExport';
import { RecordTable, useRecordPaging } from './RecordTable';
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
  const paging = useRecordPaging();
  const marked = useMarkedPage(uniqueId, seasonId, paging.offset, paging.pageSize);
  const data = marked.data;
  const rows = data?.records ?? [];
  const total = data?.total ?? 0;

  const fetchExportPage = async (offset: number, limit: number) => {
    const answer = await fetchMarkedPage(uniqueId, seasonId, offset, limit, false);
    return { items: answer.records, total: answer.total };
  };
  const maxExportRows = LIMITS.YAKUMAN_EXPORT_PAGES * LIMITS.DOWNLOAD_PAGE_SIZE;

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
          <RecordExport<MarkedGame>
            list="marked"
            testId="marked-export"
            disabled={total === 0}
            title={t('record.markedExportTitle')}
            description={t('record.markedExportHint', { max: maxExportRows })}
            fileName={`${fileBase}-yakuman.csv`}
            maxRows={maxExportRows}
            fetchPage={fetchExportPage}
            toRows={(list) => markedCsvRows(list, csvWords(t))}
          />
        </Space>
      </Space>

      <RecordTable<MarkedGame>
        testId="marked"
        query={marked}
        rows={rows}
        total={total}
        paging={paging}
        rowKey={(m) =>
          `${m.game_uuid}-${m.account_id}-${m.info.chang}-${m.info.ju}-${m.info.ben}-${m.yaku.join()}`
        }
        rowTestId={(m) => `marked-row-${m.game_uuid}`}
        emptyText={t('record.markedEmpty')}
        showTotal={(count) => t('record.markedTotal', { count })}
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
    </div>
  );
}
