import { decodeAccountId, encodeAccountId, parseIdList } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListedAccount, searchAccounts } from '../../../api/calls';
import { type AddPlan, planAdd, searchBatches } from './chatList';

/**
 * Add players to the chat list: public ids one per line, looked up, shown for confirmation, then handed
 * to `onAdd` (which calls the server). Invalid lines keep the dialog on the input step.
 */
export function AddChatPlayersDialog({
  open,
  modeLabel,
  listed,
  onAdd,
  onClose,
}: {
  open: boolean;
  modeLabel: string;
  listed: readonly ListedAccount[];
  onAdd: (accounts: ListedAccount[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);
  const [plan, setPlan] = useState<AddPlan | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setText('');
    setInvalid([]);
    setPlan(null);
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const lookUp = async () => {
    const { ids, invalid } = parseIdList(text);
    setInvalid(invalid);
    if (invalid.length > 0 || ids.length === 0) return;
    setBusy(true);
    try {
      const internal = [...new Set(ids.map(decodeAccountId))];
      const found: ListedAccount[] = [];
      for (const batch of searchBatches(internal)) found.push(...(await searchAccounts(batch)));
      setPlan(planAdd(ids, found, listed));
    } catch {
      // the client has shown the error
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      await onAdd(plan.add);
      close();
    } catch {
      setBusy(false);
    }
  };

  const names = (accounts: readonly ListedAccount[]) =>
    accounts.map((a) => `${a.nickname} (${encodeAccountId(a.account_id)})`).join(', ');

  return (
    <Modal
      open={open}
      title={t('chat.addTitle', { mode: modeLabel })}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      footer={
        plan ? (
          <Space>
            <Button onClick={() => setPlan(null)} disabled={busy}>
              {t('chat.back')}
            </Button>
            <Button
              type="primary"
              data-testid="chat-add-confirm"
              loading={busy}
              disabled={plan.add.length === 0}
              onClick={() => void add()}
            >
              {t('chat.confirmAdd', { count: plan.add.length })}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              data-testid="chat-add-lookup"
              loading={busy}
              disabled={text.trim() === ''}
              onClick={() => void lookUp()}
            >
              {t('chat.lookUp')}
            </Button>
          </Space>
        )
      }
    >
      {plan ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="chat-add-plan">
          {plan.add.length > 0 ? (
            <>
              <Typography.Text strong>
                {t('chat.toAdd', { count: plan.add.length, mode: modeLabel })}
              </Typography.Text>
              <div className="chat-add-list">
                {plan.add.map((a) => (
                  <Tag key={a.account_id} data-testid="chat-add-entry">
                    {a.nickname}{' '}
                    <Typography.Text type="secondary">{encodeAccountId(a.account_id)}</Typography.Text>
                  </Tag>
                ))}
              </div>
            </>
          ) : (
            <Alert type="info" showIcon message={t('chat.nothingToAdd')} />
          )}
          {plan.already.length > 0 && (
            <Alert type="info" showIcon message={t('chat.already', { names: names(plan.already) })} />
          )}
          {plan.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="chat-add-missing"
              message={t('chat.missing', { ids: plan.missing.join(', ') })}
            />
          )}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('chat.idsLabel')}</Typography.Text>
          <Input.TextArea
            data-testid="chat-add-ids"
            value={text}
            autoSize={{ minRows: 6, maxRows: 14 }}
            placeholder={t('chat.idsPlaceholder')}
            onChange={(e) => {
              setText(e.target.value);
              setInvalid([]);
            }}
          />
          {invalid.length > 0 && (
            <Alert
              type="error"
              showIcon
              data-testid="chat-add-invalid"
              message={t('chat.invalidIds', { ids: invalid.slice(0, 20).join(', ') })}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
