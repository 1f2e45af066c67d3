import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeasonPlayer } from '../../../api/calls';
import { publicIdOf } from '../../../components/players/accounts';
import { useDialogAction } from '../../../components/players/useDialogAction';

/** Season nicknames: 1 to 16 characters (the protocol's rule). */
const NICKNAME_MAX = 16;

/** Changes the nickname a player has in this season. */
export function RenameDialog({
  player,
  onCancel,
  onRename,
}: {
  player: SeasonPlayer | null;
  onCancel: () => void;
  onRename: (player: SeasonPlayer, nickname: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ nickname: string }>();
  const { working, run } = useDialogAction(onCancel);
  // The player last opened: the title stays while the dialog fades out.
  const [shown, setShown] = useState<SeasonPlayer | null>(null);

  useEffect(() => {
    if (!player) return;
    setShown(player);
    form.setFieldsValue({ nickname: player.nickname });
  }, [player, form]);

  const ok = async () => {
    if (!player) return;
    const { nickname } = await form.validateFields();
    await run(() => onRename(player, nickname.trim()));
  };

  return (
    <Modal
      open={player !== null}
      title={t('roster.renameTitle', { id: shown ? publicIdOf(shown.account_id) : '' })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: working, 'data-testid': 'roster-rename-confirm' }}
      onOk={() => void ok().catch(() => undefined)}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void ok()}>
        <Form.Item
          name="nickname"
          label={t('roster.renameLabel')}
          extra={t('roster.renameHint')}
          rules={[
            { required: true, whitespace: true, message: t('roster.nicknameRequired') },
            { max: NICKNAME_MAX, message: t('roster.nicknameTooLong', { max: NICKNAME_MAX }) },
          ]}
        >
          <Input data-testid="roster-rename-input" maxLength={NICKNAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
