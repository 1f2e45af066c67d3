import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** The honest state of a page that is not built yet. */
export function ComingSoon({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="tab-panel" data-testid="coming-soon">
      <Empty
        styles={{ image: { height: 56, marginBottom: 12 } }}
        image={<ClockCircleOutlined style={{ fontSize: 48, color: '#c8ccd3' }} />}
        description={
          <>
            {title && <Typography.Title level={5}>{title}</Typography.Title>}
            <Typography.Text strong>{t('common.comingSoon')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('common.comingSoonHint')}</Typography.Text>
          </>
        }
      />
    </div>
  );
}
