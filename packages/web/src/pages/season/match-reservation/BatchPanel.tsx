import ClearOutlined from '@ant-design/icons/ClearOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import { ErrorCode, type PlayerCount } from '@taikai/protocol';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { type BatchRow, batchRows, type LineError, lineKey, pruneLineErrors, withoutLines } from './batch';

/** Codes that refuse every line alike: planning the rest is pointless. */
const SEASON_WIDE = new Set<number>([
  ErrorCode.AUTO_MATCH_ON,
  ErrorCode.NOT_STARTED,
  ErrorCode.ALREADY_ENDED,
  ErrorCode.SEASON_ENDED_READONLY,
  ErrorCode.NO_PERMISSION,
]);

/**
 * The batch list (spec §2, §5): lines of exactly player-count public ids, comma or space separated, 0 for a
 * robot. Each line's error is shown in its row (the browser's checks, then what the server refused); lines
 * planned go away. Start all, per-line plan and delete, clear. The lines use the panel's start options.
 */
export function BatchPanel({
  playerCount,
  blocked,
  onPlan,
}: {
  playerCount: PlayerCount;
  /** Why nothing may be planned now, or null. */
  blocked: ReactNode | null;
  /** Plans one line's seats (internal ids, 0 = robot); throws the server's refusal. */
  onPlan: (accountList: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ReadonlyMap<string, LineError>>(new Map());
  const [working, setWorking] = useState<{ done: number; total: number } | null>(null);
  const [planningLine, setPlanningLine] = useState<number | null>(null);
  const rows = useMemo(() => batchRows(text, playerCount), [text, playerCount]);
  const plannable = rows.filter((r) => r.result.ok);
  const busy = working !== null || planningLine !== null;

  const errorOf = (error: unknown): LineError =>
    error instanceof ApiError
      ? { code: error.code, text: error.message }
      : { code: 0, text: t('matchReservation.lineFailed') };

  /** Plans the rows in order; the planned ones leave the text, the refused ones keep the server's error. */
  const plan = async (targets: BatchRow[]) => {
    const planned = new Set<number>();
    let failed = 0;
    const next = new Map(errors);
    for (const [i, row] of targets.entries()) {
      if (!row.result.ok) continue;
      try {
        await onPlan(row.result.account_list);
        planned.add(row.index);
        next.delete(lineKey(row.line));
      } catch (error) {
        next.set(lineKey(row.line), errorOf(error));
        failed += 1;
        // A refusal of the whole season (auto-match on, season not running, no right) refuses every line.
        if (error instanceof ApiError && SEASON_WIDE.has(error.code)) break;
      }
      setWorking((w) => (w ? { ...w, done: i + 1 } : w));
    }
    const rest = withoutLines(text, planned);
    setText(rest);
    setErrors(pruneLineErrors(next, batchRows(rest, playerCount)));
    return { planned: planned.size, failed };
  };

  const startAll = async () => {
    setWorking({ done: 0, total: plannable.length });
    try {
      const { planned, failed } = await plan(plannable);
      if (failed === 0) void message.success(t('matchReservation.batchPlanned', { count: planned }));
      else void message.warning(t('matchReservation.batchPartly', { planned, failed }));
    } finally {
      setWorking(null);
    }
  };

  const planOne = async (row: BatchRow) => {
    setPlanningLine(row.index);
    try {
      const { planned } = await plan([row]);
      if (planned === 1) void message.success(t('matchReservation.batchPlanned', { count: 1 }));
    } finally {
      setPlanningLine(null);
    }
  };

  const remove = (row: BatchRow) => {
    const rest = withoutLines(text, new Set([row.index]));
    setText(rest);
    setErrors(pruneLineErrors(errors, batchRows(rest, playerCount)));
  };

  const clear = () =>
    modal.confirm({
      title: t('matchReservation.clearConfirm'),
      okText: t('matchReservation.clear'),
      okButtonProps: { danger: true, 'data-testid': 'batch-clear-confirm' },
      cancelText: t('common.cancel'),
      onOk: () => {
        setText('');
        setErrors(new Map());
      },
    });

  const statusOf = (row: BatchRow) => {
    if (!row.result.ok)
      return (
        <Typography.Text type="danger" data-testid={`batch-row-${row.index}-error`}>
          {t(`matchReservation.idErrors.${row.result.error}`, { count: playerCount })}
        </Typography.Text>
      );
    const serverError = errors.get(lineKey(row.line));
    if (serverError)
      return (
        <Typography.Text
          type="danger"
          data-testid={`batch-row-${row.index}-error`}
          data-code={serverError.code}
        >
          {serverError.text}
        </Typography.Text>
      );
    return (
      <Tag color="green" data-testid={`batch-row-${row.index}-ok`}>
        {t('matchReservation.lineOk')}
      </Tag>
    );
  };

  return (
    <Card
      size="small"
      title={t('matchReservation.batchTitle')}
      data-testid="batch-panel"
      extra={
        <Space>
          <Tooltip
            title={blocked ?? (plannable.length === 0 ? t('matchReservation.batchNothing') : undefined)}
          >
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={blocked !== null || plannable.length === 0 || (busy && working === null)}
              loading={working !== null}
              data-testid="batch-start-all"
              onClick={() => void startAll()}
            >
              {t('matchReservation.startAll', { count: plannable.length })}
            </Button>
          </Tooltip>
          <Button
            icon={<ClearOutlined />}
            disabled={busy || text.trim() === ''}
            data-testid="batch-clear"
            onClick={clear}
          >
            {t('matchReservation.clear')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('matchReservation.batchHint', { count: playerCount })}
        </Typography.Text>
        <Input.TextArea
          value={text}
          disabled={busy}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t(`matchReservation.batchPlaceholder${playerCount}`)}
          data-testid="batch-text"
          onChange={(e) => setText(e.target.value)}
        />
        {working && (
          <Progress
            percent={Math.round((working.done / Math.max(1, working.total)) * 100)}
            size="small"
            data-testid="batch-progress"
          />
        )}
        {rows.length > 0 && (
          <Table<BatchRow>
            size="small"
            rowKey={(row) => `${row.index}:${row.line}`}
            dataSource={rows}
            pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
            data-testid="batch-rows"
            onRow={(row) => ({ 'data-testid': `batch-row-${row.index}` }) as object}
            columns={[
              { key: 'n', title: '#', width: 48, render: (_, row) => row.index + 1 },
              {
                key: 'line',
                title: t('matchReservation.batchLine'),
                render: (_, row) => (
                  <Typography.Text code ellipsis style={{ maxWidth: 260 }}>
                    {row.line}
                  </Typography.Text>
                ),
              },
              { key: 'status', title: t('matchReservation.batchStatus'), render: (_, row) => statusOf(row) },
              {
                key: 'actions',
                title: t('matchReservation.actions'),
                width: 150,
                render: (_, row) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      type="link"
                      disabled={blocked !== null || !row.result.ok || (busy && planningLine !== row.index)}
                      loading={planningLine === row.index}
                      data-testid={`batch-row-${row.index}-plan`}
                      onClick={() => void planOne(row)}
                    >
                      {t('matchReservation.planLine')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={busy}
                      aria-label={t('matchReservation.deleteLine')}
                      data-testid={`batch-row-${row.index}-delete`}
                      onClick={() => remove(row)}
                    />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
