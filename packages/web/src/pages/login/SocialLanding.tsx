import { ExchangeHandoffCodeRes, isErrorCode } from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, request } from '../../api/client';
import { storeToken } from '../../api/token';
import { fetchAccountKind } from './api';
import { type Pending, takePending } from './oidcApi';
import { CONSOLE_HOME, landingOf } from './returnPath';
import { useSocialT } from './socialLanguage';

// Where the provider's round trip ends (`/login/social`): the server's callback sends the browser here with the
// outcome in the address's fragment, which no server sees — `code` a one-time hand-off code to exchange for a
// session, `linked` the provider just linked to the account, or `error` a code (`link=1` when linking).

type Arrival = { fragment: URLSearchParams; pending: Pending | null };

let arrival: Arrival | null = null;

/** The fragment and what this tab started, read once and taken out of the address and the tab's storage. */
function arrivalOnce(): Arrival {
  if (window.location.hash.length > 1 || arrival === null) {
    arrival = { fragment: new URLSearchParams(window.location.hash.slice(1)), pending: takePending() };
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return arrival;
}

type Shown = { kind: 'busy' } | { kind: 'error'; code: number; link: boolean } | { kind: 'foreign' };

export default function SocialLanding() {
  const t = useSocialT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<Shown>({ kind: 'busy' });

  useEffect(() => {
    // The strings first: what the page shows next may need them.
    if (!t) return;
    const { fragment, pending } = arrivalOnce();
    let gone = false;
    const code = fragment.get('code');
    const error = Number(fragment.get('error'));
    const linked = fragment.get('linked');
    if (fragment.has('error')) {
      setShown({ kind: 'error', code: isErrorCode(error) ? error : 151, link: fragment.get('link') === '1' });
    } else if (linked) {
      void message.success(t('social.linked'));
      navigate('/account/logins', { replace: true });
    } else if (code && pending?.kind === 'login') {
      void (async () => {
        try {
          const session = await request(
            'POST',
            '/api/exchange_handoff_code',
            ExchangeHandoffCodeRes,
            { code },
            {
              silent: true,
            },
          );
          if (gone) return;
          storeToken(session.token);
          queryClient.clear();
          let to = pending.next;
          if (!to) {
            try {
              to = landingOf((await fetchAccountKind({ silent: true })).kind);
            } catch {
              to = CONSOLE_HOME;
            }
          }
          if (!gone) navigate(to, { replace: true });
        } catch (err) {
          const failed = (err as { code?: unknown }).code;
          if (!gone)
            setShown({ kind: 'error', code: typeof failed === 'number' ? failed : 151, link: false });
        }
      })();
    } else if (code) {
      // A code this tab did not ask for (a link someone sent): it is not used.
      setShown({ kind: 'foreign' });
    } else {
      navigate('/login', { replace: true });
    }
    return () => {
      gone = true;
    };
  }, [message, navigate, queryClient, t]);

  if (!t || shown.kind === 'busy') {
    return (
      <Card className="auth-card" data-testid="social-landing-busy">
        <Spin /> {t?.('social.signingIn')}
      </Card>
    );
  }
  const back = shown.kind === 'error' && shown.link ? '/account/logins' : '/login';
  return (
    <Card className="auth-card" data-testid="social-landing">
      <Result
        status={shown.kind === 'error' ? 'error' : 'warning'}
        title={shown.kind === 'error' ? t('social.failed') : t('social.foreign')}
        subTitle={shown.kind === 'error' ? errorText(shown.code) : t('social.foreignHint')}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(back, { replace: true })}
            data-testid="social-landing-back"
          >
            {back === '/login' ? t('social.backToLogin') : t('social.backToAccount')}
          </Button>
        }
      />
    </Card>
  );
}
