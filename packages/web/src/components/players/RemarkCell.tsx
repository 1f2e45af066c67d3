import EditOutlined from '@ant-design/icons/EditOutlined';
import { LIMITS, validateRemark } from '@taikai/protocol';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A season player's remark, edited in place: click the pencil, type (at most 100 characters), Enter or
 * leaving the field saves, Escape cancels. `onSave` rejects when the call failed (the field stays open).
 */
export function RemarkCell({
  value,
  onSave,
  readOnly,
  testId,
}: {
  value: string;
  onSave: (remark: string) => Promise<void>;
  readOnly?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter, then the blur of the closing field, must save once; Escape must not save at all.
  const busy = useRef(false);
  const tooLong = draft !== null && validateRemark('season_player', draft).length > 0;

  const close = () => {
    busy.current = true;
    setDraft(null);
  };

  const open = () => {
    busy.current = false;
    setDraft(value);
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
      // the client has shown the error; the field stays open with what was typed
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
        maxLength={LIMITS.SEASON_PLAYER_REMARK_MAX}
        showCount
        status={tooLong ? 'error' : undefined}
        disabled={saving}
        placeholder={t('players.remarkPlaceholder')}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => void save()}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
        style={{ minWidth: 200 }}
      />
    );
  }
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}>
      <Typography.Text
        data-testid={testId}
        type={value ? undefined : 'secondary'}
        ellipsis={{ tooltip: value || undefined }}
        style={{ maxWidth: 220 }}
      >
        {value || '—'}
      </Typography.Text>
      {!readOnly && (
        <Tooltip title={t('players.editRemark')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('players.editRemark')}
            data-testid={`${testId}-edit`}
            onClick={open}
          />
        </Tooltip>
      )}
    </span>
  );
}
