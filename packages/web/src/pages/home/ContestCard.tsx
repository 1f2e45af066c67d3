import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import { textFor } from '@taikai/protocol';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContestListItem } from '../../api/calls';
import { roundTypeLabel, variantLabel, variantOfRule } from '../../components/contestLabels';
import { formatMinute } from '../../components/time';
import { currentLanguage } from '../../i18n';

export function ContestCard({ contest }: { contest: ContestListItem }) {
  const { t } = useTranslation();
  const variant = variantOfRule(contest.game_mode.detail_rule);
  const name = textFor(contest.contest_name, currentLanguage());
  return (
    <Link to={`/contest/${contest.contest_id}`} data-testid={`contest-card-${contest.contest_id}`}>
      <Card hoverable className="contest-card" data-testid="contest-card">
        <Card.Meta
          avatar={<TrophyOutlined style={{ fontSize: 24, color: '#c0392b' }} />}
          title={
            <Typography.Text strong data-testid="contest-card-name">
              {name || '—'}
            </Typography.Text>
          }
        />
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'id',
              label: t('home.contestId'),
              children: <span data-testid="contest-card-id">{contest.contest_id}</span>,
            },
            { key: 'mode', label: t('home.mode'), children: variantLabel(t, variant) },
            { key: 'round', label: t('home.roundType'), children: roundTypeLabel(t, variant, contest.mode) },
            {
              key: 'created',
              label: t('home.createdAt'),
              children: formatMinute(contest.create_time),
            },
          ]}
        />
      </Card>
    </Link>
  );
}
