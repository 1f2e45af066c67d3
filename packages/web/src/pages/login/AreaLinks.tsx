import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_HOME, PORTAL_HOME } from './returnPath';

/**
 * The two areas, the player portal and the tournament console, each a link to this page (`/login` or
 * `/register`) with that area as where to go afterwards: players land in the portal and organisers in the console
 * by themselves; a link says where to go this time. The chosen one is marked.
 */
export function AreaLinks({ page, next, label }: { page: string; next: string | null; label: string }) {
  const { t } = useTranslation();
  const area = (path: string, text: string, testId: string) => (
    <Link
      to={`${page}?next=${encodeURIComponent(path)}`}
      replace
      data-testid={testId}
      aria-current={next === path ? 'true' : undefined}
      style={next === path ? { fontWeight: 600 } : undefined}
    >
      {text}
    </Link>
  );
  const prefix = page === '/login' ? 'login' : 'register';
  return (
    <Typography.Paragraph
      type="secondary"
      style={{ marginTop: 8, marginBottom: 0, textAlign: 'center' }}
      data-testid={`${prefix}-areas`}
    >
      {label} {area(PORTAL_HOME, t('login.toPortal'), `${prefix}-to-portal`)} ·{' '}
      {area(CONSOLE_HOME, t('login.toConsole'), `${prefix}-to-console`)}
    </Typography.Paragraph>
  );
}
