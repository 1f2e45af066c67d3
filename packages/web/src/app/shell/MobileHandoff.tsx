import MobileOutlined from '@ant-design/icons/MobileOutlined';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { readToken } from '../../api/token';
import { useNarrowScreen } from './useNarrowScreen';

const MOBILE_SITE_URL = import.meta.env.VITE_MOBILE_SITE_URL ?? '/m/';

/** The address of the mobile site carrying the session token as `?token=`. */
export function mobileSiteUrl(
  token: string,
  base = MOBILE_SITE_URL,
  origin = window.location.origin,
): string {
  const url = new URL(base, origin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** On narrow screens: a button that opens the mobile site with this session. */
export function MobileHandoff() {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  if (!narrow) return null;
  return (
    <Button
      data-testid="mobile-handoff"
      icon={<MobileOutlined />}
      onClick={() => {
        const token = readToken();
        if (token) window.location.assign(mobileSiteUrl(token));
      }}
    >
      {t('shell.mobile')}
    </Button>
  );
}
