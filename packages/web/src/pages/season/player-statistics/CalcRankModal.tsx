import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { LIMITS } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CalcRankRow,
  type CalcRankSetting,
  fetchSeasonPlayerCalcRank,
} from '../../../api/ranking-calls';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { useCalcRankPage } from './queries';
import { RankDownloadDialog } from './RankDownloadDialog';
import { calcRankColumns, rankCsvWords } from './rankColumns';
import {
  type CalcRankDraft,
  calcRankCsvRows,
  checkCalcDraft,
  DEFAULT_CALC_DRAFT,
  rankDownloadCap,
  showsFourth,
  uniqueRows,
} from './rankView';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The calculated ranking (spec §2, §5, §9): four position points (−100…100, summing to zero), a divisor (≥ 1) and
 * a minimum game count (≥ 0). Calculate and download stay disabled until the protocol accepts the setting.
 */
export function CalcRankModal({
  open,
  onClose,
  uniqueId,
  seasonId,
  playerCount,
  maxPlayerCount,
  fileBase,
}: {
  open: boolean;
  onClose: () => void;
  uniqueId: number;
  seasonId: number;
  playerCount: number;
  maxPlayerCount: number;
  fileBase: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CalcRankDraft>(DEFAULT_CALC_DRAFT);
  const [applied, setApplied] = useState<CalcRankSetting | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [downloading, setDownloading] = useState(false);
  const check = checkCalcDraft(draft);
  const offset = Math.min((page - 1) * pageSize, LIMITS.RANK_INFO_MAX);
  // Read only while the modal is open: a closed modal keeps its setting, not a live query.
  const result = useCalcRankPage(uniqueId, seasonId, open ? applied : null, offset, pageSize);
  const rows = result.data?.list ?? [];
  const total = result.data?.total ?? 0;
  const fourth = showsFourth(playerCount, rows);
  const cap = rankDownloadCap(maxPlayerCount);
  const words = { ...rankCsvWords(t), score: t('playerStats.calc.score') };

  const setPoint = (i: number, value: number | null) =>
    setDraft((d) => ({ ...d, points: d.points.map((p, j) => (j === i ? value : p)) }));

  const calculate = () => {
    if (!check.setting) return;
    setApplied(check.setting);
    setPage(1);
    // the same setting again reads the ranking again
    if (applied && JSON.stringify(applied) === JSON.stringify(check.setting)) void result.refetch();
  };

  const downloadSetting = check.setting;
  // The download button is disabled while the setting is invalid, so the dialog never reads without one.
  const fetchCalcPage = async (offset: number, limit: number) => {
    if (!downloadSetting) return { items: [], total: 0 };
    const answer = await fetchSeasonPlayerCalcRank({
      unique_id: uniqueId,
      season_id: seasonId,
      setting: downloadSetting,
      offset,
      limit,
    });
    return { items: answer.list, total: answer.total };
  };
  const calcCsv = (list: CalcRankRow[]) => {
    const players = uniqueRows(list);
    return calcRankCsvRows(players, words, showsFourth(playerCount, players));
  };

  const pointLabels = [1, 2, 3, 4].map((place) => t('playerStats.calc.pointOf', { place }));

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('playerStats.calc.title')}
      width={1080}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="calc-rank-modal">
        <Typography.Paragraph type="secondary">
          {t('playerStats.calc.formula')}
          <br />
          {t('playerStats.calc.fresh')}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Space wrap align="start" size="middle">
            {pointLabels.map((label, i) => (
              <Form.Item
                key={label}
                label={label}
                validateStatus={check.invalid.has('points') ? 'error' : undefined}
                style={{ marginBottom: 8 }}
              >
                <InputNumber
                  data-testid={`calc-point-${i + 1}`}
                  value={draft.points[i]}
                  min={LIMITS.CALC_POINT_MIN}
                  max={LIMITS.CALC_POINT_MAX}
                  precision={0}
                  onChange={(v) => setPoint(i, typeof v === 'number' ? v : null)}
                  style={{ width: 110 }}
                />
              </Form.Item>
            ))}
            <Form.Item
              label={t('playerStats.calc.divisor')}
              validateStatus={check.invalid.has('divisor') ? 'error' : undefined}
              style={{ marginBottom: 8 }}
            >
              <InputNumber
                data-testid="calc-divisor"
                value={draft.divisor}
                min={LIMITS.CALC_DIVISOR_MIN}
                max={1_000_000}
                onChange={(v) => setDraft((d) => ({ ...d, divisor: typeof v === 'number' ? v : null }))}
                style={{ width: 110 }}
              />
            </Form.Item>
            <Form.Item
              label={t('playerStats.calc.minGames')}
              validateStatus={check.invalid.has('min_games') ? 'error' : undefined}
              style={{ marginBottom: 8 }}
            >
              <InputNumber
                data-testid="calc-min-games"
                value={draft.min_games}
                min={LIMITS.CALC_MIN_GAMES_MIN}
                max={1_000_000}
                precision={0}
                onChange={(v) => setDraft((d) => ({ ...d, min_games: typeof v === 'number' ? v : null }))}
                style={{ width: 110 }}
              />
            </Form.Item>
          </Space>
        </Form>
        <Space wrap style={{ marginBottom: 16 }}>
          <Tag color={check.sum === 0 ? 'green' : 'red'} data-testid="calc-sum">
            {t('playerStats.calc.sum', { sum: check.sum })}
          </Tag>
          {check.invalid.has('points') && (
            <Typography.Text type="danger" data-testid="calc-points-hint">
              {t('playerStats.calc.pointsRule', {
                min: LIMITS.CALC_POINT_MIN,
                max: LIMITS.CALC_POINT_MAX,
              })}
            </Typography.Text>
          )}
          <Button
            type="primary"
            icon={<CalculatorOutlined />}
            disabled={!check.setting}
            loading={result.isFetching && applied !== null}
            onClick={calculate}
            data-testid="calc-run"
          >
            {t('playerStats.calc.run')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            disabled={!check.setting}
            onClick={() => setDownloading(true)}
            data-testid="calc-download"
          >
            {t('playerStats.download.button')}
          </Button>
        </Space>
        {applied === null ? (
          <Alert type="info" showIcon message={t('playerStats.calc.notYet')} />
        ) : result.isError ? (
          <LoadFailedAlert retrying={result.isFetching} onRetry={() => void result.refetch()} />
        ) : (
          <Table<CalcRankRow>
            data-testid="calc-rank-table"
            rowKey="account_id"
            size="small"
            columns={calcRankColumns(t, fourth)}
            dataSource={rows}
            loading={result.isPending || (result.isFetching && result.isPlaceholderData)}
            scroll={{ y: 420 }}
            locale={{
              emptyText: (
                <Empty
                  data-testid="calc-rank-empty"
                  description={t('playerStats.calc.empty', { count: applied.min_games })}
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize,
              total: Math.min(total, LIMITS.RANK_INFO_MAX),
              pageSizeOptions: PAGE_SIZES,
              showSizeChanger: true,
              showTotal: () => t('playerStats.totalPlayers', { count: total }),
              onChange: (p, size) => {
                setPage(size !== pageSize ? 1 : p);
                setPageSize(size);
              },
            }}
          />
        )}
      </div>
      <RankDownloadDialog
        open={downloading}
        title={t('playerStats.calc.downloadTitle')}
        description={t('playerStats.download.calcDescription', { max: cap.rows, pages: cap.pages })}
        defaultName={`${fileBase}-calculated-ranking.csv`}
        testId="calc-rank-download"
        maxRows={cap.rows}
        fetchPage={fetchCalcPage}
        toRows={calcCsv}
        onClose={() => setDownloading(false)}
      />
    </Modal>
  );
}
