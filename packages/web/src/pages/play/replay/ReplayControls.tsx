import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a replay stands: a hand, and a move in it (0: the deal). */
export interface ReplayPosition {
  hand: number;
  step: number;
}

/** A record file's verification, as a replay shows it. */
export interface ReplayVerificationResult {
  ok: boolean;
  hands: number;
  problems: string[];
  redealt: { hand: number; attempt: number }[];
}

/** The move before or after `at`, across hands; `lastStep(h)` is the last move of hand h. */
export function stepped(
  at: ReplayPosition,
  by: 1 | -1,
  hands: number,
  lastStep: (hand: number) => number,
): ReplayPosition {
  if (by > 0) {
    if (at.step < lastStep(at.hand)) return { hand: at.hand, step: at.step + 1 };
    return at.hand + 1 < hands ? { hand: at.hand + 1, step: 0 } : at;
  }
  if (at.step > 0) return { hand: at.hand, step: at.step - 1 };
  return at.hand > 0 ? { hand: at.hand - 1, step: lastStep(at.hand - 1) } : at;
}

/**
 * A replay's controls: hand and move back and forward, the end of the hand, play and pause when `onPlaying` is
 * given, where the replay stands, and a slider over the hand's moves. Keys: ← → a move, ↑ ↓ a hand, space plays.
 */
export function ReplayControls({
  at,
  hands,
  lastStep,
  move,
  playing,
  onPlaying,
}: {
  at: ReplayPosition;
  hands: number;
  lastStep: (hand: number) => number;
  move: Dispatch<SetStateAction<ReplayPosition>>;
  playing?: boolean;
  onPlaying?: Dispatch<SetStateAction<boolean>>;
}) {
  const { t } = useTranslation();
  const last = lastStep(at.hand);
  const step = (by: 1 | -1) => move((p) => stepped(p, by, hands, lastStep));
  const hand = (by: 1 | -1) =>
    move((p) => ({ hand: Math.min(hands - 1, Math.max(0, p.hand + by)), step: 0 }));
  // The keys act on the latest props without listening anew on every render.
  const keys = useRef({ step, hand, onPlaying });
  keys.current = { step, hand, onPlaying };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.tagName === 'SELECT') return;
      const k = keys.current;
      if (e.key === 'ArrowRight') k.step(1);
      else if (e.key === 'ArrowLeft') k.step(-1);
      else if (e.key === 'ArrowDown') k.hand(1);
      else if (e.key === 'ArrowUp') k.hand(-1);
      else if (e.key === ' ' && k.onPlaying) k.onPlaying((v) => !v);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const button = (testId: string, label: string | undefined, text: string, onClick: () => void) => (
    <button
      type="button"
      className="tt-btn tt-btn-small"
      data-testid={testId}
      aria-label={label}
      onClick={onClick}
    >
      {text}
    </button>
  );
  return (
    <>
      <div className="tt-replay-bar" data-testid="replay-controls">
        {button('replay-prev-hand', t('replay.prevHand'), '«', () => hand(-1))}
        {button('replay-prev', t('replay.prevStep'), '‹', () => step(-1))}
        {onPlaying
          ? button('replay-play', playing ? t('replay.pause') : t('replay.play'), playing ? '❚❚' : '▶', () =>
              onPlaying((v) => !v),
            )
          : null}
        {button('replay-next', t('replay.nextStep'), '›', () => step(1))}
        {button('replay-next-hand', t('replay.nextHand'), '»', () => hand(1))}
        {button('replay-hand-end', t('replay.handEnd'), '⇥', () => move({ hand: at.hand, step: last }))}
        <span className="tt-replay-pos" data-testid="replay-position">
          {t('replay.hand', { n: at.hand + 1, total: hands })} ·{' '}
          {t('replay.step', { n: at.step, total: last })}
        </span>
      </div>
      <input
        className="tt-replay-range"
        type="range"
        min={0}
        max={last}
        value={at.step}
        aria-label={t('replay.step', { n: at.step, total: last })}
        onChange={(e) => move({ hand: at.hand, step: Number(e.target.value) })}
      />
    </>
  );
}

/** The record's revealed seed and commitment, and the verification of every wall against them. */
export function ReplayVerification({
  seed,
  commitment,
  verification,
}: {
  seed: string;
  commitment: string;
  verification: ReplayVerificationResult;
}) {
  const { t } = useTranslation();
  return (
    <details className="tt-verify" data-testid="replay-verification" open>
      <summary className={verification.ok ? 'tt-plus' : 'tt-minus'}>
        {verification.ok ? t('replay.verified', { count: verification.hands }) : t('replay.notVerified')}
      </summary>
      <dl>
        <dt>{t('replay.seed')}</dt>
        <dd data-testid="replay-seed">{seed}</dd>
        <dt>{t('replay.commitment')}</dt>
        <dd>{commitment}</dd>
        {verification.redealt.length > 0 ? (
          <>
            <dt>{t('replay.redealt')}</dt>
            {verification.redealt.map((r) => (
              <dd key={r.hand} data-testid="replay-redealt">
                {t('replay.redealtHand', { hand: r.hand + 1, attempt: r.attempt })}
              </dd>
            ))}
          </>
        ) : null}
        {verification.problems.length > 0 ? (
          <>
            <dt>{t('replay.problems')}</dt>
            {verification.problems.map((p) => (
              <dd key={p}>{p}</dd>
            ))}
          </>
        ) : null}
      </dl>
    </details>
  );
}
