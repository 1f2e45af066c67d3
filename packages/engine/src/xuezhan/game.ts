import Majiang from '@kobalab/majiang-core';
import type { ExchangeDirection } from '../chuanma/exchange';
import type { SeatPlayer } from '../robots/types';
import type { ScoredWin } from '../rules/renhou';
import type { TableRule } from '../rules/table-rule';
import { type GameHooks, type HandResult, TableGame } from '../table-game';
import { chooseExchange, exchangeHands, giverOf, isValidExchange } from './exchange';

/** Tiles each seat is dealt. */
const DEALT = 13;

/** The exchange of one hand as the record holds it (in its deal, `qipai.huan`): direction, each seat's three tiles. */
export interface ExchangeRecord {
  direction: ExchangeDirection;
  /** By seat relative to the dealer, as the deal's hands. */
  given: string[][];
}

export interface XuezhanOptions {
  /** 换三张: the three-tile exchange after the deal. */
  huansanzhang: boolean;
  /** The exchange direction of hand `hand` on deal attempt `attempt` (`exchangeDirection(seed, …)`). */
  directionOf: (hand: number, attempt: number) => ExchangeDirection;
}

/** What the others see of a winner's hand until the hand ends: its melds and the ron tile, the rest face down. */
function hiddenHand(paistr: string, ron: boolean): string {
  const hand = Majiang.Shoupai.fromString(paistr);
  let concealed = hand._bingpai._;
  for (const s of ['m', 'p', 's', 'z']) for (let n = 1; n <= 9; n++) concealed += hand._bingpai[s][n] ?? 0;
  const tile = ron && hand._zimo ? hand._zimo.slice(0, 2) : '';
  const melds = hand._fulou.length ? `,${hand._fulou.join(',')}` : '';
  return '_'.repeat(concealed - (tile ? 1 : 0)) + tile + melds;
}

/**
 * Xuezhandaodi (Battle of Asura, 修罗之战): riichi hands that go on after a win until three players have won or
 * the wall runs out. The rules engine's game, with:
 * - the exchange (`huansanzhang`): before the deal goes out each seat is asked for three tiles (`{ huan }`); the
 *   hands are exchanged and dealt (`qipai`, with `huan`: the direction, the tiles given and received);
 * - winners leave: they draw, discard and call no more, are sent every message without being asked, and the turn
 *   passes to the seat after the last winner (a robbed kan stands and its player takes the replacement draw);
 * - every claimant of a discard wins; a tsumo is paid only by players who have not won; the riichi sticks on the
 *   table go to the next winner; a ron on a riichi declaration leaves the riichi standing (stick paid) when the
 *   discarder still has a stick's worth, else the riichi fails;
 * - the others see a winner's hand hidden (its melds, and the ron tile) until the hand ends; the record holds it;
 * - exhaustive draw: noten payments by the rule when nobody won, else each noten non-winner pays 1000 to each
 *   tenpai non-winner (winners take no part, no nagashi mangan);
 * - no renchan, honba always 0, an abortive draw deals the hand again; a bust ends the hand and the game.
 */
export class XuezhanGame extends TableGame {
  private readonly options: XuezhanOptions;
  /** Seats (relative to the dealer) that have won this hand. */
  private won = [false, false, false, false];
  private lastWinner = -1;
  private lastWinTsumo = false;
  /** The hand waiting on the exchange: its wall, the hands it deals, the direction. */
  private pending: { wall: string[]; dealt: string[][]; direction: ExchangeDirection } | null = null;
  private exchange: ExchangeRecord | null = null;

  constructor(
    players: SeatPlayer[],
    rule: TableRule,
    wallOf: (hand: number, attempt: number) => string[],
    hooks: GameHooks,
    title: string,
    names: string[],
    initPoints: number[] | undefined,
    options: XuezhanOptions,
  ) {
    super(players, rule, wallOf, hooks, title, names, initPoints);
    this.options = options;
  }

  /** Deals the hand; with the exchange on, asks every seat for its three tiles first. */
  protected override dealHand(wall: string[]): void {
    this.won = [false, false, false, false];
    this.lastWinner = -1;
    this.exchange = null;
    if (!this.options.huansanzhang) {
      super.dealHand(wall);
      return;
    }
    const m = this._model;
    const hand = this._paipu.log.length;
    const direction = this.options.directionOf(hand, this.attempts[hand] ?? 0);
    // The rules engine deals 13 tiles to each seat in turn from the end of the wall.
    const dealt = [0, 1, 2, 3].map((l) =>
      Array.from({ length: DEALT }, (_, i) => wall[wall.length - 1 - DEALT * l - i]),
    );
    for (let l = 0; l < 4; l++) m.player_id[l] = (m.qijia + m.jushu + l) % 4;
    this.pending = { wall, dealt, direction };
    this.call_players(
      'huan',
      dealt.map((tiles) => ({
        huan: {
          shoupai: new Majiang.Shoupai(tiles).toString(),
          direction,
          zhuangfeng: m.zhuangfeng,
          jushu: m.jushu,
          defen: m.player_id.map((id) => m.defen[id]),
        },
      })),
    );
  }

  override step(): void {
    if (this._status === 'huan' && !this.finished && this.ready) this.reply_huan();
    else super.step();
  }

  /** Exchanges the tiles (a missing or wrong answer: the robots' choice) and deals the exchanged hands. */
  private reply_huan(): void {
    const { wall, dealt, direction } = this.pending as NonNullable<typeof this.pending>;
    this.pending = null;
    const given = dealt.map((hand, l) => {
      const answer = this.get_reply(l)?.huan;
      return isValidExchange(hand, answer) ? (answer as string[]).slice() : chooseExchange(hand);
    });
    const hands = exchangeHands(dealt, given, direction);
    const exchanged = wall.slice();
    hands.forEach((tiles, l) => {
      tiles.forEach((t, i) => {
        exchanged[wall.length - 1 - DEALT * l - i] = t;
      });
    });
    this.exchange = { direction, given };
    super.dealHand(exchanged);
  }

  /**
   * Sends a message to every seat: winners receive it without being asked (their answer is a pass); a win is
   * shown to the others with the winner's hand hidden, the deal with the seat's own part of the exchange.
   */
  override call_players(type: string, msg: unknown[]): void {
    this.announce(type);
    const m = this._model;
    this._status = type;
    this._reply = [];
    for (let l = 0; l < 4; l++) {
      const id = m.player_id[l];
      const mine = this.seatMessage(msg[l] as Record<string, Record<string, unknown>>, l);
      if (this.won[l]) {
        this._players[id].action(mine);
        this._reply[id] = {};
      } else this._players[id].action(mine, (reply: unknown) => this.reply(id, reply as never));
    }
  }

  private seatMessage(msg: Record<string, Record<string, unknown>>, l: number): unknown {
    if (msg.qipai && this.exchange) {
      const { direction, given } = this.exchange;
      msg.qipai.huan = { direction, given: given[l], received: given[giverOf(l, direction)] };
    }
    if (msg.hule && msg.hule.l !== l)
      msg.hule.shoupai = hiddenHand(msg.hule.shoupai as string, msg.hule.baojia != null);
    return msg;
  }

  override add_paipu(paipu: Record<string, unknown>): void {
    const qipai = paipu.qipai as Record<string, unknown> | undefined;
    if (qipai && this.exchange) qipai.huan = structuredClone(this.exchange);
    const hule = paipu.hule as { l: number; baojia: number | null } | undefined;
    if (hule) {
      this.won[hule.l] = true;
      this.lastWinner = hule.l;
      this.lastWinTsumo = hule.baojia == null;
    }
    const pingju = paipu.pingju as { shoupai: string[] } | undefined;
    // Winners take no part in the draw: their hands are not shown as tenpai.
    if (pingju) pingju.shoupai = pingju.shoupai.map((s, l) => (this.won[l] ? '' : s));
    super.add_paipu(paipu);
  }

  /** Only players who have not won pay a tsumo: the shares of earlier winners are not paid. */
  protected override priceWin(hule: ScoredWin & { l: number; baojia: number | null }): void {
    super.priceWin(hule);
    if (hule.baojia != null) return;
    for (let l = 0; l < 4; l++) {
      if (l === hule.l || !this.won[l] || hule.fenpei[l] >= 0) continue;
      hule.fenpei[hule.l] += hule.fenpei[l];
      hule.defen += hule.fenpei[l];
      hule.fenpei[l] = 0;
    }
  }

  /** Pays the win; after the last ron on the same tile the hand goes on (or ends). */
  override reply_hule(): void {
    const m = this._model;
    for (let l = 0; l < 4; l++) m.defen[m.player_id[l]] += (this._fenpei as number[])[l];
    m.changbang = 0;
    m.lizhibang = 0;
    if (this._hule.length) this.hule();
    else this.playOn();
  }

  /**
   * After the wins on one draw, discard or kan: the riichi declaration dealt in stands or fails, the wall is
   * opened again and play goes on from the seat after the last winner — or, for a robbed kan, with the kan's
   * replacement draw. The hand ends with the third winner, a bust, or the wall exhausted.
   */
  private playOn(): void {
    const m = this._model;
    const ron = !this.lastWinTsumo;
    if (ron && this._hule_option !== 'qianggang' && this._dapai?.endsWith('*')) {
      const discarder = m.player_id[m.lunban];
      // The declaration dealt in: the riichi stands with a stick's worth left, else it fails.
      if (m.defen[discarder] >= this.rule.liqibangValue) {
        m.defen[discarder] -= this.rule.liqibangValue;
        m.lizhibang++;
      } else {
        m.shoupai[m.lunban]._lizhi = false;
        this._lizhi[m.lunban] = 0;
        this._yifa[m.lunban] = 0;
      }
    }
    if (!ron) {
      // The winner's hand stays as it was before the winning tile.
      const hand = m.shoupai[this.lastWinner];
      if (hand._zimo) hand.dapai(hand._zimo);
    }
    for (let l = 0; l < 4; l++) if (this.won[l]) this._lizhi[l] = 0;
    m.shan._closed = false;
    this._diyizimo = false;
    this._fengpai = false;
    const bust = this._rule.トビ終了あり && m.defen.some((d) => d < 0);
    if (bust || this.won.filter((w) => w).length >= 3) {
      this.last();
      return;
    }
    if (this._hule_option === 'qianggang') {
      this.gangzimo();
      return;
    }
    if (this._gang) this.kaigang();
    if (m.shan.paishu === 0) {
      this.pingju('');
      return;
    }
    m.lunban = this.lastWinner;
    this.zimo();
  }

  /** The next draw goes to the next seat in turn that has not won. */
  override zimo(): void {
    const m = this._model;
    let next = (m.lunban + 1) % 4;
    while (this.won[next]) next = (next + 1) % 4;
    m.lunban = (next + 3) % 4;
    super.zimo();
  }

  /** No nagashi mangan once someone has won (the draw is then between the others only). */
  override pingju(name?: string, shoupai?: string[]): void {
    const nagashi = this._rule.流し満貫あり;
    if (this.won.some((w) => w)) this._rule.流し満貫あり = false;
    try {
      super.pingju(name, shoupai);
    } finally {
      this._rule.流し満貫あり = nagashi;
    }
  }

  /** Exhaustive draw after a win: each noten non-winner pays 1000 to each tenpai non-winner. */
  protected override drawPayments(tenpai: boolean[]): number[] {
    if (!this.won.some((w) => w)) return super.drawPayments(tenpai);
    const open = [0, 1, 2, 3].filter((l) => !this.won[l]);
    const ready = open.filter((l) => tenpai[l]).length;
    const noten = open.length - ready;
    return tenpai.map((t, l) => (this.won[l] ? 0 : t ? 1000 * noten : -1000 * ready));
  }

  /** No renchan: the next hand always moves on, except after an abortive draw, which deals the hand again. */
  protected override dealerKeepsSeat(): boolean {
    return this.outcome.abortive;
  }

  /** Honba never builds. */
  protected override honbaAfter(): number {
    return 0;
  }

  /** A hand with wins reports them, and the draw it ended in, if any. */
  protected override handResult(deltas: number[]): HandResult {
    if (!this.wins.length) return super.handResult(deltas);
    const draw = this.drawResult;
    return {
      kind: 'win',
      wins: this.wins,
      deltas,
      ...(draw ? { draw: { name: draw.name, tenpai: draw.tenpai, abortive: draw.abortive } } : {}),
    };
  }
}
