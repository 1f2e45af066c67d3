import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider, { type ThemeConfig } from 'antd/es/config-provider';
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

/**
 * A focused or hovered field wears a neutral blue, not the brand red: red is what an invalid field wears
 * (antd's `colorError`), and a field being typed in must not look refused.
 */
const FIELD_FOCUS = {
  hoverBorderColor: '#4096ff',
  activeBorderColor: '#1677ff',
  activeShadow: '0 0 0 2px rgba(5, 145, 255, 0.1)',
};

const THEME: ThemeConfig = {
  token: { colorPrimary: '#c0392b', borderRadius: 6 },
  components: {
    Input: FIELD_FOCUS,
    InputNumber: FIELD_FOCUS,
    DatePicker: FIELD_FOCUS,
    Mentions: FIELD_FOCUS,
    Select: {
      hoverBorderColor: FIELD_FOCUS.hoverBorderColor,
      activeBorderColor: FIELD_FOCUS.activeBorderColor,
      activeOutlineColor: 'rgba(5, 145, 255, 0.1)',
    },
  },
};

/**
 * antd spaces out two-character Han button labels ("确 定"), a Chinese convention: kept for simplified and
 * traditional Chinese, off for Japanese ("作成", never "作 成") and the others.
 */
const buttonSpacing = (lang: string) => ({ autoInsertSpace: lang === 'chs' || lang === 'chs_t' });

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = currentLanguage();
  const locale = useMemo(() => applyLocale(lang), [lang]);
  const title = i18n.t('shell.title', { lng: lang });
  useEffect(() => {
    document.title = `${title} · taikai`;
  }, [title]);
  return (
    <ConfigProvider locale={locale} theme={THEME} button={buttonSpacing(lang)}>
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
