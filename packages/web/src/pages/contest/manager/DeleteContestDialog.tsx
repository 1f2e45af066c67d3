import { confirmsDeletion } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

/**
 * Deleting a tournament (creator only, spec §5): the organiser types the tournament's id exactly before the
 * delete button wakes up.
 */
export function DeleteContestDialog({
  open,
  contestId,
  name,
  onCancel,
  onDelete,
}: {
  open: boolean;
  contestId: number;
  name: string;
  onCancel: () => void;
  /** Deletes; the dialog stays open when it throws. */
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [working, setWorking] = useState(false);

  useEffect(() => {
    if (open) {
      setTyped('');
      setWorking(false);
    }
  }, [open]);

  const matches = confirmsDeletion(typed, contestId);

  const confirm = async () => {
    if (!matches) return;
    setWorking(true);
    try {
      await onDelete();
    } catch {
      // the client has shown the refusal
      setWorking(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('manager.deleteTitle')}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('manager.deleteConfirm')}
      cancelText={t('common.cancel')}
      okButtonProps={
        {
          danger: true,
          disabled: !matches,
          loading: working,
          'data-testid': 'delete-contest-confirm',
        } as never
      }
      onOk={() => void confirm()}
      data-testid="delete-contest-dialog"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="error" showIcon title={t('manager.deleteWarning', { name })} />
        <Typography.Text>
          <Trans
            i18nKey="manager.deleteTypeId"
            values={{ id: contestId }}
            components={{ id: <Typography.Text code strong /> }}
          />
        </Typography.Text>
        <Input
          data-testid="delete-contest-input"
          value={typed}
          autoFocus
          autoComplete="off"
          placeholder={String(contestId)}
          status={typed !== '' && !matches ? 'error' : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => void confirm()}
        />
      </Space>
    </Modal>
  );
}
