import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { PlayIdForm } from './PlayIdForm';

/** `/play` without a tournament: the player types the tournament id the organiser gave them. */
export default function PlayIndexPage() {
  const { t } = useTranslation();
  return (
    <Card className="play-card" data-testid="play-index">
      <div className="play-stack">
        <div>
          <Typography.Title level={4} className="play-title">
            <TrophyOutlined /> {t('play.enterTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('play.enterHint')}
          </Typography.Paragraph>
        </div>
        <PlayIdForm autoFocus />
      </div>
    </Card>
  );
}
