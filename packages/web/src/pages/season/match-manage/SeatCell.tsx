import RobotOutlined from '@ant-design/icons/RobotOutlined';
import { encodeAccountId, LIMITS } from '@taikai/protocol';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { truncate } from './progress';

/**
 * One seat of a table: a robot, or the player's nickname cut after 3 characters (the whole nickname, team and
 * public id on hover) over the public id; `extra` (score, ready state) below.
 */
export function SeatCell({
  player,
  extra,
  testId,
}: {
  player: { account_id: number; nickname?: string; team_name?: string } | undefined;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!player) return <Typography.Text type="secondary">—</Typography.Text>;
  if (player.account_id === 0) {
    return (
      <Space orientation="vertical" size={0} data-testid={testId}>
        <Tag icon={<RobotOutlined />} data-testid={`${testId}-robot`}>
          {t('matchManage.robot')}
        </Tag>
        {extra}
      </Space>
    );
  }
  const publicId = encodeAccountId(player.account_id);
  const nickname = player.nickname ?? '';
  const { shown } = truncate(nickname, LIMITS.TRUNCATE_SEAT_NICKNAME);
  const hover = [nickname, player.team_name ? `[${player.team_name}]` : '', `(${publicId})`]
    .filter(Boolean)
    .join(' ');
  return (
    <Space orientation="vertical" size={0} data-testid={testId}>
      <Tooltip title={hover}>
        <Typography.Text strong data-testid={`${testId}-name`}>
          {shown || publicId}
        </Typography.Text>
      </Tooltip>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {publicId}
      </Typography.Text>
      {extra}
    </Space>
  );
}
