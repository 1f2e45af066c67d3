import { decodeRuleText, type RuleDraft } from '@taikai/protocol';
import Alert from 'antd/es/alert';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Paste a rule another editor copied; a text that cannot be decoded is refused (spec §5). */
export function ImportRuleDialog({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  onImport: (draft: RuleDraft) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);

  const close = () => {
    setText('');
    setFailed(false);
    onClose();
  };

  const submit = () => {
    const decoded = decodeRuleText(text);
    if (!decoded) {
      setFailed(true);
      return;
    }
    onImport(decoded);
    close();
  };

  return (
    <Modal
      open={open}
      title={t('rules.importTitle')}
      onCancel={close}
      onOk={submit}
      okText={t('rules.importOk')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !text.trim(), 'data-testid': 'rule-import-ok' }}
      destroyOnHidden
      data-testid="rule-import-dialog"
    >
      <p>{t('rules.importHint')}</p>
      <Input.TextArea
        value={text}
        rows={4}
        autoFocus
        placeholder={t('rules.importPlaceholder')}
        status={failed ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setFailed(false);
        }}
        data-testid="rule-import-text"
      />
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={t('rules.importFailed')}
          data-testid="rule-import-failed"
        />
      )}
    </Modal>
  );
}
