import { firstPlaceUma, LIMITS, playerCountOf, redDoraChoices } from '@taikai/protocol';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, ComputedField, FlagField, NumberField, SwitchField, useRuleEditor } from './RuleFields';
import { fieldLabel } from './ruleLabels';

/** Label column of the full-width cards (game, limits, points). */
export const WIDE_LABEL = { flex: '0 0 220px' };

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
  const { readOnly } = useRuleEditor();
  return (
    <Card
      size={wide ? undefined : 'small'}
      title={title}
      data-testid={`rule-card-${id}`}
      className="rule-card"
    >
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
    </Card>
  );
}

/** The starting and goal points, shown in every mode. */
export function PointsCard() {
  const { t } = useTranslation();
  return (
    <RuleCard id="points" title={t('rules.cards.points')} wide>
      <NumberField field="init_point" />
      <NumberField field="fandian" />
      <NumberField field="jingsuanyuandian" />
      <NumberField field="tianbian_value" />
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
        <NumberField field="liqibang_value" />
        <NumberField field="changbang_value" />
        <NumberField field="noting_fafu_1" />
        <NumberField field="noting_fafu_2" />
        <NumberField field="noting_fafu_3" />
      </RuleCard>
      <RuleCard id="uma" title={t('rules.cards.uma')}>
        <ComputedField
          label={t('rules.umaFirst')}
          value={first > 0 ? `+${first}` : String(first)}
          testId="rule-uma-first"
        />
        <NumberField field="shunweima_2" />
        <NumberField field="shunweima_3" />
        {players === 4 && <NumberField field="shunweima_4" />}
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
        <SwitchField field="can_jifei" />
        <SwitchField field="have_qieshangmanguan" />
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
        <SwitchField field="have_liujumanguan" />
        <SwitchField field="have_yifa" />
        <SwitchField field="have_nanruxiru" />
        <FlagField field="guyi_mode" />
        <FlagField field="enable_shiti" />
        <FlagField field="enable_nontsumo_liqi" />
        <FlagField field="disable_double_wind_four_fu" />
        <SwitchField field="bianjietishi" />
      </RuleCard>
      <div className="rule-card-column">
        <RuleCard id="dora" title={t('rules.cards.dora')}>
          <SwitchField field="have_biao_dora" />
          <SwitchField field="have_gang_biao_dora" />
          <SwitchField field="ming_dora_immediately_open" />
          <SwitchField field="have_li_dora" />
          <SwitchField field="have_gang_li_dora" />
        </RuleCard>
        <RuleCard id="dealer" title={t('rules.cards.dealer')}>
          <SwitchField field="have_helelianzhuang" />
          <SwitchField field="have_helezhongju" />
          <SwitchField field="have_tingpailianzhuang" />
          <SwitchField field="have_tingpaizhongju" />
        </RuleCard>
      </div>
      <RuleCard id="draws" title={t('rules.cards.draws')}>
        <SwitchField field="have_sigangsanle" />
        <SwitchField field="have_sifenglianda" />
        <SwitchField field="have_sijializhi" />
        <SwitchField field="have_jiuzhongjiupai" />
        <SwitchField field="have_sanjiahele" hint={exclusiveHint('have_toutiao')} />
      </RuleCard>
      <RuleCard id="yakuman" title={t('rules.cards.yakuman')}>
        <SwitchField field="disable_leijiyiman" />
        <SwitchField field="disable_multi_yukaman" />
        <FlagField field="disable_double_yakuman" />
        <FlagField field="disable_composite_yakuman" />
        <FlagField field="disable_angang_guoshi" />
      </RuleCard>
    </div>
  );
}

/** Modes without rule cards: the no-more-settings text and the bust switch. */
export function NoMoreSettings() {
  const { t } = useTranslation();
  return (
    <RuleCard id="other" title={t('rules.cards.other')} wide>
      <p className="rule-no-more" data-testid="rule-no-more-settings">
        {t('rules.noMoreSettings')}
      </p>
      <SwitchField field="can_jifei" />
    </RuleCard>
  );
}
