import CopyOutlined from '@ant-design/icons/CopyOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import {
  applyPreset,
  CheckState,
  chooseRoundType,
  chooseVariant,
  type DetailRule,
  type DetailRuleField,
  differsFromDefaults,
  encodeRuleText,
  GAME_VARIANTS,
  type GameVariant,
  gameVariantOf,
  hasRuleCards,
  importRule,
  isPlayableVariant,
  LEVEL_IDS_3P,
  LEVEL_IDS_4P,
  LEVEL_NONE,
  nearestPreset,
  presetsFor,
  type RoundType,
  type RuleDraft,
  type RuleNumberField,
  type RulePresetName,
  roundTypesForVariant,
  ruleIssues,
  SeasonState,
  setNumber,
  setSwitch,
  THINKING_PRESETS,
} from '@taikai/protocol';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UnsupportedRuleField, updateContestRule } from '../../../api/calls';
import { ApiError } from '../../../api/client';
import { toastError } from '../../../api/notify';
import { keys } from '../../../api/queries';
import { roundTypeLabel, variantLabel } from '../../../components/contestLabels';
import { RefreshUpdateBar } from '../../../components/RefreshUpdateBar';
import { useContestRights } from '../../contest/rights';
import type { SeasonPageProps } from '../pageProps';
import { ImportRuleDialog } from './ImportRuleDialog';
import { NoMoreSettings, PointsCard, RuleCards, RuleForm } from './RuleCards';
import { FieldRow, type RuleEditorApi, RuleEditorContext } from './RuleFields';
import {
  hasChanges,
  type RuleEditorState,
  rememberedPreset,
  rememberPreset,
  ruleChanged,
  settingOf,
  stateOf,
} from './ruleForm';
import { fieldLabel, fieldList, levelLabel, presetLabel } from './ruleLabels';
import { useRuleCheck } from './useRuleCheck';
import './advanced.css';

const thinkingKey = (p: { time_fixed: number; time_add: number }) => `${p.time_fixed}+${p.time_add}`;

/** Unsupported fields an update refusal (2517) carries. */
function unsupportedOf(error: unknown): UnsupportedRuleField[] | null {
  if (!(error instanceof ApiError)) return null;
  const d = error.details as { unsupported?: unknown; data?: { unsupported?: unknown } };
  const list = d.unsupported ?? d.data?.unsupported;
  return Array.isArray(list) ? (list as UnsupportedRuleField[]) : null;
}

/**
 * The rule editor (season `advanced`; the rule belongs to the tournament, every season plays it): mode, round
 * type, thinking time, presets, emoji, limits, points and the rule cards, with the dependencies and limits of
 * spec §4–§5, what the game server cannot play yet, and a sticky bar to copy, import, refresh and update.
 */
export default function AdvancedPage({ contest, season }: SeasonPageProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const ended = season.state === SeasonState.ENDED;
  // The rule is the tournament's base: those who may not edit it (chat and player managers, observers) read it.
  const rights = useContestRights(contest);
  const readOnly = ended || !rights.can('editBase');
  const readOnlyReason = ended ? t('rules.readOnly') : rights.why('editBase');
  const [state, setState] = useState<RuleEditorState>(() => stateOf(contest));
  const [more, setMore] = useState(() => differsFromDefaults(stateOf(contest)));
  const [preset, setPreset] = useState<RulePresetName>(rememberedPreset);
  const [importing, setImporting] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [refused, setRefused] = useState<UnsupportedRuleField[]>([]);

  // The editor follows the tournament as loaded (after refresh, update or another organiser's change).
  useEffect(() => {
    setState(stateOf(contest));
    setRefused([]);
  }, [contest]);

  const draft: RuleDraft = { roundType: state.roundType, rule: state.rule };
  const variant = gameVariantOf(state.rule);
  const differs = differsFromDefaults(draft);
  // More settings open by themselves once the rule differs from the defaults.
  useEffect(() => {
    if (differs) setMore(true);
  }, [differs]);

  const issues = useMemo(() => ruleIssues({ roundType: state.roundType, rule: state.rule }), [state]);
  const changed = !readOnly && hasChanges(contest, state);
  const newRule = ruleChanged(contest, state);
  const check = useRuleCheck(
    contest.unique_id,
    state.roundType,
    state.rule,
    !readOnly && issues.length === 0,
  );
  const unsupported = check.unsupported.length ? check.unsupported : refused;
  const offered = presetsFor(draft);
  const nearest = nearestPreset(draft);

  const setDraft = (next: RuleDraft) =>
    setState((s) => ({ ...s, roundType: next.roundType, rule: next.rule }));
  const api: RuleEditorApi = {
    state,
    readOnly,
    issues: groupBy(issues, (i) => i.field),
    unsupported: groupBy(unsupported, (u) => u.field),
    setRule: (rule: DetailRule) => setState((s) => ({ ...s, rule })),
    typeNumber: (field: RuleNumberField, value: number) =>
      setState((s) => ({ ...s, rule: { ...s.rule, [field]: value } })),
    commitNumber: (field: RuleNumberField) =>
      setState((s) => ({ ...s, rule: setNumber(s, field, s.rule[field]) })),
    turnSwitch: (field: DetailRuleField, on: boolean) =>
      setState((s) => ({ ...s, rule: setSwitch(s.rule, field, on) })),
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: keys.contest(contest.unique_id) });
      setState(stateOf(queryClient.getQueryData(keys.contest(contest.unique_id)) ?? contest));
      setRefused([]);
    } finally {
      setRefreshing(false);
    }
  };

  const send = async () => {
    setSaving(true);
    try {
      const updated = await updateContestRule(
        { unique_id: contest.unique_id, setting: settingOf(state) },
        { silent: true },
      );
      queryClient.setQueryData(keys.contest(contest.unique_id), updated);
      void queryClient.invalidateQueries({ queryKey: keys.contests });
      void message.success(
        updated.check_state === CheckState.UNDER_REVIEW ? t('rules.underReview') : t('rules.updated'),
      );
    } catch (error) {
      const cannot = unsupportedOf(error);
      if (cannot?.length) {
        setRefused(cannot);
        toastError(
          t('rules.updateUnsupported', {
            fields: fieldList(
              t,
              cannot.map((c) => c.field),
            ),
          }),
        );
      } else if (error instanceof Error) {
        toastError(error.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const update = () => {
    modal.confirm({
      title: t('rules.confirmTitle'),
      content: t('rules.confirmContent'),
      okText: t('common.update'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'rule-update-confirm' },
      onOk: send,
    });
  };

  const copy = async () => {
    const text = encodeRuleText(state.rule, state.roundType);
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('rules.copied'));
    } catch {
      // No clipboard (plain http, permission refused): show the text to copy by hand.
      setCopied(text);
    }
  };

  const loadPreset = () => {
    rememberPreset(preset);
    setState((s) => ({ ...s, rule: applyPreset(s, preset) }));
    void message.success(t('rules.presetLoaded', { preset: presetLabel(t, preset) }));
  };

  const blocked = readOnly
    ? readOnlyReason
    : !changed
      ? t('rules.noChanges')
      : issues.length
        ? t('rules.blockedByIssues', {
            fields: fieldList(
              t,
              issues.map((i) => i.field),
            ),
          })
        : newRule && unsupported.length
          ? t('rules.blockedByUnsupported')
          : newRule && check.pending
            ? t('rules.checking')
            : undefined;

  const levelOptions = (ids: readonly number[], type: string) =>
    [LEVEL_NONE, ...ids].map((id) => ({
      value: id,
      label: <span data-testid={`rule-level-${type}-${id}`}>{levelLabel(t, id)}</span>,
    }));
  const timeKey = thinkingKey(state.rule);

  return (
    <RuleEditorContext.Provider value={api}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="rule-editor">
        {readOnly && <Alert type="info" showIcon title={readOnlyReason} data-testid="rule-readonly" />}
        <Alert type="info" showIcon title={t('rules.shared')} />
        {!isPlayableVariant(variant) && (
          <Alert
            type="error"
            showIcon
            data-testid="rule-not-playable"
            title={t('rules.notPlayable', { mode: variantLabel(t, variant) })}
          />
        )}
        {unsupported.length > 0 && (
          <Alert
            type="warning"
            showIcon
            data-testid="rule-unsupported"
            title={t('rules.unsupportedTitle')}
            description={
              <ul className="rule-unsupported-list">
                {unsupported.map((u) => (
                  <li key={`${u.field}-${String(u.value)}`}>
                    <Typography.Text strong>{fieldLabel(t, u.field)}</Typography.Text>
                    {u.field === 'mode' ? ` (${roundTypeLabel(t, variant, Number(u.value))})` : ''}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        <Card title={t('rules.gameCard')} data-testid="rule-game-card">
          <RuleForm wide>
            <FieldRow field="variant" also={VARIANT_FLAG_FIELDS} label={t('rules.mode')}>
              <Select<GameVariant>
                value={variant}
                style={{ width: 240 }}
                onChange={(v) => setDraft(chooseVariant(draft, v))}
                data-testid="rule-mode"
                options={GAME_VARIANTS.map((v) => ({
                  value: v,
                  label: (
                    <span data-testid={`rule-mode-${v}`}>
                      {isPlayableVariant(v)
                        ? variantLabel(t, v)
                        : t('rules.notPlayableOption', { mode: variantLabel(t, v) })}
                    </span>
                  ),
                }))}
              />
            </FieldRow>
            <FieldRow field="mode" label={t('rules.roundType')}>
              <Radio.Group
                value={state.roundType}
                optionType="button"
                onChange={(e) => setDraft(chooseRoundType(draft, e.target.value as RoundType))}
                data-testid="rule-round-type"
                options={roundTypesForVariant(variant).map((rt) => ({
                  value: rt,
                  label: <span data-testid={`rule-round-type-${rt}`}>{roundTypeLabel(t, variant, rt)}</span>,
                }))}
              />
            </FieldRow>
            <FieldRow field="time_fixed" label={t('rules.thinkingTime')}>
              <Select<string>
                value={timeKey}
                style={{ width: 240 }}
                onChange={(key) => {
                  const p = THINKING_PRESETS.find((x) => thinkingKey(x) === key);
                  if (p) setState((s) => ({ ...s, rule: { ...s.rule, ...p } }));
                }}
                data-testid="rule-thinking"
                options={THINKING_PRESETS.map((p) => ({
                  value: thinkingKey(p),
                  label: (
                    <span data-testid={`rule-thinking-${thinkingKey(p)}`}>
                      {t('rules.thinkingValue', { fixed: p.time_fixed, add: p.time_add })}
                    </span>
                  ),
                }))}
              />
            </FieldRow>
            <Form.Item label={t('rules.preset')} colon={false} extra={t('rules.presetHint')}>
              <Space wrap>
                <Select<RulePresetName>
                  value={offered.includes(preset) ? preset : 'default'}
                  style={{ width: 240 }}
                  onChange={setPreset}
                  data-testid="rule-preset"
                  options={offered.map((name) => ({
                    value: name,
                    label: <span data-testid={`rule-preset-${name}`}>{presetLabel(t, name)}</span>,
                  }))}
                />
                <Button onClick={loadPreset} disabled={readOnly} data-testid="rule-preset-load">
                  {t('rules.presetLoad')}
                </Button>
              </Space>
            </Form.Item>
            <Form.Item label={t('rules.compared')} colon={false}>
              <div data-testid="rule-diff">
                {nearest.fields.length === 0 ? (
                  <Tag color="green" data-testid="rule-diff-same">
                    {t('rules.samePreset', { preset: presetLabel(t, nearest.name) })}
                  </Tag>
                ) : (
                  <Typography.Text data-testid="rule-diff-text">
                    {t('rules.differsFrom', {
                      preset: presetLabel(t, nearest.name),
                      count: nearest.fields.length,
                    })}
                    <span className="rule-diff-fields" data-testid="rule-diff-fields">
                      {fieldList(t, nearest.fields)}
                    </span>
                  </Typography.Text>
                )}
              </div>
            </Form.Item>
            <Form.Item label={t('rules.emoji')} colon={false}>
              <Switch
                checked={state.emoji}
                disabled={readOnly}
                onChange={(emoji) => setState((s) => ({ ...s, emoji }))}
                data-testid="rule-emoji"
              />
            </Form.Item>
          </RuleForm>
        </Card>

        <Card title={t('rules.limitsCard')} data-testid="rule-limits-card">
          <RuleForm wide>
            <Form.Item label={t('rules.level4p')} colon={false}>
              <Select<number>
                value={state.level4p}
                style={{ width: 240 }}
                onChange={(level4p) => setState((s) => ({ ...s, level4p }))}
                data-testid="rule-level-4p"
                options={levelOptions(LEVEL_IDS_4P, '4p')}
              />
            </Form.Item>
            <Form.Item label={t('rules.level3p')} colon={false}>
              <Select<number>
                value={state.level3p}
                style={{ width: 240 }}
                onChange={(level3p) => setState((s) => ({ ...s, level3p }))}
                data-testid="rule-level-3p"
                options={levelOptions(LEVEL_IDS_3P, '3p')}
              />
            </Form.Item>
            <Form.Item label={t('rules.gameLimit')} colon={false} extra={t('rules.gameLimitHint')}>
              <InputNumber<number>
                value={state.gameLimit}
                min={0}
                max={1_000_000}
                precision={0}
                style={{ width: 160 }}
                onChange={(v) => {
                  if (typeof v === 'number')
                    setState((s) => ({ ...s, gameLimit: Math.max(0, Math.trunc(v)) }));
                }}
                data-testid="rule-game-limit"
              />
            </Form.Item>
          </RuleForm>
        </Card>

        <PointsCard />

        <div className="rule-more-toggle">
          <Switch checked={more} onChange={setMore} data-testid="rule-more" />
          <Typography.Text strong>{t('rules.moreSettings')}</Typography.Text>
          {differs && (
            <Typography.Text type="secondary" data-testid="rule-more-differs">
              {t('rules.differsFromDefaults')}
            </Typography.Text>
          )}
        </div>
        {more && (hasRuleCards(variant) ? <RuleCards /> : <NoMoreSettings />)}

        <div className="rule-bar" data-testid="rule-bar">
          <div className="rule-bar-status">
            {blocked && changed ? (
              <Typography.Text type={issues.length || unsupported.length ? 'danger' : 'secondary'}>
                {blocked}
              </Typography.Text>
            ) : changed ? (
              <Typography.Text type="warning">{t('rules.unsaved')}</Typography.Text>
            ) : null}
          </div>
          <RefreshUpdateBar
            testId="rule"
            refreshing={refreshing}
            onRefresh={refresh}
            update={{ disabled: !!blocked, reason: blocked, saving, onClick: update }}
            leading={
              <>
                <Button icon={<CopyOutlined />} onClick={copy} data-testid="rule-copy">
                  {t('rules.copy')}
                </Button>
                <Button
                  icon={<ImportOutlined />}
                  onClick={() => setImporting(true)}
                  disabled={readOnly}
                  data-testid="rule-import"
                >
                  {t('rules.import')}
                </Button>
              </>
            }
          />
        </div>
      </Space>
      <ImportRuleDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(imported) => {
          setState((s) => ({ ...s, ...importRule(s, imported) }));
          void message.success(t('rules.imported'));
        }}
      />
      <CopyFallback text={copied} onClose={() => setCopied(null)} />
    </RuleEditorContext.Provider>
  );
}

/** Fields chosen with the game mode: their problems show on the mode. */
const VARIANT_FLAG_FIELDS = ['dora3_mode', 'xuezhandaodi', 'chuanma', 'wanxiangxiuluo_mode', 'huansanzhang'];

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** When the clipboard cannot be written: the rule text, selected, to copy by hand. */
function CopyFallback({ text, onClose }: { text: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={text !== null}
      onCancel={onClose}
      footer={null}
      title={t('rules.copyManual')}
      destroyOnHidden
      data-testid="rule-copy-dialog"
    >
      <Input.TextArea
        value={text ?? ''}
        rows={4}
        readOnly
        autoFocus
        onFocus={(e) => e.target.select()}
        data-testid="rule-copy-text"
      />
    </Modal>
  );
}
