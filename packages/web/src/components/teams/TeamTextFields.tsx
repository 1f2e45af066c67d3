import { weightedLength } from '@taikai/protocol';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type TeamTextProblem, teamTextCount, teamTextProblem } from './teamText';

export interface TeamTextDraft {
  name: string;
  detail: string;
}

/** The name and detail as sent (trimmed), or null while one of them breaks its rule (OK stays disabled). */
export function teamTextToSend(draft: TeamTextDraft): TeamTextDraft | null {
  if (teamTextProblem('name', draft.name) !== null || teamTextProblem('detail', draft.detail) !== null) {
    return null;
  }
  return { name: draft.name.trim(), detail: draft.detail.trim() };
}

function problemText(t: TFunction, field: 'name' | 'detail', problem: TeamTextProblem, max: number) {
  if (problem === 'required') return t('teams.text.required');
  if (problem === 'chars') return t('teams.text.chars');
  if (problem === 'tooLong') return t('teams.text.tooLong', { max });
  return field === 'name' ? t('teams.text.nameHint', { max }) : t('teams.text.detailHint', { max });
}

/**
 * A team's name and detail (spec §5), each with its weighted-length counter (characters above U+00FF count 2) and,
 * under it, the rule it breaks as typed. `testId` prefixes the inputs (`<testId>-name`, `<testId>-detail`).
 */
export function TeamTextFields({
  value,
  onChange,
  disabled,
  testId,
  autoFocus,
  onSubmit,
}: {
  value: TeamTextDraft;
  onChange: (next: TeamTextDraft) => void;
  disabled?: boolean;
  testId: string;
  autoFocus?: boolean;
  /** Enter in the name field. */
  onSubmit?: () => void;
}) {
  const { t } = useTranslation();
  const field = (name: 'name' | 'detail') => {
    const text = value[name];
    const { max } = teamTextCount(name, text);
    // An empty name is not an error before anything was typed; the counter says what is needed.
    const problem = teamTextProblem(name, text);
    const shown = problem === 'required' && text === '' ? null : problem;
    return (
      <Form.Item
        label={t(name === 'name' ? 'teams.text.name' : 'teams.text.detail')}
        required={name === 'name'}
        validateStatus={shown ? 'error' : undefined}
        help={<span data-testid={`${testId}-${name}-help`}>{problemText(t, name, shown, max)}</span>}
        style={{ marginBottom: 12 }}
      >
        {name === 'name' ? (
          <Input
            data-testid={`${testId}-name`}
            value={text}
            autoFocus={autoFocus}
            disabled={disabled}
            placeholder={t('teams.text.namePlaceholder')}
            count={{ show: true, max, strategy: (s) => weightedLength(s.trim()) }}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
            onPressEnter={() => onSubmit?.()}
          />
        ) : (
          <Input
            data-testid={`${testId}-detail`}
            value={text}
            disabled={disabled}
            placeholder={t('teams.text.detailPlaceholder')}
            count={{ show: true, max, strategy: (s) => weightedLength(s.trim()) }}
            onChange={(e) => onChange({ ...value, detail: e.target.value })}
          />
        )}
      </Form.Item>
    );
  };
  return (
    <Form layout="vertical" component="div">
      {field('name')}
      {field('detail')}
    </Form>
  );
}
