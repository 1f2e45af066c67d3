import Majiang, { type Paipu } from '@kobalab/majiang-core';
import type { ScoredFan } from './chuanma/fan';
import type { ChuanmaHandDetail } from './chuanma/messages';
import { type HuleParam, scoreGuyiWin } from './guyi/score';
import type { WinFacts, WinSituation } from './guyi/yaku';
import type { Reply, SeatPlayer } from './robots/types';
import { type EndReason, gameEndReason } from './rules/game-end';
import { meetsMinHan } from './rules/min-han';
import { notenPayments } from './rules/noten';
import { applyFourKanLiability, giverOf, isOpenKan } from './rules/pao';
import { dealerRepeats, type HandOutcome, nextHonba } from './rules/renchan';
import { applyRenhou, type ScoredWin } from './rules/renhou';
import { repriceWin, riichiRefund } from './rules/sticks';
import type { TableRule } from './rules/table-rule';
import { WallInPlay } from './wall-in-play';

/** Where the game stands: wind, hand, honba, riichi sticks on the table, scores by seat. */
export interface Progress {
  chang: number;
  ju: number;
  ben: number;
  liqibang: number;
  scores: number[];
}

/** One winner of a hand, by seat. */
export interface WinSummary {
  seat: number;
  /** The discarder's seat on a ron, null on a tsumo. */
  from: number | null;
  han?: number;
  fu?: number;
  /** Yakuman multiple (1 single, 2 double …), absent for an ordinary hand. */
  yakuman?: number;
  /** Counted (kazoe) yakuman: 13+ han without a yakuman. */
  counted?: boolean;
  points: number;
  yaku: string[];
  /** Chuanma: the fan of the win (`yaku` names them by id, `han` is the capped fan). */
  fans?: ScoredFan[];
}

/**
 * How a hand ended. `deltas`: each seat's net change over the hand (payments, sticks laid down and collected).
 */
export type HandResult =
  | {
      kind: 'win';
      wins: WinSummary[];
      deltas: number[];
      chuanma?: ChuanmaHandDetail;
      /** Xuezhandaodi: the draw the hand ended in after its wins (exhaustive or abortive), absent otherwise. */
      draw?: { name: string; tenpai: number[]; abortive: boolean };
    }
  | {
      kind: 'draw';
      name: string;
      tenpai: number[];
      abortive: boolean;
      deltas: number[];
      chuanma?: ChuanmaHandDetail;
    };

/** One hand's entries of the rules engine's record (`paipu.log[n]`), from its deal to its win or draw. */
export type HandLog = Paipu['log'][number];

/**
 * Where a game picks up again: hand `hand` (0-based, the wall nonce) is dealt anew on the wall of its deal
 * `attempt` with `progress` as it stood at that hand's start, after the records of the hands before it;
 * `attempts[n]` is the deal attempt hand `n` was played on.
 */
export interface ResumePoint {
  hand: number;
  attempt: number;
  progress: Progress;
  log: HandLog[];
  attempts: number[];
}

/**
 * `hand`: the number of the hand in the game, from 0 (the nonce of its wall); `attempt`: the deal attempt of its
 * wall (0 unless the hand was dealt again after a restart).
 */
export interface GameHooks {
  handStart(progress: Progress, hand: number, attempt: number): void;
  handEnd(progress: Progress, result: HandResult, hand: number, handLog: HandLog, attempt: number): void;
  yakuman(win: WinSummary, progress: Progress): void;
}

/** Messages after which other seats may claim the tile: a discard, a kan (robbed by chankan), a North set aside. */
const CLAIMABLE = new Set(['dapai', 'gang', 'kita']);

/** A win that is not a ron on a discard, or at a table without local yaku: no discard-dependent yaku. */
const NOT_ON_A_DISCARD: WinSituation = { riichiDiscard: false, afterKan: false };

/** Abortive draws (tochuu ryuukyoku) as the rules engine names them. */
const ABORTIVE = new Set(['九種九牌', '四風連打', '四家立直', '四開槓', '三家和']);

/**
 * The rules engine's game, driven one step at a time, with our extensions for what it does not do natively:
 * seeded walls, riichi-stick and honba values, noten payments, minimum han, renhou, separate abortive draws,
 * kokushi robbing a closed kan, renchan and the end of the game (fandian, South/West extension, tianbian,
 * all-last stop). Seat `s` is the rules engine's player id `s`; seat 0 is the first dealer.
 */
export class TableGame extends Majiang.Game {
  readonly rule: TableRule;
  private readonly wallOf: (hand: number, attempt: number) => string[];
  private readonly hooks: GameHooks;
  /** The hand a resumed game deals again, and the attempt it deals it on. */
  private redeal: { hand: number; attempt: number } | null = null;
  /** The deal attempt each hand was played on, by hand number. */
  readonly attempts: number[] = [];
  protected outcome: HandOutcome = { won: false, dealerWon: false, dealerTenpai: false, abortive: false };
  protected wins: WinSummary[] = [];
  /** Kans made this hand by relative seat, and the last one if it was an open kan on a discard. */
  private kans = [0, 0, 0, 0];
  private lastOpenKan: (string | null)[] = [null, null, null, null];
  protected drawResult: Omit<Extract<HandResult, { kind: 'draw' }>, 'deltas'> | null = null;
  private startScores: number[] = [];
  finished: Paipu | null = null;
  /** Called whenever a seat answers (the table resumes its loop if it was waiting). */
  onAnswer: (() => void) | null = null;
  /** Called as a message on which other seats may call goes out, before any seat has it (the call window). */
  onClaimable: (() => void) | null = null;
  endReason: EndReason = null;
  /** The last hand played, as it ended (scores after its payments). */
  lastHand: Progress | null = null;
  /** Riichi sticks left on the table at the end (they go to 1st in the settlement). */
  leftoverSticks = 0;

  /**
   * `wallOf(n, attempt)` gives the wall of hand n (0 = first hand) on deal attempt `attempt`, normally
   * `dealWall(seed, n, red, players, attempt)`.
   */
  constructor(
    players: SeatPlayer[],
    rule: TableRule,
    wallOf: (hand: number, attempt: number) => string[],
    hooks: GameHooks,
    title: string,
    names: string[],
    initPoints?: number[],
  ) {
    super(
      players,
      (paipu) => {
        this.finished = paipu;
      },
      rule.core,
      title,
    );
    this.rule = rule;
    this.wallOf = wallOf;
    this.hooks = hooks;
    this._sync = true;
    this._model.player = names.slice();
    if (initPoints) this._model.defen = initPoints.slice();
  }

  /**
   * Deals the first hand, or with `from` the hand to resume at; afterwards `step()` moves the game on.
   * A resumed game opens as any other (the record's starting points are the game's, seat 0 deals first), then
   * takes the records of the hands already played and the table as it stood when hand `from.hand` was dealt:
   * wind, dealer, honba, riichi sticks, scores. The hand counter is the record's length, so the walls,
   * renchan and the end of the game carry on from there; hand `from.hand` is dealt on attempt `from.attempt`.
   */
  begin(from?: ResumePoint): void {
    this.kaiju(0);
    if (!from) return;
    const m = this._model;
    const { chang, ju, ben, liqibang, scores } = from.progress;
    this._paipu.log = from.log.map((hand) => hand.slice());
    from.log.forEach((_, n) => {
      this.attempts[n] = from.attempts[n] ?? 0;
    });
    this.redeal = { hand: from.hand, attempt: from.attempt };
    m.zhuangfeng = chang;
    m.jushu = ju;
    m.changbang = ben;
    m.lizhibang = liqibang;
    m.defen = scores.slice();
  }

  /** The number of the hand in play (0 = first), which is also its wall's nonce. */
  get hand(): number {
    return this._paipu.log.length - 1;
  }

  /** Whether every seat has answered the last message, so the game can move on. */
  get ready(): boolean {
    const r = this._reply;
    return !!(r[0] && r[1] && r[2] && r[3]);
  }

  /**
   * One step of the game: applies the seats' answers and sends the next messages. Dispatches on the state as
   * the engine's synchronous loop does, without its timer bookkeeping (the table runs its own loop).
   */
  step(): void {
    if (this.finished || !this.ready) return;
    switch (this._status) {
      case 'kaiju':
        this.reply_kaiju();
        return;
      case 'qipai':
        this.reply_qipai();
        return;
      case 'zimo':
      case 'gangzimo':
        this.reply_zimo();
        return;
      case 'dapai':
        this.reply_dapai();
        return;
      case 'fulou':
        this.reply_fulou();
        return;
      case 'gang':
        this.reply_gang();
        return;
      case 'hule':
        this.reply_hule();
        return;
      case 'pingju':
        this.reply_pingju();
        return;
      default:
        this._callback(this._paipu);
    }
  }

  override call_players(type: string, msg: unknown[], timeout?: number): void {
    this.announce(type);
    super.call_players(type, msg, timeout);
  }

  /** Tells the table a message of kind `type` goes out now (see `onClaimable`). */
  protected announce(type: string): void {
    if (CLAIMABLE.has(type)) this.onClaimable?.();
  }

  override reply(id: number, reply: Reply | undefined): void {
    super.reply(id, reply);
    this.onAnswer?.();
  }

  progress(): Progress {
    const m = this._model;
    return {
      chang: m.zhuangfeng,
      ju: m.jushu,
      ben: m.changbang,
      liqibang: m.lizhibang,
      scores: m.defen.slice(),
    };
  }

  get log(): Paipu {
    return this._paipu;
  }

  override qipai(): void {
    const hand = this._paipu.log.length;
    const attempt = this.redeal?.hand === hand ? this.redeal.attempt : 0;
    this.attempts[hand] = attempt;
    const wall = this.wallOf(hand, attempt);
    this.outcome = { won: false, dealerWon: false, dealerTenpai: false, abortive: false };
    this.wins = [];
    this.drawResult = null;
    this.startScores = this._model.defen.slice();
    this.kans = [0, 0, 0, 0];
    this.lastOpenKan = [null, null, null, null];
    // Reported before the deal goes out, so that a host storing it has it before any seat sees the hand.
    this.hooks.handStart(this.progress(), hand, attempt);
    this.dealHand(wall);
  }

  /** Deals one hand from its wall (the rules engine's deal, then our abortive-draw and dora3 settings). */
  protected dealHand(wall: string[]): void {
    const shan = new WallInPlay(this.rule.core, wall, this.rule.indicatorDora);
    super.qipai(shan);
    // have_sifenglianda: suufon renda
    this._fengpai = this._fengpai && this.rule.abortive.fourWinds;
    // dora3_mode: three indicators from the deal on, shown to every seat as the hand opens
    if (this.rule.dora3) {
      for (let i = 0; i < 2; i++) {
        const baopai = shan.reveal(false);
        if (!baopai) break;
        const paipu = { kaigang: { baopai } };
        this.add_paipu(paipu);
        this.notify_players(
          'kaigang',
          [0, 1, 2, 3].map(() => structuredClone(paipu)),
        );
      }
    }
  }

  override add_paipu(paipu: Record<string, unknown>): void {
    const kan = (paipu.fulou ?? paipu.gang) as { l: number; m: string } | undefined;
    if (kan && (paipu.gang || isOpenKan(kan.m))) {
      this.kans[kan.l]++;
      this.lastOpenKan[kan.l] = paipu.fulou ? kan.m : null;
    }
    if (paipu.hule) this.scoreWin(paipu.hule as ScoredWin & { l: number; baojia: number | null });
    if (paipu.pingju) this.scoreDraw(paipu.pingju as { name: string; shoupai: string[]; fenpei: number[] });
    super.add_paipu(paipu);
  }

  /** Re-prices a win by our rule and reports it (yakuman included). */
  private scoreWin(hule: ScoredWin & { l: number; baojia: number | null }): void {
    const m = this._model;
    const payer = hule.baojia;
    this.priceWin(hule);

    this.outcome.won = true;
    if (hule.l === 0) this.outcome.dealerWon = true;
    const seatOf = (l: number) => m.player_id[l];
    const counted = !hule.damanguan && (hule.fanshu ?? 0) >= 13 && !!this.rule.core.数え役満あり;
    const win: WinSummary = {
      seat: seatOf(hule.l),
      from: payer == null ? null : seatOf(payer),
      points: hule.defen,
      yaku: hule.hupai.map((h) => h.name),
    };
    if (hule.fanshu != null) win.han = hule.fanshu;
    if (hule.fu != null) win.fu = hule.fu;
    if (hule.damanguan) win.yakuman = hule.damanguan;
    if (counted) win.counted = true;
    this.wins.push(win);
    if (win.yakuman || counted) this.hooks.yakuman(win, this.progress());
  }

  /** The win's payments by our rule: local yaku, renhou, liability for four kans, honba and stick values. */
  protected priceWin(
    hule: ScoredWin & { l: number; baojia: number | null; fubaopai?: string[] | null },
  ): void {
    const m = this._model;
    const payer = hule.baojia;
    // guyi_mode: the ancient local yaku, scored on the reading of the hand that pays most
    if (this.rule.guyi) {
      const win = this.winNow(hule.l, payer == null, this._hule_option, hule.fubaopai ?? null);
      const scored = scoreGuyiWin(win.facts, win.param);
      if (scored) {
        // A win on the mode's yaku alone comes without payments: the engine pays out `_fenpei`, the same list.
        if (!hule.fenpei) {
          hule.fenpei = [0, 0, 0, 0];
          this._fenpei = hule.fenpei;
        }
        hule.hupai = scored.hupai;
        hule.defen = scored.defen;
        for (const key of ['fu', 'fanshu', 'damanguan'] as const) {
          if (scored[key]) hule[key] = scored[key];
          else delete hule[key];
        }
        for (let l = 0; l < hule.fenpei.length; l++) hule.fenpei[l] = scored.fenpei[l];
      }
    }
    // enable_renhe: renhou, a ron before the winner's first draw
    const renhou =
      this.rule.renhou > 0 && payer != null && this._diyizimo && hule.l > m.lunban
        ? applyRenhou(hule, this.rule.renhou as 1 | 2, hule.l, payer, this.rule.core)
        : false;
    if (renhou) {
      // The rewritten payments carry no honba or sticks yet: add them at the engine's prices first.
      hule.fenpei[hule.l] += m.changbang * 300 + m.lizhibang * 1000;
      if (payer != null) hule.fenpei[payer] -= m.changbang * 300;
    }
    // enable_baopai_extend_settings 1: liability for four kans when the fourth was an open kan
    const fourthKan = this.lastOpenKan[hule.l];
    if (
      this.rule.fourKanLiability &&
      fourthKan &&
      this.kans[hule.l] === 4 &&
      hule.hupai.some((h) => h.name === '四槓子')
    ) {
      const liable = giverOf(hule.l, fourthKan);
      if (liable !== payer) applyFourKanLiability(hule, hule.l, payer, liable, m.changbang, m.lizhibang);
    }
    repriceWin(hule.fenpei, hule.l, payer, m.changbang, m.lizhibang, this.rule);
  }

  /** Noten payments by our rule; notes the dealer's tenpai and abortive draws. */
  private scoreDraw(pingju: { name: string; shoupai: string[]; fenpei: number[] }): void {
    const abortive = ABORTIVE.has(pingju.name);
    const tenpai = pingju.shoupai.map((s) => !!s);
    if (pingju.name === '荒牌平局') {
      const pay = this.drawPayments(tenpai);
      for (let l = 0; l < pay.length; l++) pingju.fenpei[l] = pay[l];
    }
    this.outcome.abortive = abortive;
    this.outcome.dealerTenpai = !abortive && tenpai[0];
    const m = this._model;
    this.drawResult = {
      kind: 'draw',
      name: pingju.name,
      abortive,
      tenpai: abortive ? [] : tenpai.flatMap((t, l) => (t ? [m.player_id[l]] : [])).sort(),
    };
  }

  /** The payments of an exhaustive draw by tenpai seat (relative seats): noten payments by our rule. */
  protected drawPayments(tenpai: boolean[]): number[] {
    return notenPayments(tenpai, this.rule);
  }

  /** Whether the dealer keeps the seat after the hand: renchan by our rule. */
  protected dealerKeepsSeat(): boolean {
    return dealerRepeats(this.outcome, this.rule);
  }

  /** Honba for the next hand. */
  protected honbaAfter(repeats: boolean): number {
    return nextHonba(this._changbang, this.outcome, repeats);
  }

  /** How the hand ended, as `hand_end` reports it. */
  protected handResult(deltas: number[]): HandResult {
    return this.outcome.won
      ? { kind: 'win', wins: this.wins, deltas }
      : { ...(this.drawResult as NonNullable<typeof this.drawResult>), deltas };
  }

  override reply_dapai(): void {
    const m = this._model;
    const discarder = m.player_id[m.lunban];
    const sticksBefore = m.lizhibang;
    const riichi = this._dapai?.slice(-1) === '*';
    const fourthRiichi = riichi && this._lizhi.filter((x) => x).length === 4;
    const core = this.rule.core;
    const anyAbortive = core.途中流局あり;
    // have_sijializhi / have_sigangsanle: the engine has one switch for both, narrowed to the case at hand
    core.途中流局あり =
      anyAbortive && (fourthRiichi ? this.rule.abortive.fourRiichi : this.rule.abortive.fourKans);
    try {
      super.reply_dapai();
    } finally {
      core.途中流局あり = anyAbortive;
    }
    // liqibang_value: the engine took 1000 for the riichi stick
    if (m.lizhibang > sticksBefore) m.defen[discarder] += riichiRefund(this.rule);
  }

  override reply_gang(): void {
    // disable_angang_guoshi off: kokushi musou may rob a closed kan (chankan)
    if (this.rule.kokushiRobsClosedKan && this._gang && /^[mpsz]\d{4}$/.test(this._gang)) {
      const m = this._model;
      const p = this._gang[0] + this._gang.slice(-1);
      for (let i = 1; i < 4; i++) {
        const l = (m.lunban + i) % 4;
        const reply = this._reply[m.player_id[l]] as Reply | undefined;
        if (!reply?.hule || !this._neng_rong[l]) continue;
        const hand = m.shoupai[l].clone().zimo(p.replace('0', '5'));
        if (Majiang.Util.xiangting_guoshi(hand) !== -1) continue;
        if (this.rule.core.最大同時和了数 === 1 && this._hule.length) continue;
        this._hule.push(l);
      }
      if (this._hule.length) {
        this.hule();
        return;
      }
    }
    super.reply_gang();
  }

  /** With tobi (`can_jifei`), riichi needs the points for one stick at `liqibang_value` (the engine checks 1000). */
  override allow_lizhi(p: string): boolean | string[] {
    const m = this._model;
    const seat = m.player_id[m.lunban];
    const defen = m.defen[seat] + 1000 - this.rule.liqibangValue;
    return Majiang.Game.allow_lizhi(this._rule, m.shoupai[m.lunban], p, m.shan.paishu, defen);
  }

  /** have_jiuzhongjiupai: kyuushu kyuuhai. */
  override allow_pingju(): boolean {
    return this.rule.abortive.nineTerminals && super.allow_pingju();
  }

  /**
   * fanfu: the engine's check, then the minimum han of yaku. guyi_mode: a complete hand out of furiten, its yaku
   * counted with the mode's (which alone make a win), as the seats judge it (`guyi/seat-win.ts`).
   */
  override allow_hule(l?: number): boolean {
    if (!this.rule.guyi && !super.allow_hule(l)) return false;
    if (this.rule.minHan <= 1 && !this.rule.guyi) return true;
    const m = this._model;
    const menfeng = l ?? m.lunban;
    const tsumo = l == null;
    const option = this._status === 'gang' ? 'qianggang' : this._status === 'gangzimo' ? 'lingshang' : null;
    const win = this.winNow(menfeng, tsumo, option, []);
    if (this.rule.guyi) {
      const { shoupai, rongpai } = win.facts;
      const nengRong = tsumo || this._neng_rong[menfeng];
      if (!Majiang.Game.allow_hule(this._rule, shoupai, rongpai, m.zhuangfeng, menfeng, true, nengRong)) {
        return false;
      }
    }
    if (!tsumo && this.rule.renhou > 0 && this._diyizimo && menfeng > m.lunban) return true;
    const hule = this.rule.guyi
      ? scoreGuyiWin(win.facts, win.param)
      : Majiang.Util.hule(win.facts.shoupai.clone(), win.facts.rongpai, win.param);
    return meetsMinHan(hule, this.rule.minHan);
  }

  /**
   * Seat `menfeng` winning now, as the rules engine's `hule` reads it: the hand, the winning tile on a ron, the
   * situational yaku (`option`: robbing a kan, or the replacement draw of a kan), indicators and deposits.
   */
  private winNow(
    menfeng: number,
    tsumo: boolean,
    option: string | null,
    fubaopai: string[] | null,
  ): { facts: WinFacts; param: HuleParam } {
    const m = this._model;
    const robbing = option === 'qianggang';
    const lingshang = tsumo && option === 'lingshang';
    const tile = robbing
      ? (this._gang ?? '')[0] + (this._gang ?? '').slice(-1)
      : (this._dapai ?? '').slice(0, 2);
    const rongpai = tsumo ? null : tile + '_+=-'[(4 + m.lunban - menfeng) % 4];
    const hupai = {
      lizhi: this._lizhi[menfeng],
      yifa: this._yifa[menfeng],
      qianggang: robbing,
      lingshang,
      haidi: m.shan.paishu > 0 || lingshang ? 0 : tsumo ? 1 : 2,
      tianhu: this._diyizimo && tsumo ? (menfeng === 0 ? 1 : 2) : 0,
    };
    return {
      facts: {
        shoupai: m.shoupai[menfeng],
        rongpai,
        hupai,
        // Only the local yaku read it (a walk of the hand's log): left out at tables without them.
        situation: this.rule.guyi ? this.winSituation(!tsumo && !robbing) : NOT_ON_A_DISCARD,
      },
      param: {
        rule: this._rule,
        zhuangfeng: m.zhuangfeng,
        menfeng,
        hupai,
        baopai: m.shan.baopai,
        fubaopai,
        jicun: { changbang: m.changbang, lizhibang: m.lizhibang },
      },
    };
  }

  /** What the local yaku need to know of a ron on a discard: whether it declared riichi, or followed a kan. */
  private winSituation(onDiscard: boolean): WinSituation {
    if (!onDiscard) return NOT_ON_A_DISCARD;
    // The hand's last two moves, new dora and wins aside: the discard, and what came before it.
    const log = this._paipu.log[this.hand];
    const last: HandLog[number][] = [];
    for (let i = log.length - 1; i >= 0 && last.length < 2; i--)
      if (!log[i].kaigang && !log[i].hule) last.push(log[i]);
    const discard = last[0]?.dapai as { p: string } | undefined;
    return { riichiDiscard: !!discard?.p.endsWith('*'), afterKan: !!discard && !!last[1]?.gangzimo };
  }

  /** Renchan, honba and the end of the game by our rule (the engine's own end rules are switched off). */
  override last(): void {
    const m = this._model;
    const chang = m.zhuangfeng;
    const ju = m.jushu;
    const repeats = this.dealerKeepsSeat();
    m.changbang = this.honbaAfter(repeats);
    const deltas = m.defen.map((d, seat) => d - this.startScores[seat]);
    const result = this.handResult(deltas);
    this.lastHand = { chang, ju, ben: this._changbang, liqibang: m.lizhibang, scores: m.defen.slice() };
    this.hooks.handEnd(
      this.lastHand,
      result,
      this.hand,
      this._paipu.log[this.hand],
      this.attempts[this.hand],
    );
    m.lunban = -1;
    if (!repeats) {
      // One hand per seat and wind: four, or three in sanma.
      const seats = this.rule.players;
      m.jushu++;
      m.zhuangfeng += Math.floor(m.jushu / seats);
      m.jushu %= seats;
    }
    this.endReason = gameEndReason({ scores: m.defen, chang, ju, outcome: this.outcome, repeats }, this.rule);
    if (this.endReason) this.jieju();
    else this.qipai();
  }

  /** Leftover riichi sticks are kept aside for the settlement, which gives them to 1st. */
  override jieju(): void {
    this.leftoverSticks = this._model.lizhibang;
    this._model.lizhibang = 0;
    super.jieju();
  }
}
