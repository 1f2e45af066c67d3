import RobotOutlined from '@ant-design/icons/RobotOutlined';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameRecord } from '../../../api/game-calls';
import { placements, settledText } from './recordView';

/** A record's players in final placement order: place, seat wind, nickname (public id on hover), points, score. */
export function PlacementList({ record }: { record: GameRecord }) {
  const { t } = useTranslation();
  return (
    <div className="record-players" data-testid={`record-players-${record.uuid}`}>
      {placements(record).map((p) => {
        const score = settledText(p.totalPoint);
        return (
          <Fragment key={p.seat}>
            <Typography.Text strong>{t('record.place', { place: p.place })}</Typography.Text>
            <Tag style={{ marginInlineEnd: 0 }}>{t(`matchManage.winds.${p.wind}`)}</Tag>
            <span data-testid={`record-player-${record.uuid}-${p.place}`}>
              {p.robot !== null ? (
                // Robots told apart by their number in seat order (the server's "Robot 1"), in the page's language.
                <Typography.Text type="secondary">
                  <RobotOutlined /> {t('matchManage.robotN', { n: p.robot })}
                </Typography.Text>
              ) : (
                <Tooltip title={`${p.nickname} (${p.publicId})`}>
                  <Typography.Text ellipsis style={{ maxWidth: 140 }}>
                    {p.nickname}
                  </Typography.Text>
                </Tooltip>
              )}
            </span>
            <Typography.Text className="record-points">{p.points}</Typography.Text>
            <Typography.Text
              className="record-score"
              strong
              type={score.startsWith('-') ? 'danger' : 'success'}
              data-testid={`record-score-${record.uuid}-${p.place}`}
            >
              {score.startsWith('-') ? score : `+${score}`}
            </Typography.Text>
          </Fragment>
        );
      })}
    </div>
  );
}
