import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useAnnouncement } from '../../api/queries';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';

/** The language the server fell back to when the reader's has no announcement of its own, else null. */
export function fallbackLanguageOf(list: readonly { language: string }[], reading: string): string | null {
  const other = list.find((a) => a.language !== reading && a.language !== 'default');
  return other ? other.language : null;
}

/** The platform's official announcements, in the reader's language. */
export function AnnouncementPanel() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError, isFetching, refetch } = useAnnouncement();
  const shownIn = data ? fallbackLanguageOf(data, i18n.language) : null;
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
        <>
          {shownIn && (
            <Typography.Text type="secondary" data-testid="announcement-shown-in" data-language={shownIn}>
              {t('home.announcementShownIn', {
                language: LANGUAGE_NAMES[shownIn as keyof typeof LANGUAGE_NAMES] ?? shownIn,
              })}
            </Typography.Text>
          )}
          <Collapse
            ghost
            defaultActiveKey={['0']}
            items={data.map((a, i) => ({
              key: String(i),
              label: a.title,
              children: <div className="announcement-content">{a.content}</div>,
            }))}
          />
        </>
      )}
    </Card>
  );
}
