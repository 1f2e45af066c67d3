import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

type PendingTab = 'announcement' | 'manager' | 'user' | 'seasons';

/** Tournament tabs that are not built yet say so. */
export default function ContestTabPending({ tab }: { tab: PendingTab }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`contest.tabs.${tab}`)} />;
}
