import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { bindMessageApi } from '../api/notify';
import { currentLanguage, i18next } from '../i18n';
import { applyLocale } from './antdLocale';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call will be refused again: only connection trouble is worth one retry.
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/** Hands antd's themed message API to the API client's toasts. */
function MessageBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(null);
  }, [message]);
  return null;
}

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = currentLanguage();
  const locale = useMemo(() => applyLocale(lang), [lang]);
  const title = i18n.t('shell.title', { lng: lang });
  useEffect(() => {
    document.title = `${title} · taikai`;
  }, [title]);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#c0392b', borderRadius: 6 } }}>
      <App>
        <MessageBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export { queryClient };
