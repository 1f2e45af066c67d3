import ClearOutlined from '@ant-design/icons/ClearOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { charLength, decodeAccountId, LIMITS } from '@taikai/protocol';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchAccounts } from '../../../api/calls';
import { DATE_TIME_FORMAT } from '../../../components/time';
import { AI_LEVELS, type AiLevel, type PlanOptions, rememberAiLevel } from './options';
import { SeatCard } from './SeatCard';
import type { Seat, SeatPlayer, TableCheck } from './seats';

/** Public ids typed into the search-add box: digits only. */
const typedId = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * The manual panel (spec §2): 3 or 4 seats, per-seat points, robots, search-add by public id, front-end
 * shuffle, back-end shuffle, start time, robot level, remark, and the start button (enabled only when the
 * table can start). `blocked` says why nothing may be planned now (auto-match, observer, season state).
 */
export function ManualPanel({
  seats,
  check,
  readyIds,
  editablePoints,
  options,
  onOptions,
  blocked,
  starting,
  onRobot,
  onClear,
  onPoints,
  onSearchAdd,
  onShuffle,
  onReset,
  onStart,
}: {
  seats: readonly Seat[];
  check: TableCheck;
  readyIds: ReadonlySet<number>;
  editablePoints: boolean;
  options: PlanOptions;
  onOptions: (patch: Partial<PlanOptions>) => void;
  blocked: ReactNode | null;
  starting: boolean;
  onRobot: (seat: number) => void;
  onClear: (seat: number) => void;
  onPoints: (seat: number, points: number) => void;
  /** Seats a player found by public id; false when there is no empty seat. */
  onSearchAdd: (player: SeatPlayer) => boolean;
  onShuffle: () => void;
  onReset: () => void;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [idText, setIdText] = useState('');
  const [searching, setSearching] = useState(false);
  const disabled = blocked !== null;

  const searchAdd = async () => {
    const publicId = typedId(idText);
    const accountId = publicId === null ? 0 : decodeAccountId(publicId);
    if (accountId === 0) {
      void message.error(t('matchReservation.idInvalid'));
      return;
    }
    if (seats.some((s) => s.kind === 'player' && s.account_id === accountId)) {
      void message.info(t('matchReservation.alreadySeated'));
      return;
    }
    if (!seats.some((s) => s.kind === 'empty')) {
      void message.warning(t('matchReservation.tableFull'));
      return;
    }
    setSearching(true);
    try {
      const [found] = await searchAccounts([accountId]);
      if (!found) void message.error(t('matchReservation.playerNotFound'));
      else if (onSearchAdd({ account_id: found.account_id, nickname: found.nickname, team_name: '' }))
        setIdText('');
    } catch {
      // the client has shown the error
    } finally {
      setSearching(false);
    }
  };

  const startReason =
    blocked ??
    (!check.full
      ? t('matchReservation.fillSeats')
      : !check.hasPlayer
        ? t('matchReservation.idErrors.all_robots')
        : !check.pointsOk
          ? t('matchReservation.pointsMismatch', { sum: check.pointsSum, total: check.pointsTotal })
          : null);
  const occupied = seats.some((s) => s.kind !== 'empty');

  return (
    <Card size="small" title={t('matchReservation.manualTitle')} data-testid="manual-panel">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className={`reservation-seats seats-${seats.length}`}>
          {seats.map((seat, i) => (
            <SeatCard
              // biome-ignore lint/suspicious/noArrayIndexKey: a seat is its position at the table
              key={i}
              index={i}
              seat={seat}
              ready={seat.kind === 'robot' || (seat.kind === 'player' && readyIds.has(seat.account_id))}
              disabled={disabled}
              editablePoints={editablePoints}
              onRobot={() => onRobot(i)}
              onClear={() => onClear(i)}
              onPoints={(p) => onPoints(i, p)}
            />
          ))}
        </div>
        {editablePoints && (
          <Typography.Text
            type={check.pointsOk ? 'secondary' : 'danger'}
            data-testid="points-sum"
            style={{ fontSize: 12 }}
          >
            {t('matchReservation.pointsSum', { sum: check.pointsSum, total: check.pointsTotal })}
          </Typography.Text>
        )}
        <Space wrap>
          <Space.Compact>
            <Input
              style={{ width: 200 }}
              value={idText}
              disabled={disabled}
              placeholder={t('matchReservation.searchAddPlaceholder')}
              data-testid="search-add-id"
              onChange={(e) => setIdText(e.target.value)}
              onPressEnter={() => void searchAdd()}
            />
            <Button
              icon={<UserAddOutlined />}
              loading={searching}
              disabled={disabled || idText.trim() === ''}
              data-testid="search-add"
              onClick={() => void searchAdd()}
            >
              {t('matchReservation.searchAdd')}
            </Button>
          </Space.Compact>
          <Tooltip title={t('matchReservation.shuffleHint')}>
            <Button
              icon={<SwapOutlined />}
              disabled={disabled || !occupied}
              data-testid="shuffle-front"
              onClick={onShuffle}
            >
              {t('matchReservation.shuffle')}
            </Button>
          </Tooltip>
          <Button icon={<ClearOutlined />} disabled={!occupied} data-testid="seats-reset" onClick={onReset}>
            {t('matchReservation.resetSeats')}
          </Button>
        </Space>
        <PlanOptionsFields options={options} onOptions={onOptions} disabled={disabled} />
        <Space>
          <Tooltip title={startReason}>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={startReason !== null}
              loading={starting}
              data-testid="manual-start"
              onClick={onStart}
            >
              {t('matchReservation.start')}
            </Button>
          </Tooltip>
          {startReason !== null && !disabled && (
            <Typography.Text type="secondary" data-testid="manual-start-reason">
              {startReason}
            </Typography.Text>
          )}
        </Space>
      </Space>
    </Card>
  );
}

/** Back-end shuffle, start time, robot level and remark: used by the manual start and the batch list. */
function PlanOptionsFields({
  options,
  onOptions,
  disabled,
}: {
  options: PlanOptions;
  onOptions: (patch: Partial<PlanOptions>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="reservation-options">
      <Tooltip title={t('matchReservation.serverShuffleHint')}>
        <Checkbox
          checked={options.shuffle}
          disabled={disabled}
          data-testid="shuffle-back"
          onChange={(e) => onOptions({ shuffle: e.target.checked })}
        >
          {t('matchReservation.serverShuffle')}
        </Checkbox>
      </Tooltip>
      <Space size={4}>
        <Typography.Text>{t('matchReservation.startTime')}</Typography.Text>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT}
          value={options.start}
          disabled={disabled}
          placeholder={t('matchReservation.startNow')}
          disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          data-testid="start-time"
          style={{ width: 170 }}
          onChange={(value) => onOptions({ start: value })}
        />
      </Space>
      <Space size={4}>
        <Typography.Text>{t('matchReservation.robotLevel')}</Typography.Text>
        <Select<AiLevel>
          value={options.aiLevel}
          disabled={disabled}
          style={{ width: 110 }}
          data-testid="robot-level"
          options={AI_LEVELS.map((level) => ({
            value: level,
            label: t(`matchReservation.robotLevels.${level}`),
          }))}
          onChange={(level) => {
            rememberAiLevel(level);
            onOptions({ aiLevel: level });
          }}
        />
      </Space>
      <Input
        style={{ width: 220 }}
        value={options.remark}
        disabled={disabled}
        count={{
          show: true,
          max: LIMITS.GAME_PLAN_REMARK_MAX,
          strategy: charLength,
          exceedFormatter: (text, { max }) => [...text].slice(0, max).join(''),
        }}
        placeholder={t('matchReservation.remark')}
        data-testid="plan-remark"
        onChange={(e) => onOptions({ remark: e.target.value })}
      />
    </div>
  );
}
