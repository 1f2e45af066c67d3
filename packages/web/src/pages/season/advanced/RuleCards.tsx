import {
  type DetailRuleField,
  firstPlaceUma,
  GameVariant,
  gameVariantOf,
  LIMITS,
  playerCountOf,
  type RuleNumberField,
  redDoraChoices,
} from '@taikai/protocol';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, ComputedField, FlagField, NumberField, SwitchField, useRuleEditor } from './RuleFields';
import { fieldLabel } from './ruleLabels';

/** Label column of the full-width cards (game, limits, points). */
const WIDE_LABEL = { flex: '0 0 220px' };

/** The horizontal form of a rule card, disabled when the editor is read-only; `wide` for full-width cards. */
export function RuleForm({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  const { readOnly } = useRuleEditor();
  return (
    <Form
      component="div"
      layout="horizontal"
      labelCol={wide ? WIDE_LABEL : { flex: '0 0 50%' }}
      labelWrap
      labelAlign="left"
      disabled={readOnly}
    >
      {children}
    </Form>
  );
}

const numbers = (...fields: RuleNumberField[]) => fields.map((f) => <NumberField key={f} field={f} />);
const switches = (...fields: DetailRuleField[]) => fields.map((f) => <SwitchField key={f} field={f} />);
const flags = (...fields: DetailRuleField[]) => fields.map((f) => <FlagField key={f} field={f} />);

function RuleCard({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  /** A full-width card (points) rather than one of the two-column rule cards. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      size={wide ? undefined : 'small'}
      title={title}
      data-testid={`rule-card-${id}`}
      className="rule-card"
    >
      <RuleForm wide={wide}>{children}</RuleForm>
    </Card>
  );
}

/** The starting and goal points, shown in every mode. */
export function PointsCard() {
  const { t } = useTranslation();
  return (
    <RuleCard id="points" title={t('rules.cards.points')} wide>
      {numbers('init_point', 'fandian', 'jingsuanyuandian', 'tianbian_value')}
    </RuleCard>
  );
}

/** The rule cards of standard and dora3 (more settings). */
export function RuleCards() {
  const { t } = useTranslation();
  const { state } = useRuleEditor();
  const players = playerCountOf(state.roundType);
  const first = firstPlaceUma(state.rule, players);
  const offOn = (labels: string[]) => labels.map((label, value) => ({ value, label }));
  const exclusiveHint = (other: 'have_toutiao' | 'have_sanjiahele') =>
    t('rules.excludes', { field: fieldLabel(t, other) });
  return (
    <div className="rule-cards" data-testid="rule-cards">
      <RuleCard id="sticks" title={t('rules.cards.sticks')}>
        {numbers('liqibang_value', 'changbang_value', 'noting_fafu_1', 'noting_fafu_2', 'noting_fafu_3')}
      </RuleCard>
      <RuleCard id="uma" title={t('rules.cards.uma')}>
        <ComputedField
          label={t('rules.umaFirst')}
          value={first > 0 ? `+${first}` : String(first)}
          testId="rule-uma-first"
        />
        {numbers('shunweima_2', 'shunweima_3', ...(players === 4 ? (['shunweima_4'] as const) : []))}
      </RuleCard>
      <RuleCard id="basic" title={t('rules.cards.basic')}>
        <ChoiceField
          field="dora_count"
          options={redDoraChoices(players).map((n) => ({
            value: n,
            label: t('rules.redCount', { count: n }),
          }))}
        />
        <ChoiceField
          field="fanfu"
          options={LIMITS.FANFU_VALUES.map((n) => ({ value: n, label: t('rules.hanCount', { count: n }) }))}
        />
        <FlagField field="shiduan" />
        {switches('can_jifei', 'have_qieshangmanguan')}
        <SwitchField field="have_toutiao" hint={exclusiveHint('have_sanjiahele')} />
        {players === 3 && <SwitchField field="have_zimosun" />}
        <ChoiceField
          field="enable_renhe"
          options={offOn([t('rules.renhe.0'), t('rules.renhe.1'), t('rules.renhe.2')])}
        />
        <ChoiceField
          field="enable_baopai_extend_settings"
          options={offOn([t('rules.pao.0'), t('rules.pao.1'), t('rules.pao.2')])}
        />
        {switches('have_liujumanguan', 'have_yifa', 'have_nanruxiru')}
        {flags('guyi_mode', 'enable_shiti', 'enable_nontsumo_liqi', 'disable_double_wind_four_fu')}
        <SwitchField field="bianjietishi" />
      </RuleCard>
      <div className="rule-card-column">
        <RuleCard id="dora" title={t('rules.cards.dora')}>
          {switches(
            'have_biao_dora',
            'have_gang_biao_dora',
            'ming_dora_immediately_open',
            'have_li_dora',
            'have_gang_li_dora',
          )}
        </RuleCard>
        <RuleCard id="dealer" title={t('rules.cards.dealer')}>
          {switches(
            'have_helelianzhuang',
            'have_helezhongju',
            'have_tingpailianzhuang',
            'have_tingpaizhongju',
          )}
        </RuleCard>
      </div>
      <RuleCard id="draws" title={t('rules.cards.draws')}>
        {switches('have_sigangsanle', 'have_sifenglianda', 'have_sijializhi', 'have_jiuzhongjiupai')}
        <SwitchField field="have_sanjiahele" hint={exclusiveHint('have_toutiao')} />
      </RuleCard>
      <RuleCard id="yakuman" title={t('rules.cards.yakuman')}>
        {switches('disable_leijiyiman', 'disable_multi_yukaman')}
        {flags('disable_double_yakuman', 'disable_composite_yakuman', 'disable_angang_guoshi')}
      </RuleCard>
    </div>
  );
}

/** Modes whose tables play the three-tile exchange (换三张). */
const EXCHANGE_VARIANTS: ReadonlySet<GameVariant> = new Set([GameVariant.CHUANMA, GameVariant.XUEZHANDAODI]);

/**
 * Modes without rule cards: the no-more-settings text and the bust switch; chuanma (Sichuan) and xuezhandaodi
 * also their three-tile exchange (换三张, `huansanzhang`).
 */
export function NoMoreSettings() {
  const { t } = useTranslation();
  const { state } = useRuleEditor();
  return (
    <RuleCard id="other" title={t('rules.cards.other')} wide>
      <p className="rule-no-more" data-testid="rule-no-more-settings">
        {t('rules.noMoreSettings')}
      </p>
      <SwitchField field="can_jifei" />
      {EXCHANGE_VARIANTS.has(gameVariantOf(state.rule)) && <FlagField field="huansanzhang" />}
    </RuleCard>
  );
}
