import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { LIMITS } from '@taikai/protocol';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

export function CreateContestCard({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      className="create-card"
      data-testid="create-contest-card"
      onClick={onClick}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') onClick();
      }}
    >
      <PlusOutlined />
      <Typography.Title level={5} style={{ margin: 0, color: 'inherit' }}>
        {t('home.create')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('home.createHint', { cost: LIMITS.CREATE_COST })}</Typography.Text>
    </Card>
  );
}
