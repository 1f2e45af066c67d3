import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';
import { i18next } from '../../i18n';
import type { FailureGroup } from './accounts';
import { FailureList } from './FailureList';

/** Opens a warning listing the failed entries of a batch call (nothing when none failed). */
export function reportFailures(modal: HookAPI, title: ReactNode, groups: FailureGroup[]): void {
  if (groups.length === 0) return;
  modal.warning({
    title,
    width: 520,
    content: <FailureList groups={groups} />,
    okText: i18next.t('common.confirm'),
    okButtonProps: { 'data-testid': 'players-failures-ok' },
  });
}
