import MobileOutlined from '@ant-design/icons/MobileOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { useContestList } from '../../api/queries';
import { useNarrowScreen } from './useNarrowScreen';

/** A separate mobile site, when the deployment has one; otherwise the players' pages of this console. */
const MOBILE_SITE_URL = import.meta.env.VITE_MOBILE_SITE_URL;

/**
 * Where the hand-off goes: the configured mobile site as is, else the players' page of the tournament
 * being looked at (`/play/{contest_id}`), else `/play/`.
 */
export function mobileTarget(contestId: number | null, configured = MOBILE_SITE_URL): string {
  if (configured) return configured;
  return contestId ? `/play/${contestId}` : '/play/';
}

/**
 * The public contest_id of the tournament in the address (which names it by contest_id or unique_id),
 * or null outside a tournament's pages.
 */
function useRouteContestId(): number | null {
  const match = useMatch('/contest/:contestId/*');
  const list = useContestList();
  const raw = match?.params.contestId ?? '';
  if (!/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  const contest = list.data?.find((c) => c.contest_id === id) ?? list.data?.find((c) => c.unique_id === id);
  return contest?.contest_id ?? id;
}

/**
 * On narrow screens: a button that opens the phone-sized pages signed in as this account. The address carries a
 * one-time hand-off code, not the session token (`handoffLink`, loaded on the click).
 */
export function MobileHandoff() {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const contestId = useRouteContestId();
  if (!narrow) return null;
  return (
    <Button
      data-testid="mobile-handoff"
      icon={<MobileOutlined />}
      onClick={() => {
        void import('./handoffLink')
          .then(({ openHandoff }) => openHandoff(mobileTarget(contestId)))
          .catch(() => undefined);
      }}
    >
      {t('shell.mobile')}
    </Button>
  );
}
