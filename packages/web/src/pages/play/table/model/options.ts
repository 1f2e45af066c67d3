import type { Player, Shoupai } from '@kobalab/majiang-core';
import {
  canKita,
  guyiWinAllowed,
  Majiang,
  markOf,
  SanmaSeatView,
  SeatView,
  type Situation,
  situationOf,
  type WinWay,
  yakuHan,
} from '@taikai/engine/player-view';
import { kanKind } from './notation';
import type { SeatMessage } from './tableState';

// What the rules allow the player at a decision, judged as the server's player seat judges it: the seat's
// messages are replayed into the engine's seat view (`SeatView`, `SanmaSeatView`), whose judgements are the
// rules engine's own, then the table's rule narrows them as the table does (minimum han, kyuushu kyuuhai switch,
// the riichi stick's value, kokushi robbing a closed kan; guyi_mode's own win check). What the table counts
// toward a win beyond the hand (double riichi, ippatsu, a first-draw win, the discard a ron is made on) is read
// from the same messages (the engine's `situationOf`).

/** The parts of the season's rule (`detail_rule`, sent with `game_start`) the judgements read. */
export interface JudgeRule {
  /** `fanfu`: minimum han of yaku. */
  fanfu?: number;
  /** `have_jiuzhongjiupai`: kyuushu kyuuhai may be declared. */
  have_jiuzhongjiupai?: number | boolean;
  /** `liqibang_value`: what a riichi stick costs. */
  liqibang_value?: number;
  /** `disable_angang_guoshi`: kokushi may not rob a closed kan. */
  disable_angang_guoshi?: number | boolean;
  /** `guyi_mode`: the ancient local yaku count toward a win (and alone make one). */
  guyi_mode?: number | boolean;
}

export type KanKind = 'ankan' | 'kakan' | 'daiminkan';

/** What the player may do now. An empty list or false: not offered. */
export interface Choices {
  /**
   * `turn`: own draw (discard, riichi, tsumo, kan, kyuushu kyuuhai); `discard`: after a chi or pon (discard
   * only); `claim`: another seat's discard (ron, pon, kan, chi or pass); `robKan`: another seat's kan or North
   * (ron or pass); `none`: nothing to decide.
   */
  kind: 'turn' | 'discard' | 'claim' | 'robKan' | 'none';
  /** Discards allowed, in the engine's codes (`m5`, `m0`, `p3_` the drawn tile). */
  discards: string[];
  /** Discards that declare riichi (each keeps the hand tenpai). */
  riichi: string[];
  tsumo: boolean;
  ron: boolean;
  kyuushu: boolean;
  /** Three players: set a North aside (kita) on the seat's own draw. */
  kita: boolean;
  chi: string[];
  pon: string[];
  kans: { m: string; kind: KanKind }[];
  /** May decline (`{}`): on others' discards and kans. */
  pass: boolean;
}

export const NO_CHOICES: Choices = {
  kind: 'none',
  discards: [],
  riichi: [],
  tsumo: false,
  ron: false,
  kyuushu: false,
  kita: false,
  chi: [],
  pon: [],
  kans: [],
  pass: false,
};

/** A decision's answer, in the engine's reply fields. */
export type Answer = Record<string, string>;

export const answers = {
  discard: (code: string): Answer => ({ dapai: code }),
  riichi: (code: string): Answer => ({ dapai: `${code}*` }),
  win: (): Answer => ({ hule: '-' }),
  kyuushu: (): Answer => ({ daopai: '-' }),
  kita: (): Answer => ({ kita: '-' }),
  call: (m: string): Answer => ({ fulou: m }),
  kan: (m: string, kind: KanKind): Answer => (kind === 'daiminkan' ? { fulou: m } : { gang: m }),
  pass: (): Answer => ({}),
};

type View = Player & {
  _neng_rong?: boolean;
  model: { zhuangfeng: number; defen: number[] };
  shan: { paishu: number };
};

/**
 * A seat view that judges at the moment the engine's player seat does: when a message arrives with a decision
 * to make, before the view's own bookkeeping that follows it (a discard that completes the hand makes the seat
 * furiten only once it has passed).
 */
function judgingView(players: number): View & { judge: (() => void) | null } {
  const Base = (players === 3 ? SanmaSeatView : SeatView) as unknown as new () => View;
  class Judging extends Base {
    judge: (() => void) | null = null;
    action_kaiju() {}
    action_qipai() {}
    action_hule() {}
    action_pingju() {}
    action_jieju() {}
    action_zimo() {
      this.judge?.();
    }
    action_dapai() {
      this.judge?.();
    }
    action_fulou() {
      this.judge?.();
    }
    action_gang() {
      this.judge?.();
    }
    action_kita() {
      this.judge?.();
    }
  }
  return new Judging();
}

/** The messages the seat view replays: the opening `kaiju`, then the hand in progress from its `qipai`. */
function handMessages(messages: readonly SeatMessage[]): SeatMessage[] {
  let from = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if ('qipai' in messages[i]) {
      from = i;
      break;
    }
  }
  const kaiju = messages.find((m) => 'kaiju' in m);
  return [...(kaiju ? [kaiju] : []), ...messages.slice(from).filter((m) => !('kaiju' in m))];
}

/** The seat's view after `messages` (the opening `kaiju`, then the hand in progress). */
export function seatView(messages: readonly SeatMessage[], players: number): View {
  const view = judgingView(players);
  for (const msg of handMessages(messages)) view.action(msg);
  return view;
}

const on = (value: number | boolean | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === true || value === 1;

/**
 * Whether the seat may win now (tsumo, or ron on `rongpai`), as the table judges it: the rules engine's check
 * (robbing a kan and its replacement draw count as yaku), then the minimum han; with guyi_mode, the mode's check.
 */
function mayWin(
  view: View,
  rule: JudgeRule,
  situation: Situation,
  rongpai: string | null,
  way: WinWay = {},
): boolean {
  const minHan = rule.fanfu ?? 1;
  if (on(rule.guyi_mode, false)) return guyiWinAllowed(view, view.shoupai, rongpai, situation, way, minHan);
  const situational = !!(way.robbing || (rongpai === null && way.lingshang));
  return (
    view.allow_hule(view.shoupai, rongpai, situational) &&
    reachesMinHan(view, minHan, situation, rongpai, way)
  );
}

/** Whether a win reaches the minimum han, counted as the table counts it. */
function reachesMinHan(
  view: View,
  minHan: number,
  situation: Situation,
  rongpai: string | null,
  way: WinWay,
): boolean {
  if (minHan <= 1) return true;
  const hand = view.shoupai.clone();
  const paishu = view.shan.paishu;
  const tsumo = rongpai === null;
  const lingshang = tsumo && !!way.lingshang;
  const hule = Majiang.Util.hule(hand, rongpai, {
    rule: view._rule,
    zhuangfeng: view.model.zhuangfeng,
    menfeng: view._menfeng,
    hupai: {
      lizhi: situation.lizhi,
      yifa: situation.yifa ? 1 : 0,
      qianggang: !!way.robbing,
      lingshang,
      haidi: paishu > 0 || lingshang ? 0 : tsumo ? 1 : 2,
      tianhu: tsumo && situation.firstGoAround ? (view._menfeng === 0 ? 1 : 2) : 0,
    },
    baopai: [],
    fubaopai: null,
    jicun: { changbang: 0, lizhibang: 0 },
  });
  return yakuHan(hule) >= minHan;
}

function list(value: string[] | boolean | null | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

/**
 * What the player may do at the decision asked by the last of `messages` (which must be the asked message).
 * `players`: 4, or 3 at a three-player table.
 */
export function choicesAt(messages: readonly SeatMessage[], players: number, rule: JudgeRule = {}): Choices {
  const asked = messages[messages.length - 1];
  if (!asked) return NO_CHOICES;
  const replay = handMessages(messages.slice(0, -1));
  const view = judgingView(players);
  for (const msg of replay) view.action(msg);
  let choices = NO_CHOICES;
  view.judge = () => {
    const ippatsu = !!(view._rule as Record<string, unknown>)['一発あり'];
    const situation = situationOf([...replay, asked], view._menfeng, players, ippatsu);
    choices = judge(view, asked, rule, players, situation);
  };
  view.action(asked, () => undefined);
  return choices;
}

function judge(
  view: View,
  asked: SeatMessage,
  rule: JudgeRule,
  players: number,
  situation: Situation,
): Choices {
  const me = view._menfeng;
  const hand: Shoupai = view.shoupai;
  const draw = (asked.zimo ?? asked.gangzimo) as { l: number } | undefined;
  if (draw) {
    if (draw.l !== me) return NO_CHOICES;
    const stick = rule.liqibang_value ?? 1000;
    const defen = (view.model.defen[view._id] ?? 0) + 1000 - stick;
    const riichi = list(Majiang.Game.allow_lizhi(view._rule, hand, null, view.shan.paishu, defen));
    return {
      ...NO_CHOICES,
      kind: 'turn',
      discards: list(view.get_dapai(hand)),
      riichi,
      tsumo: mayWin(view, rule, situation, null, { lingshang: !!asked.gangzimo }),
      kyuushu: on(rule.have_jiuzhongjiupai, true) && view.allow_pingju(hand),
      kans: list(view.get_gang_mianzi(hand)).map((m) => ({ m, kind: kanKind(m) ?? 'ankan' })),
      kita: players === 3 && canKita(hand) && view.shan.paishu > 0,
    };
  }
  const called = asked.fulou as { l: number; m: string } | undefined;
  if (called) {
    if (called.l !== me || kanKind(called.m) === 'daiminkan') return NO_CHOICES;
    return { ...NO_CHOICES, kind: 'discard', discards: list(view.get_dapai(hand)) };
  }
  const discard = asked.dapai as { l: number; p: string } | undefined;
  if (discard) {
    if (discard.l === me) return NO_CHOICES;
    const mark = markOf(discard.l, me);
    const p = discard.p.slice(0, 2) + mark;
    const choices: Choices = {
      ...NO_CHOICES,
      kind: 'claim',
      ron: mayWin(view, rule, situation, p),
      pon: list(view.get_peng_mianzi(hand, p)),
      kans: list(view.get_gang_mianzi(hand, p)).map((m) => ({ m, kind: 'daiminkan' as const })),
      chi: mark === '-' ? list(view.get_chi_mianzi(hand, p)) : [],
      pass: true,
    };
    return choices;
  }
  const kan = asked.gang as { l: number; m: string } | undefined;
  if (kan) {
    if (kan.l === me) return NO_CHOICES;
    const p = kan.m[0] + kan.m.slice(-1) + markOf(kan.l, me);
    let ron: boolean;
    if (kanKind(kan.m) === 'ankan') {
      // Only kokushi musou robs a closed kan, and only when the rule lets it.
      const complete = hand.clone().zimo(p.slice(0, 2).replace('0', '5'));
      ron =
        !on(rule.disable_angang_guoshi, false) &&
        view._neng_rong !== false &&
        Majiang.Util.xiangting_guoshi(complete) === -1;
    } else {
      ron = mayWin(view, rule, situation, p, { robbing: true });
    }
    return { ...NO_CHOICES, kind: 'robKan', ron, pass: true };
  }
  const kita = asked.kita as { l: number } | undefined;
  if (kita && kita.l !== me) {
    const p = `z4${markOf(kita.l, me)}`;
    return {
      ...NO_CHOICES,
      kind: 'robKan',
      ron: mayWin(view, rule, situation, p),
      pass: true,
    };
  }
  return NO_CHOICES;
}
