import EditOutlined from '@ant-design/icons/EditOutlined';
import { REMARK_MAX, validateRemark } from '@taikai/protocol';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a cell edits: a season player's remark (100), a running game's tag or a record's tag (25). */
type Kind = 'season_player' | 'game' | 'record_tag';

const LABELS: Record<Kind, { placeholder: string; edit: string }> = {
  season_player: { placeholder: 'players.remarkPlaceholder', edit: 'players.editRemark' },
  game: { placeholder: 'record.tagPlaceholder', edit: 'record.editTag' },
  record_tag: { placeholder: 'record.tagPlaceholder', edit: 'record.editTag' },
};

/**
 * A remark or tag edited in place: click the pencil, type (at most its kind's length), Enter or leaving the
 * field saves, Escape cancels. `onSave` rejects when the call failed (the field stays open).
 */
export function RemarkCell({
  value,
  onSave,
  readOnly,
  testId,
  kind = 'season_player',
}: {
  value: string;
  onSave: (remark: string) => Promise<void>;
  readOnly?: boolean;
  testId: string;
  kind?: Kind;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter, then the blur of the closing field, must save once; Escape must not save at all.
  const busy = useRef(false);
  const tooLong = draft !== null && validateRemark(kind, draft).length > 0;

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
        maxLength={REMARK_MAX[kind]}
        showCount
        status={tooLong ? 'error' : undefined}
        disabled={saving}
        placeholder={t(LABELS[kind].placeholder)}
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
        <Tooltip title={t(LABELS[kind].edit)}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t(LABELS[kind].edit)}
            data-testid={`${testId}-edit`}
            onClick={open}
          />
        </Tooltip>
      )}
    </span>
  );
}
