import { useQueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/calls';
import { clearToken } from '../../api/token';

/**
 * Asks before logging out; then forgets the token and every cached answer and opens the login page. With
 * `from`, the login page sends the user back there afterwards.
 */
export function useConfirmLogout(from?: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return () =>
    modal.confirm({
      title: t('shell.logoutConfirm'),
      okText: t('shell.logout'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: async () => {
        await logout({ silent: true }).catch(() => undefined);
        clearToken();
        queryClient.clear();
        navigate('/login', from === undefined ? { replace: true } : { replace: true, state: { from } });
      },
    });
}
