import Checkbox from 'antd/es/checkbox';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '../../../api/calls';
import { useDialogAction } from '../../../components/players/useDialogAction';

/** Confirms rejecting sign-ups, with "also add to the blacklist". */
export function RejectDialog({
  players,
  onCancel,
  onReject,
}: {
  /** The sign-ups to reject; the dialog is open while this is not null. */
  players: SeasonPlayer[] | null;
  onCancel: () => void;
  onReject: (players: SeasonPlayer[], blacklist: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [blacklist, setBlacklist] = useState(false);
  const { working, run } = useDialogAction(onCancel);
  const open = players !== null;
  // The sign-ups last shown: the title stays while the dialog fades out.
  const [shown, setShown] = useState<SeasonPlayer[]>([]);

  useEffect(() => {
    if (!players) return;
    setShown(players);
    setBlacklist(false);
  }, [players]);

  const ok = async () => {
    if (!players) return;
    await run(() => onReject(players, blacklist));
  };

  return (
    <Modal
      open={open}
      title={
        shown.length === 1
          ? t('join.rejectOne', { name: shown[0].nickname })
          : t('join.rejectMany', { count: shown.length })
      }
      okText={t('join.reject')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: working, 'data-testid': 'join-reject-confirm' }}
      onOk={() => void ok()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="join-reject-dialog"
    >
      <Typography.Paragraph type="secondary">{t('join.rejectHint')}</Typography.Paragraph>
      <Checkbox
        data-testid="join-reject-blacklist"
        checked={blacklist}
        onChange={(e) => setBlacklist(e.target.checked)}
      >
        {t('join.alsoBlacklist')}
      </Checkbox>
    </Modal>
  );
}
