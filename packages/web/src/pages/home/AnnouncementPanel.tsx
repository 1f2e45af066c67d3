import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useAnnouncement } from '../../api/queries';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';

/** The platform's official announcements, in the reader's language. */
export function AnnouncementPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError, isFetching, refetch } = useAnnouncement();
  return (
    <Card
      data-testid="announcement-panel"
      title={
        <span>
          <NotificationOutlined /> {t('home.announcement')}
        </span>
      }
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : isError ? (
        <LoadFailedAlert retrying={isFetching} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.announcementEmpty')} />
      ) : (
        <Collapse
          ghost
          defaultActiveKey={['0']}
          items={data.map((a, i) => ({
            key: String(i),
            label: a.title,
            children: <div className="announcement-content">{a.content}</div>,
          }))}
        />
      )}
    </Card>
  );
}
