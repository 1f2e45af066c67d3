import { confirmsTermination, LIMITS } from '@taikai/protocol';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunningGame } from '../../../api/game-calls';
import { useDialogAction } from '../../../components/players/useDialogAction';

/** Terminating a running game: the organiser types CLOSE (any case) to confirm; the game leaves no record. */
export function TerminateDialog({
  game,
  onCancel,
  onTerminate,
}: {
  game: RunningGame | null;
  onCancel: () => void;
  onTerminate: (game: RunningGame) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const { working, run } = useDialogAction(onCancel);
  useEffect(() => {
    if (game) setTyped('');
  }, [game]);
  const confirmed = confirmsTermination(typed);
  const word = LIMITS.TERMINATE_CONFIRM_WORD;

  return (
    <Modal
      open={game !== null}
      title={t('matchManage.terminateTitle')}
      onCancel={onCancel}
      okText={t('matchManage.terminate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, disabled: !confirmed, 'data-testid': 'terminate-confirm' }}
      confirmLoading={working}
      onOk={() => game && void run(() => onTerminate(game))}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('matchManage.terminateHint')}</Typography.Paragraph>
      <Typography.Paragraph>{t('matchManage.terminateType', { word })}</Typography.Paragraph>
      <Input
        autoFocus
        data-testid="terminate-input"
        value={typed}
        placeholder={word}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => confirmed && game && void run(() => onTerminate(game))}
      />
    </Modal>
  );
}
