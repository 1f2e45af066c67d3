import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tabs from 'antd/es/tabs';
import { useAccountInfo } from '../../api/queries';
import { AccountsTab } from './AccountsTab';
import { AnnouncementsTab } from './AnnouncementsTab';
import { BansTab } from './BansTab';
import { ContestsTab } from './ContestsTab';
import { HistoryTab } from './HistoryTab';
import { useOperatorT } from './operatorLanguage';
import { ReviewTab } from './ReviewTab';

/**
 * The operator console (`/operator`, operator accounts only): accounts, bans, announcements, the review queue,
 * tournament locks and the history of operator acts; what the command line does, from the web while the server
 * runs. Every act that changes something asks first.
 */
export default function OperatorPage() {
  const t = useOperatorT();
  const account = useAccountInfo();
  if (!t || account.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!account.data?.is_operator) {
    return <Result status="403" title={t('operatorConsole.operatorsOnly')} data-testid="operator-refused" />;
  }
  const tab = (key: string, children: React.ReactNode) => ({
    key,
    label: <span data-testid={`operator-tab-${key}`}>{t(`operatorConsole.tabs.${key}`)}</span>,
    children,
  });
  return (
    <Card title={t('operatorConsole.title')} data-testid="operator-page">
      <Tabs
        destroyOnHidden
        items={[
          tab('accounts', <AccountsTab t={t} />),
          tab('bans', <BansTab t={t} />),
          tab('announcements', <AnnouncementsTab t={t} />),
          tab('review', <ReviewTab t={t} />),
          tab('contests', <ContestsTab t={t} />),
          tab('history', <HistoryTab t={t} />),
        ]}
      />
    </Card>
  );
}
