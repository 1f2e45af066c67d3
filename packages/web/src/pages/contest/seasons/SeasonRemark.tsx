import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { charLength, LIMITS } from '@taikai/protocol';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A season's remark with an inline editor: the pencil opens an input (at most 25 characters), Enter or the
 * tick saves, Escape or the cross cancels. A refused save keeps the input open with the organiser's text.
 */
export function SeasonRemark({
  seasonId,
  remark,
  readOnly,
  onSave,
}: {
  seasonId: number;
  remark: string;
  readOnly: boolean;
  onSave: (remark: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(remark);
  const [saving, setSaving] = useState(false);
  const max = LIMITS.SEASON_REMARK_MAX;
  const tooLong = charLength(draft) > max;

  const start = () => {
    setDraft(remark);
    setEditing(true);
  };
  const save = async () => {
    if (tooLong) return;
    const next = draft.trim();
    if (next === remark) {
      setEditing(false);
      return;
    }
    setSaving(true);
    const ok = await onSave(next);
    setSaving(false);
    if (ok) setEditing(false);
  };

  if (editing) {
    return (
      <Space.Compact style={{ width: 280 }} data-testid={`season-remark-editor-${seasonId}`}>
        <Input
          size="small"
          autoFocus
          value={draft}
          status={tooLong ? 'error' : undefined}
          count={{ show: true, max }}
          placeholder={t('seasons.remarkPlaceholder')}
          disabled={saving}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(false);
          }}
          data-testid={`season-remark-input-${seasonId}`}
        />
        <Tooltip title={tooLong ? t('seasons.remarkTooLong', { max }) : t('seasons.saveRemark')}>
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            loading={saving}
            disabled={tooLong}
            onClick={() => void save()}
            aria-label={t('seasons.saveRemark')}
            data-testid={`season-remark-save-${seasonId}`}
          />
        </Tooltip>
        <Button
          size="small"
          icon={<CloseOutlined />}
          disabled={saving}
          onClick={() => setEditing(false)}
          aria-label={t('common.cancel')}
        />
      </Space.Compact>
    );
  }

  return (
    <Space size={4} data-testid={`season-remark-${seasonId}`}>
      {remark ? (
        <Typography.Text>{remark}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('seasons.noRemark')}</Typography.Text>
      )}
      {readOnly ? null : (
        <Tooltip title={t('seasons.editRemark')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            onClick={start}
            aria-label={t('seasons.editRemark')}
            data-testid={`season-remark-edit-${seasonId}`}
          />
        </Tooltip>
      )}
    </Space>
  );
}
