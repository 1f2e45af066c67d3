import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The thinking time of a decision: `time_fixed + time_add` seconds from the rule, counted down to the ask's
 * deadline. The bar shrinks by a CSS transition (no work per frame); the seconds are read out every quarter
 * second. The fixed part runs first, then the added time (shown apart, as `5+20`).
 */
export function TimeBar({
  deadline,
  fixed,
  add,
  held,
}: {
  deadline: number;
  fixed: number;
  add: number;
  /** The game is paused: the clock is held. */
  held: boolean;
}) {
  const { t } = useTranslation();
  const total = Math.max(1, (fixed + add) * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (held) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [held]);
  const left = Math.max(0, Math.min(total, deadline - now));
  const leftS = Math.ceil(left / 1000);
  const addLeft = Math.min(add, leftS);
  const fixedLeft = Math.max(0, leftS - add);
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = fill.current;
    if (!el) return;
    // From the time left now, shrinking to nothing by the deadline.
    const leftNow = Math.max(0, Math.min(total, deadline - Date.now()));
    el.style.transition = 'none';
    el.style.transform = `scaleX(${leftNow / total})`;
    if (held) return;
    void el.offsetWidth;
    el.style.transition = `transform ${leftNow}ms linear`;
    el.style.transform = 'scaleX(0)';
  }, [deadline, held, total]);
  return (
    <div
      className="tt-time"
      data-testid="time-bar"
      role="timer"
      aria-label={t('table.timeLeft', { count: leftS })}
    >
      <div className="tt-time-track">
        <div ref={fill} className={`tt-time-fill${left < total / 4 ? ' tt-time-low' : ''}`} />
      </div>
      <span className="tt-time-text">{t('table.time', { fixed: fixedLeft, add: addLeft })}</span>
    </div>
  );
}
