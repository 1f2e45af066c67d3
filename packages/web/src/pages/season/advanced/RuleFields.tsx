import {
  type DetailRule,
  type DetailRuleField,
  isSwitchDisabled,
  missingPrerequisites,
  numberLimits,
  playerCountOf,
  type RuleIssue,
  type RuleNumberField,
} from '@taikai/protocol';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnsupportedRuleField } from '../../../api/calls';
import type { RuleEditorState } from './ruleForm';
import { fieldLabel, fieldList, issueText } from './ruleLabels';

/** What every field of the editor reads and calls. */
export interface RuleEditorApi {
  state: RuleEditorState;
  readOnly: boolean;
  issues: ReadonlyMap<string, RuleIssue[]>;
  unsupported: ReadonlyMap<string, UnsupportedRuleField[]>;
  /** Replaces the rule (dependencies already applied by the caller). */
  setRule: (rule: DetailRule) => void;
  /** A number typed, not yet committed (no step, no dependencies). */
  typeNumber: (field: RuleNumberField, value: number) => void;
  /** The input left: its step and dependencies applied. */
  commitNumber: (field: RuleNumberField) => void;
  /** A switch turned, with its dependencies. */
  turnSwitch: (field: DetailRuleField, on: boolean) => void;
}

export const RuleEditorContext = createContext<RuleEditorApi | null>(null);

export function useRuleEditor(): RuleEditorApi {
  const api = useContext(RuleEditorContext);
  if (!api) throw new Error('rule fields outside the rule editor');
  return api;
}

/** The row of one field: label, control, what is wrong with it and what the game server cannot play. */
export function FieldRow({
  field,
  also = [],
  label,
  children,
  hint,
}: {
  field: string;
  /** Other fields whose problems show on this row (the variant flags on the mode). */
  also?: readonly string[];
  label?: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const { issues, unsupported } = useRuleEditor();
  const mine = [field, ...also].flatMap((f) => issues.get(f) ?? []);
  const cannot = [field, ...also].flatMap((f) => unsupported.get(f) ?? []);
  const help =
    mine.length || cannot.length ? (
      <>
        {mine.map((issue) => (
          <div key={issue.kind} data-testid={`rule-issue-${field}`}>
            {issueText(t, issue)}
          </div>
        ))}
        {cannot.length > 0 && (
          <div data-testid={`rule-unsupported-${field}`} className="rule-unsupported-text">
            {t('rules.unsupportedField')}
          </div>
        )}
      </>
    ) : undefined;
  return (
    <Form.Item
      label={label ?? fieldLabel(t, field)}
      validateStatus={mine.length ? 'error' : cannot.length ? 'warning' : undefined}
      help={help}
      extra={hint}
      colon={false}
    >
      {children}
    </Form.Item>
  );
}

/** A number input: limits of spec §5, its step applied (rounding down) when the input is left. */
export function NumberField({ field, suffix }: { field: RuleNumberField; suffix?: string }) {
  const { state, typeNumber, commitNumber } = useRuleEditor();
  const limits = numberLimits(field, state.rule, playerCountOf(state.roundType));
  return (
    <FieldRow field={field}>
      <InputNumber<number>
        value={state.rule[field]}
        min={limits.min}
        max={limits.max}
        step={limits.step}
        precision={0}
        suffix={suffix}
        style={{ width: 160 }}
        onChange={(v) => {
          if (typeof v === 'number') typeNumber(field, v);
        }}
        onBlur={() => commitNumber(field)}
        onPressEnter={() => commitNumber(field)}
        data-testid={`rule-field-${field}`}
      />
    </FieldRow>
  );
}

/** A boolean switch with its dependencies; disabled while a prerequisite is off. */
export function SwitchField({ field, hint }: { field: DetailRuleField; hint?: ReactNode }) {
  const { t } = useTranslation();
  const { state, turnSwitch } = useRuleEditor();
  const disabled = isSwitchDisabled(state.rule, field);
  const missing = missingPrerequisites(state.rule, field);
  return (
    <FieldRow
      field={field}
      hint={
        disabled ? (
          <span data-testid={`rule-needs-${field}`}>
            {t('rules.needsOn', { fields: fieldList(t, missing) })}
          </span>
        ) : (
          hint
        )
      }
    >
      <Switch
        checked={Boolean(state.rule[field])}
        disabled={disabled || undefined}
        onChange={(on) => turnSwitch(field, on)}
        data-testid={`rule-field-${field}`}
      />
    </FieldRow>
  );
}

/** A 0/1 number field shown as a switch. */
export function FlagField({ field }: { field: DetailRuleField }) {
  const { state, setRule } = useRuleEditor();
  return (
    <FieldRow field={field}>
      <Switch
        checked={state.rule[field] === 1}
        onChange={(on) => setRule({ ...state.rule, [field]: on ? 1 : 0 })}
        data-testid={`rule-field-${field}`}
      />
    </FieldRow>
  );
}

/** A field with a few allowed values. */
export function ChoiceField({
  field,
  options,
}: {
  field: DetailRuleField;
  options: { value: number; label: string }[];
}) {
  const { state, setRule } = useRuleEditor();
  return (
    <FieldRow field={field}>
      <Select<number>
        value={state.rule[field] as number}
        style={{ width: 250 }}
        popupMatchSelectWidth={false}
        onChange={(v) => setRule({ ...state.rule, [field]: v })}
        data-testid={`rule-field-${field}`}
        options={options.map((o) => ({
          value: o.value,
          label: <span data-testid={`rule-field-${field}-${o.value}`}>{o.label}</span>,
        }))}
      />
    </FieldRow>
  );
}

/** A value computed from others, shown read-only. */
export function ComputedField({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Form.Item label={label} colon={false}>
      <Typography.Text strong data-testid={testId}>
        {value}
      </Typography.Text>
    </Form.Item>
  );
}
