import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../api/calls';
import { currencyTotal, useAccountInfo } from '../../api/queries';
import { clearToken } from '../../api/token';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileHandoff } from './MobileHandoff';

export function AppHeader() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccountInfo();
  // While the account loads: an ellipsis; if it cannot be loaded (the error was shown): a dash.
  const pending = account.isError ? '—' : '…';

  const confirmLogout = () =>
    modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('shell.logout'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: async () => {
        await logout({ silent: true }).catch(() => undefined);
        clearToken();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });

  return (
    <Layout.Header className="app-header">
      <Space size="middle">
        <Link to="/" className="app-brand">
          <BrandMark />
          <span className="app-title">{t('shell.title')}</span>
        </Link>
        {/* Kept at the left: on narrow screens the page scrolls sideways (min width 1248). */}
        <MobileHandoff />
      </Space>
      <Space size="middle">
        <span className="header-nickname" data-testid="header-nickname">
          <UserOutlined /> {account.data?.nickname ?? pending}
        </span>
        <Tooltip title={t('shell.currency')}>
          <span className="header-currency">
            <WalletOutlined />{' '}
            <span data-testid="header-currency">
              {account.data ? currencyTotal(account.data.currency) : pending}
            </span>
          </span>
        </Tooltip>
        <LanguageSwitch />
        <Button data-testid="logout" icon={<LogoutOutlined />} onClick={confirmLogout}>
          {t('shell.logout')}
        </Button>
      </Space>
    </Layout.Header>
  );
}
