import { useTranslation } from 'react-i18next';
import { meldTiles } from './model/notation';
import type { Answer, Choices, KanKind } from './model/options';
import { answers } from './model/options';
import { TileRow } from './Tiles';

/** Which choice list the bar shows: the calls, or the combinations of one of them. */
export type BarMode = 'main' | 'riichi' | 'chi' | 'pon' | 'kan';

/** Keys of the calls (shown on the buttons on wide screens). */
export const ACTION_KEYS = {
  riichi: 'r',
  ron: 'r',
  tsumo: 't',
  chi: 'c',
  pon: 'p',
  kan: 'k',
  kyuushu: 'x',
  kita: 'n',
  pass: 's',
} as const;

export interface BarAction {
  id: keyof typeof ACTION_KEYS;
  /** Answers at once, or opens the list of combinations. */
  answer?: Answer;
  mode?: BarMode;
}

/** The buttons of the main list, in the order they are shown: wins first, pass last. */
export function mainActions(c: Choices): BarAction[] {
  const out: BarAction[] = [];
  if (c.tsumo) out.push({ id: 'tsumo', answer: answers.win() });
  if (c.ron) out.push({ id: 'ron', answer: answers.win() });
  if (c.riichi.length > 0) out.push({ id: 'riichi', mode: 'riichi' });
  if (c.kans.length === 1) out.push({ id: 'kan', answer: answers.kan(c.kans[0].m, c.kans[0].kind) });
  else if (c.kans.length > 1) out.push({ id: 'kan', mode: 'kan' });
  if (c.pon.length === 1) out.push({ id: 'pon', answer: answers.call(c.pon[0]) });
  else if (c.pon.length > 1) out.push({ id: 'pon', mode: 'pon' });
  if (c.chi.length === 1) out.push({ id: 'chi', answer: answers.call(c.chi[0]) });
  else if (c.chi.length > 1) out.push({ id: 'chi', mode: 'chi' });
  if (c.kita) out.push({ id: 'kita', answer: answers.kita() });
  if (c.kyuushu) out.push({ id: 'kyuushu', answer: answers.kyuushu() });
  if (c.pass) out.push({ id: 'pass', answer: answers.pass() });
  return out;
}

/** The combinations of a call to choose from, each with its answer. */
export function comboActions(c: Choices, mode: BarMode): { m: string; kind?: KanKind; answer: Answer }[] {
  if (mode === 'chi') return c.chi.map((m) => ({ m, answer: answers.call(m) }));
  if (mode === 'pon') return c.pon.map((m) => ({ m, answer: answers.call(m) }));
  if (mode === 'kan') return c.kans.map((k) => ({ m: k.m, kind: k.kind, answer: answers.kan(k.m, k.kind) }));
  return [];
}

/**
 * The decisions offered now, exactly those the rules allow: wins, riichi, kan, pon, chi, North aside
 * (three players), kyuushu kyuuhai, pass.
 * A call with several combinations opens their list; riichi asks for its discard in the hand.
 */
export function ActionBar({
  choices,
  mode,
  showKeys,
  onAnswer,
  onMode,
}: {
  choices: Choices;
  mode: BarMode;
  showKeys: boolean;
  onAnswer: (answer: Answer) => void;
  onMode: (mode: BarMode) => void;
}) {
  const { t } = useTranslation();
  const key = (k: string) => (showKeys ? <kbd className="tt-key">{k.toUpperCase()}</kbd> : null);
  if (mode === 'riichi') {
    return (
      <div className="tt-actions" data-testid="actions">
        <span className="tt-actions-hint" data-testid="riichi-hint">
          {t('table.actions.chooseRiichi')}
        </span>
        <button type="button" className="tt-btn" data-testid="action-cancel" onClick={() => onMode('main')}>
          {t('table.actions.cancel')}
          {key('esc')}
        </button>
      </div>
    );
  }
  if (mode !== 'main') {
    const combos = comboActions(choices, mode);
    return (
      <div className="tt-actions" data-testid="actions">
        <span className="tt-actions-hint">{t(`table.actions.choose.${mode}`)}</span>
        {combos.map((combo, i) => (
          <button
            type="button"
            key={combo.m}
            className="tt-btn tt-btn-combo"
            data-testid={`choice-${i}`}
            data-meld={combo.m}
            onClick={() => onAnswer(combo.answer)}
          >
            <TileRow tiles={meldTiles(combo.m).map((x) => x.code)} />
            {combo.kind ? <span className="tt-combo-kind">{t(`table.actions.${combo.kind}`)}</span> : null}
            {key(String(i + 1))}
          </button>
        ))}
        <button type="button" className="tt-btn" data-testid="action-cancel" onClick={() => onMode('main')}>
          {t('table.actions.cancel')}
          {key('esc')}
        </button>
      </div>
    );
  }
  const actions = mainActions(choices);
  if (actions.length === 0) return <div className="tt-actions tt-actions-empty" data-testid="actions" />;
  return (
    <div className="tt-actions" data-testid="actions">
      {actions.map((a) => (
        <button
          type="button"
          key={a.id}
          className={`tt-btn tt-btn-${a.id}`}
          data-testid={`action-${a.id}`}
          onClick={() => {
            if (a.answer) onAnswer(a.answer);
            else if (a.mode) onMode(a.mode);
          }}
        >
          {t(`table.actions.${a.id}`)}
          {key(ACTION_KEYS[a.id])}
        </button>
      ))}
    </div>
  );
}
