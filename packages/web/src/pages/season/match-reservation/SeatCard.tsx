import CloseOutlined from '@ant-design/icons/CloseOutlined';
import RobotOutlined from '@ant-design/icons/RobotOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { LIMITS } from '@taikai/protocol';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicIdOf } from '../../../components/players/accounts';
import { seatDragId, seatDropId } from './dnd';
import type { Seat } from './seats';

const WINDS = ['east', 'south', 'west', 'north'] as const;

/**
 * One seat of the manual table: takes a dropped player, shows who sits there (a player with whether they are
 * ready now, or a robot), and its starting points (editable only in the standard variant).
 */
export function SeatCard({
  index,
  seat,
  ready,
  disabled,
  editablePoints,
  onRobot,
  onClear,
  onPoints,
}: {
  index: number;
  seat: Seat;
  /** The seated player is ready now (robots always are). */
  ready: boolean;
  disabled: boolean;
  editablePoints: boolean;
  onRobot: () => void;
  onClear: () => void;
  onPoints: (points: number) => void;
}) {
  const { t } = useTranslation();
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: seatDropId(index), disabled });
  const occupied = seat.kind !== 'empty';
  const drag = useDraggable({
    id: seatDragId(index),
    data: { seat: index },
    disabled: disabled || !occupied,
  });

  let body: ReactNode;
  if (seat.kind === 'player') {
    body = (
      <div
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        className={`reservation-seat-occupant is-draggable${drag.isDragging ? ' is-dragging' : ''}`}
      >
        <UserOutlined />
        <div className="reservation-seat-name">
          <Typography.Text
            strong
            ellipsis={{ tooltip: seat.nickname }}
            style={{ maxWidth: 130 }}
            data-testid={`seat-${index}-name`}
          >
            {seat.nickname}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {publicIdOf(seat.account_id)}
            {seat.team_name && ` · ${seat.team_name}`}
          </Typography.Text>
        </div>
        <Tooltip title={ready ? undefined : t('matchReservation.notReadyHint')}>
          <Tag color={ready ? 'green' : 'default'} data-testid={`seat-${index}-ready`}>
            {ready ? t('matchReservation.ready') : t('matchReservation.notReady')}
          </Tag>
        </Tooltip>
      </div>
    );
  } else if (seat.kind === 'robot') {
    body = (
      <div
        ref={drag.setNodeRef}
        {...drag.attributes}
        {...drag.listeners}
        className={`reservation-seat-occupant is-draggable${drag.isDragging ? ' is-dragging' : ''}`}
      >
        <RobotOutlined />
        <Typography.Text strong data-testid={`seat-${index}-name`}>
          {t('matchReservation.robot')}
        </Typography.Text>
      </div>
    );
  } else {
    body = (
      <Typography.Text
        type="secondary"
        className="reservation-seat-placeholder"
        data-testid={`seat-${index}-name`}
      >
        {t('matchReservation.dropHere')}
      </Typography.Text>
    );
  }

  return (
    <div
      ref={dropRef}
      className={`reservation-seat${isOver ? ' is-over' : ''}${occupied ? '' : ' is-empty'}`}
      data-testid={`seat-${index}`}
      data-kind={seat.kind}
    >
      <div className="reservation-seat-head">
        <Typography.Text type="secondary">{t(`matchReservation.winds.${WINDS[index]}`)}</Typography.Text>
        <Space size={2}>
          {seat.kind !== 'robot' && (
            <Tooltip title={t('matchReservation.addRobot')}>
              <Button
                size="small"
                type="text"
                icon={<RobotOutlined />}
                aria-label={t('matchReservation.addRobot')}
                data-testid={`seat-${index}-robot`}
                disabled={disabled}
                onClick={onRobot}
              />
            </Tooltip>
          )}
          {occupied && (
            <Tooltip title={t('matchReservation.clearSeat')}>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('matchReservation.clearSeat')}
                data-testid={`seat-${index}-clear`}
                disabled={disabled}
                onClick={onClear}
              />
            </Tooltip>
          )}
        </Space>
      </div>
      <div className="reservation-seat-body">{body}</div>
      <Tooltip title={editablePoints ? undefined : t('matchReservation.pointsLocked')}>
        <InputNumber
          size="small"
          style={{ width: '100%' }}
          prefix={t('matchReservation.points')}
          min={0}
          max={LIMITS.RULE_POINT_MAX}
          step={LIMITS.POINT_STEP}
          precision={0}
          value={seat.points}
          disabled={disabled || !editablePoints}
          data-testid={`seat-${index}-points`}
          onChange={(v) => onPoints(typeof v === 'number' ? v : 0)}
        />
      </Tooltip>
    </div>
  );
}
