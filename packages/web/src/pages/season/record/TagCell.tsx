import EditOutlined from '@ant-design/icons/EditOutlined';
import { charLength, REMARK_MAX } from '@taikai/protocol';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A game's tag (a running game's remark, a record's tag), edited in place: the pencil opens the field (at most
 * 25 characters), Enter or leaving it saves, Escape cancels. `onSave` rejects when the call failed (the field
 * stays open with what was typed).
 */
export function TagCell({
  value,
  kind,
  onSave,
  readOnly,
  testId,
}: {
  value: string;
  kind: 'game' | 'record_tag';
  onSave: (tag: string) => Promise<void>;
  readOnly?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter, then the blur of the closing field, must save once; Escape must not save at all.
  const busy = useRef(false);
  const max = REMARK_MAX[kind];
  const tooLong = draft !== null && charLength(draft.trim()) > max;

  const close = () => {
    busy.current = true;
    setDraft(null);
  };

  const save = async () => {
    if (draft === null || busy.current || tooLong) return;
    const next = draft.trim();
    if (next === value) {
      close();
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      await onSave(next);
      setDraft(null);
    } catch {
      // the client has shown the error
      busy.current = false;
    } finally {
      setSaving(false);
    }
  };

  if (draft !== null) {
    return (
      <Input
        autoFocus
        size="small"
        data-testid={`${testId}-input`}
        value={draft}
        count={{ show: true, max }}
        status={tooLong ? 'error' : undefined}
        disabled={saving}
        placeholder={t('record.tagPlaceholder')}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => void save()}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
        style={{ minWidth: 180 }}
      />
    );
  }
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}>
      <Typography.Text
        data-testid={testId}
        type={value ? undefined : 'secondary'}
        ellipsis={{ tooltip: value || undefined }}
        style={{ maxWidth: 160 }}
      >
        {value || '—'}
      </Typography.Text>
      {!readOnly && (
        <Tooltip title={t('record.editTag')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('record.editTag')}
            data-testid={`${testId}-edit`}
            onClick={() => {
              busy.current = false;
              setDraft(value);
            }}
          />
        </Tooltip>
      )}
    </span>
  );
}
