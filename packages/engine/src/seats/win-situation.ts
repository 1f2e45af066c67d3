import type { WinSituation } from '../guyi/yaku';

/**
 * What the table counts toward a seat's win that its hand does not show, as the seat follows it from its own
 * messages: riichi (2: declared in the first go-around, double riichi), ippatsu (from the riichi discard until
 * the seat's next discard, any call, kan or North set aside), whether the first go-around is still unbroken (a
 * tsumo then is the seat's first draw: tenhou or chiihou), and the last discard as guyi_mode reads it (it
 * declared riichi; it follows a kan's replacement draw, which `afterKan` also says of the discard to come).
 */
export interface Situation extends WinSituation {
  lizhi: 0 | 1 | 2;
  yifa: boolean;
  firstGoAround: boolean;
}

/** A seat's message, as far as the situation reads it. */
export type SituationMessage = Partial<
  Record<'qipai' | 'kaigang' | 'dapai' | 'fulou' | 'gang' | 'gangzimo' | 'kita', unknown>
>;

const OPENING: Situation = {
  lizhi: 0,
  yifa: false,
  firstGoAround: true,
  riichiDiscard: false,
  afterKan: false,
};

/** The situation after `msg`, seen by seat `me` (`players` seats; `ippatsu`: the rule counts ippatsu). */
export function nextSituation(
  s: Situation,
  msg: SituationMessage,
  me: number,
  players: number,
  ippatsu: boolean,
): Situation {
  if (msg.qipai) return { ...OPENING };
  // A kan's new indicator comes between its replacement draw and the discard: it changes nothing.
  if (msg.kaigang) return s;
  const next = { ...s, riichiDiscard: false, afterKan: !!msg.gangzimo };
  const discard = msg.dapai as { l: number; p: string } | undefined;
  if (discard) {
    next.riichiDiscard = discard.p.endsWith('*');
    next.afterKan = s.afterKan;
    if (discard.l === me) {
      next.yifa = false;
      if (next.riichiDiscard) {
        next.lizhi = s.firstGoAround ? 2 : 1;
        next.yifa = ippatsu;
      }
    }
    if (discard.l === players - 1) next.firstGoAround = false;
  }
  if (msg.fulou || msg.gang || msg.gangzimo || msg.kita) {
    next.yifa = false;
    next.firstGoAround = false;
  }
  return next;
}

/** The situation after a seat's `messages` (the hand in progress, from its `qipai`). */
export function situationOf(
  messages: readonly SituationMessage[],
  me: number,
  players: number,
  ippatsu: boolean,
): Situation {
  return messages.reduce<Situation>((s, msg) => nextSituation(s, msg, me, players, ippatsu), OPENING);
}
