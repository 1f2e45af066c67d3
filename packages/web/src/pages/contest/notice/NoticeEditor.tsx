import { charLength, NOTICE_MAX, type NoticeKind } from '@taikai/protocol';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { NOTICE_FIELD_LANGS, type NoticeValues } from './noticeForm';

const ROWS: Record<NoticeKind, { minRows: number; maxRows: number }> = {
  public: { minRows: 4, maxRows: 10 },
  private: { minRows: 6, maxRows: 16 },
  manager: { minRows: 5, maxRows: 14 },
};

/**
 * The text areas of one notice: a single one, or one per console language when multi-language is on; each
 * with a counter against the notice's limit that turns red when over it. The text is plain text: what is
 * typed is what players read, never interpreted as HTML.
 */
export function NoticeEditor({
  kind,
  multi,
  values,
  onChange,
  readOnly,
  testId,
}: {
  kind: NoticeKind;
  multi: boolean;
  values: NoticeValues;
  onChange: (next: NoticeValues) => void;
  /** Shown, not editable (observers): the text stays as readable as elsewhere. */
  readOnly?: boolean;
  /** Prefix of the areas' test ids: `<testId>-<lang>` (`default` for the single text). */
  testId: string;
}) {
  const { t } = useTranslation();
  const max = NOTICE_MAX[kind];
  return (
    <Form layout="vertical" component="div">
      {NOTICE_FIELD_LANGS(multi).map((lang) => {
        const text = values[lang] ?? '';
        const over = charLength(text) > max;
        return (
          <Form.Item
            key={lang}
            label={multi ? t(`language.${lang}`) : undefined}
            validateStatus={over ? 'error' : undefined}
            help={over ? t('notice.tooLong', { max }) : undefined}
            style={{ marginBottom: multi ? 16 : 8 }}
          >
            <Input.TextArea
              data-testid={`${testId}-${lang}`}
              value={text}
              readOnly={readOnly}
              autoSize={multi ? { minRows: 3, maxRows: ROWS[kind].maxRows } : ROWS[kind]}
              placeholder={readOnly ? undefined : t(`notice.placeholder.${kind}`)}
              count={{ show: true, max, strategy: charLength }}
              onChange={(e) => onChange({ ...values, [lang]: e.target.value })}
            />
          </Form.Item>
        );
      })}
    </Form>
  );
}
