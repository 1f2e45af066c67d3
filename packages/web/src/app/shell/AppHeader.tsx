import DownOutlined from '@ant-design/icons/DownOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { encodeAccountId } from '@taikai/protocol';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Layout from 'antd/es/layout';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currencyTotal, useAccountInfo } from '../../api/queries';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileHandoff } from './MobileHandoff';
import { useConfirmLogout } from './useConfirmLogout';

export function AppHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmLogout = useConfirmLogout();
  const account = useAccountInfo();
  // While the account loads: an ellipsis; if it cannot be loaded (the error was shown): a dash.
  const pending = account.isError ? '—' : '…';

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
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'id',
                disabled: true,
                label: (
                  <span data-testid="header-account-id">
                    {t('shell.accountId', {
                      id: account.data ? encodeAccountId(account.data.account_id) : pending,
                    })}
                  </span>
                ),
              },
              { type: 'divider' },
              {
                key: 'api-keys',
                icon: <KeyOutlined />,
                label: <span data-testid="menu-api-keys">{t('shell.apiKeys')}</span>,
                onClick: () => navigate('/account/api-keys'),
              },
              {
                key: 'logins',
                icon: <UserOutlined />,
                label: <span data-testid="menu-login-methods">{t('shell.loginMethods')}</span>,
                onClick: () => navigate('/account/logins'),
              },
              // The operator console, for operator accounts only.
              ...(account.data?.is_operator
                ? [
                    {
                      key: 'operator',
                      icon: <SafetyOutlined />,
                      label: <span data-testid="menu-operator">{t('shell.operator')}</span>,
                      onClick: () => navigate('/operator'),
                    },
                  ]
                : []),
            ],
          }}
        >
          <span className="header-nickname header-account" data-testid="header-nickname">
            <UserOutlined /> {account.data?.nickname ?? pending} <DownOutlined style={{ fontSize: 10 }} />
          </span>
        </Dropdown>
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
