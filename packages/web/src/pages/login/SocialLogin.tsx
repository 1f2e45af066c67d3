import LoginOutlined from '@ant-design/icons/LoginOutlined';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { goToProvider, useOidcProviders } from './oidcApi';
import { askedReturn } from './returnPath';
import { useSocialT } from './socialLanguage';

/** "Log in with …" buttons for the OpenID Connect providers the operator configured; nothing when there are none. */
export function SocialLogin() {
  const t = useSocialT();
  const providers = useOidcProviders();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [going, setGoing] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (!t || list.length === 0) return null;

  const go = async (id: string) => {
    setGoing(id);
    try {
      const next = askedReturn((location.state as { from?: string } | null)?.from, searchParams.get('next'));
      await goToProvider(id, { kind: 'login', next });
    } catch {
      // the client has shown the translated error
      setGoing(null);
    }
  };

  return (
    <div data-testid="social-login">
      <Divider plain>{t('social.or')}</Divider>
      <Space direction="vertical" style={{ width: '100%' }}>
        {list.map((p) => (
          <Button
            key={p.id}
            block
            icon={<LoginOutlined />}
            loading={going === p.id}
            disabled={going !== null && going !== p.id}
            onClick={() => void go(p.id)}
            data-testid={`social-login-${p.id}`}
          >
            {t('social.loginWith', { label: p.label })}
          </Button>
        ))}
      </Space>
    </div>
  );
}
