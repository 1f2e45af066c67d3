import Majiang from '@kobalab/majiang-core';
import type { Reply, SeatPlayer } from '../robots/types';
import type { ScoredWin } from '../rules/renhou';
import type { TableRule } from '../rules/table-rule';
import { settle } from '../settlement';
import { type GameHooks, TableGame } from '../table-game';
import { sanmaNagashi, scoreSanmaWin } from './scoring';
import { canKita, markOf } from './seat';
import { SanmaWall } from './wall';

const SEATS = 3;

/** The seat after `l` around a three-player table. */
const next = (l: number, k = 1) => (l + k) % SEATS;

/**
 * A three-player (sanma) game on the rules engine: three seats, the 108-tile wall, no chi, Norths set aside as
 * dora (kita) with their replacement draw, three-player scoring and noten payments. Everything else — riichi,
 * pon and kan, furiten, yaku, our table rules — is the four-player game's. Relative seats are 0–2 (0 = dealer);
 * the rules engine's fourth seat is an empty chair (see `SanmaBoard` for the seat marks in melds).
 *
 * Kita, as the tournament rule plays it: on the seat's own turn after a draw, a North is set aside (after riichi
 * only the North just drawn); the others may ron it (no chankan); otherwise the seat draws a replacement tile
 * (rinshan kaihou when it wins on it). A North set aside ends every ippatsu and the first go-around (no double
 * riichi, tenhou/chiihou or kyuushu kyuuhai after it), like a call.
 */
export class SanmaGame extends TableGame {
  /** Norths set aside this hand, by relative seat. */
  private kita = [0, 0, 0];
  /** The tile a ron is on (discard, robbed kan tile or North), kept for every winner of a multiple ron. */
  private winningTile = '';

  constructor(
    players: SeatPlayer[],
    rule: TableRule,
    wallOf: (hand: number, attempt: number) => string[],
    hooks: GameHooks,
    title: string,
    names: string[],
    initPoints?: number[],
  ) {
    super(players, rule, wallOf, hooks, title, names, initPoints);
    if (!initPoints) this._model.defen = [0, 1, 2].map(() => rule.initPoint);
  }

  override get ready(): boolean {
    const r = this._reply;
    return !!(r[0] && r[1] && r[2]);
  }

  override step(): void {
    if (this._status === 'kita' && !this.finished && this.ready) this.reply_kita();
    else super.step();
  }

  /** Norths set aside this hand, by relative seat. */
  kitaCount(l: number): number {
    return this.kita[l];
  }

  override notify_players(_type: string, msg: unknown[]): void {
    for (let l = 0; l < SEATS; l++) this._players[this._model.player_id[l]].action(msg[l]);
  }

  override call_players(type: string, msg: unknown[]): void {
    this.announce(type);
    this._status = type;
    this._reply = [];
    for (let l = 0; l < SEATS; l++) {
      const id = this._model.player_id[l];
      this._players[id].action(msg[l], (reply?: Reply) => this.reply(id, reply));
    }
  }

  private tell(
    type: string,
    paipu: Record<string, unknown>,
    // biome-ignore lint/suspicious/noExplicitAny: the rules engine's messages are untyped JSON
    hide?: (msg: Record<string, any>, l: number) => void,
  ) {
    const msg = [0, 1, 2].map((l) => {
      const copy = structuredClone(paipu);
      hide?.(copy, l);
      return copy;
    });
    this.call_players(type, msg);
  }

  protected override dealHand(wall: string[]): void {
    const m = this._model;
    const shan = new SanmaWall(this.rule.core, wall, this.rule.indicatorDora);
    m.shan = shan;
    for (let l = 0; l < SEATS; l++) {
      const qipai = Array.from({ length: 13 }, () => shan.zimo());
      m.shoupai[l] = new Majiang.Shoupai(qipai);
      m.he[l] = new Majiang.He();
      m.player_id[l] = (m.jushu + l) % SEATS;
    }
    m.shoupai.length = SEATS;
    m.he.length = SEATS;
    m.player_id[3] = 3;
    m.lunban = -1;
    this.kita = [0, 0, 0];
    this._diyizimo = true;
    this._fengpai = false;
    this._dapai = null;
    this._gang = null;
    this._lizhi = [0, 0, 0, 0];
    this._yifa = [0, 0, 0, 0];
    this._n_gang = [0, 0, 0, 0];
    this._neng_rong = [1, 1, 1, 1];
    this._hule = [];
    this._hule_option = null;
    this._no_game = false;
    this._lianzhuang = false;
    this._changbang = m.changbang;
    this._fenpei = null;
    this._paipu.defen = m.defen.concat();
    this._paipu.log.push([]);
    const paipu = {
      qipai: {
        zhuangfeng: m.zhuangfeng,
        jushu: m.jushu,
        changbang: m.changbang,
        lizhibang: m.lizhibang,
        defen: [0, 1, 2].map((l) => m.defen[m.player_id[l]]),
        baopai: shan.baopai[0],
        shoupai: m.shoupai.map((s) => s.toString()),
      },
    };
    this.add_paipu(paipu);
    this.tell('qipai', paipu, (msg, l) => {
      for (let i = 0; i < SEATS; i++) if (i !== l) msg.qipai.shoupai[i] = '';
    });
  }

  override zimo(): void {
    const m = this._model;
    m.lunban = next(m.lunban);
    const p = m.shan.zimo();
    m.shoupai[m.lunban].zimo(p);
    const paipu = { zimo: { l: m.lunban, p } };
    this.add_paipu(paipu);
    this.tell('zimo', paipu, (msg, l) => {
      if (l !== m.lunban) msg.zimo.p = '';
    });
  }

  /** No chi with three players. */
  override get_chi_mianzi(): string[] {
    return [];
  }

  /** Whether the seat to move may set a North aside now. */
  allowKita(): boolean {
    const m = this._model;
    if (this._status !== 'zimo' && this._status !== 'gangzimo') return false;
    return canKita(m.shoupai[m.lunban]) && m.shan.paishu > 0;
  }

  override reply_zimo(): void {
    const reply = this.get_reply(this._model.lunban) as Reply;
    if (reply.kita && this.allowKita()) {
      this.setKita();
      return;
    }
    super.reply_zimo();
  }

  /** Sets the North aside, ends ippatsu and the first go-around, and asks the others whether they ron it. */
  private setKita(): void {
    const m = this._model;
    const l = m.lunban;
    if (this._gang) this.kaigang();
    m.shoupai[l].dapai('z4');
    this.kita[l]++;
    this._diyizimo = false;
    this._yifa = [0, 0, 0, 0];
    const paipu = { kita: { l, p: 'z4' } };
    this.add_paipu(paipu);
    this.tell('kita', paipu);
  }

  private reply_kita(): void {
    const m = this._model;
    for (let i = 1; i < SEATS; i++) {
      const l = next(m.lunban, i);
      const reply = this.get_reply(l) as Reply;
      if (reply.hule && this.allow_hule(l)) {
        if (this.rule.core.最大同時和了数 === 1 && this._hule.length) continue;
        this._hule.push(l);
      } else if (Majiang.Util.xiangting(m.shoupai[l].clone().zimo('z4')) === -1) {
        this._neng_rong[l] = false;
      }
    }
    if (this._hule.length) {
      this.hule();
      return;
    }
    this.kitazimo();
  }

  /** The replacement draw after a North, sent as a `gangzimo` (rinshan kaihou when it wins). */
  private kitazimo(): void {
    const m = this._model;
    const p = (m.shan as SanmaWall).kitazimo();
    m.shoupai[m.lunban].zimo(p);
    const paipu = { gangzimo: { l: m.lunban, p } };
    this.add_paipu(paipu);
    this.tell('gangzimo', paipu, (msg, l) => {
      if (l !== m.lunban) msg.gangzimo.p = '';
    });
  }

  override allow_hule(l?: number): boolean {
    if (l == null || this._status !== 'kita') return super.allow_hule(l);
    const m = this._model;
    const hand = m.shoupai[l];
    const rongpai = `z4${markOf(m.lunban, l)}`;
    if (!Majiang.Game.allow_hule(this._rule, hand, rongpai, m.zhuangfeng, l, hand.lizhi, this._neng_rong[l]))
      return false;
    const win = this.scoreOf(l, rongpai);
    return !!win && this.meetsMinHanOf(win);
  }

  private meetsMinHanOf(win: ScoredWin): boolean {
    if (this.rule.minHan <= 1) return true;
    if (win.damanguan) return true;
    const dora = new Set(['ドラ', '赤ドラ', '裏ドラ', '抜きドラ']);
    return (
      win.hupai.filter((h) => !dora.has(h.name)).reduce((s, h) => s + Number(h.fanshu), 0) >= this.rule.minHan
    );
  }

  /** The win of seat `l` now (ron on `rongpai`, or tsumo), at the table's honba and sticks. */
  private scoreOf(l: number, rongpai: string | null, final = false): ScoredWin | undefined {
    const m = this._model;
    const option = this._hule_option;
    const lingshang = !rongpai && (final ? option === 'lingshang' : this._status === 'gangzimo');
    const qianggang = final ? option === 'qianggang' : this._status === 'gang';
    const hand = m.shoupai[l].clone();
    return scoreSanmaWin(
      {
        shoupai: hand,
        rongpai,
        param: {
          zhuangfeng: m.zhuangfeng,
          menfeng: l,
          hupai: {
            lizhi: this._lizhi[l],
            yifa: this._yifa[l],
            qianggang,
            lingshang,
            haidi: m.shan.paishu > 0 || lingshang ? 0 : !rongpai ? 1 : 2,
            tianhu: !(this._diyizimo && !rongpai) ? 0 : l === 0 ? 1 : 2,
          },
          baopai: final ? m.shan.baopai : [],
          fubaopai: final && hand.lizhi ? m.shan.fubaopai : null,
        },
        kita: final ? this.kita[l] : 0,
        payer: rongpai ? m.lunban : null,
        honba: m.changbang,
        sticks: m.lizhibang,
      },
      this.rule,
    );
  }

  override hule(): void {
    const m = this._model;
    if (this._status !== 'hule') {
      m.shan.close();
      this._hule_option =
        this._status === 'gang' ? 'qianggang' : this._status === 'gangzimo' ? 'lingshang' : null;
      const robbed = this._gang ?? '';
      this.winningTile =
        this._status === 'gang'
          ? robbed[0] + robbed.slice(-1)
          : this._status === 'kita'
            ? 'z4'
            : (this._dapai ?? '').slice(0, 2);
    }
    const l = this._hule.length ? (this._hule.shift() as number) : m.lunban;
    const rongpai = l === m.lunban ? null : this.winningTile + markOf(m.lunban, l);
    const win = this.scoreOf(l, rongpai, true);
    if (!win) throw new Error('a win without yaku reached scoring');
    const hand = m.shoupai[l].clone();
    const paipu = {
      hule: {
        l,
        shoupai: rongpai ? hand.zimo(rongpai).toString() : hand.toString(),
        baojia: rongpai ? m.lunban : null,
        fubaopai: m.shoupai[l].lizhi ? m.shan.fubaopai : null,
        ...(win.fu ? { fu: win.fu } : {}),
        ...(win.fanshu ? { fanshu: win.fanshu } : {}),
        ...(win.damanguan ? { damanguan: win.damanguan } : {}),
        defen: win.defen,
        hupai: win.hupai,
        fenpei: win.fenpei,
      },
    };
    this._fenpei = win.fenpei;
    this.add_paipu(paipu);
    this.tell('hule', paipu);
  }

  /** Payments are already three-player (see `scoreSanmaWin`). */
  protected override priceWin(): void {}

  override reply_hule(): void {
    const m = this._model;
    for (let l = 0; l < SEATS; l++) m.defen[m.player_id[l]] += (this._fenpei as number[])[l];
    m.changbang = 0;
    m.lizhibang = 0;
    if (this._hule.length) this.hule();
    else this.last();
  }

  override pingju(name = '', shown: string[] = []): void {
    const m = this._model;
    const shoupai = [0, 1, 2].map((l) => shown[l] ?? '');
    let fenpei = [0, 0, 0];
    if (!name) {
      for (let l = 0; l < SEATS; l++) {
        const hand = m.shoupai[l];
        const tenpai = Majiang.Util.xiangting(hand) === 0 && (Majiang.Util.tingpai(hand) ?? []).length > 0;
        shoupai[l] = tenpai ? hand.toString() : '';
      }
      // have_liujumanguan: nagashi mangan
      if (this.rule.core.流し満貫あり) {
        for (let l = 0; l < SEATS; l++) {
          const allTerminals = m.he[l]._pai.every((p) => !/[+=-]$/.test(p) && /^(z|[mps][19])/.test(p));
          if (!allTerminals) continue;
          name = '流し満貫';
          const pay = sanmaNagashi(l, this.rule);
          fenpei = fenpei.map((d, i) => d + pay[i]);
        }
      }
      if (!name) name = '荒牌平局';
    } else {
      this._no_game = true;
    }
    this._fenpei = fenpei;
    const paipu = { pingju: { name, shoupai, fenpei } };
    this.add_paipu(paipu);
    this.tell('pingju', paipu);
  }

  override reply_pingju(): void {
    const m = this._model;
    for (let l = 0; l < SEATS; l++) m.defen[m.player_id[l]] += (this._fenpei as number[])[l];
    m.changbang++;
    this.last();
  }

  override reply_dapai(): void {
    const m = this._model;
    const dapai = this._dapai as string;
    for (let i = 1; i < SEATS; i++) {
      const l = next(m.lunban, i);
      const reply = this.get_reply(l) as Reply;
      if (reply.hule && this.allow_hule(l)) {
        if (this.rule.core.最大同時和了数 === 1 && this._hule.length) continue;
        this._hule.push(l);
      } else if (Majiang.Util.xiangting(m.shoupai[l].clone().zimo(dapai)) === -1) {
        this._neng_rong[l] = false;
      }
    }
    if (this._hule.length) {
      this.hule();
      return;
    }
    // liqibang_value: the riichi stick
    if (dapai.endsWith('*')) {
      m.defen[m.player_id[m.lunban]] -= this.rule.liqibangValue;
      m.lizhibang++;
    }
    if (this._diyizimo && m.lunban === SEATS - 1) this._diyizimo = false;
    // have_sigangsanle: four kans by more than one player
    const kans = this._n_gang.reduce((a, b) => a + b, 0);
    if (kans === 4 && Math.max(...this._n_gang) < 4 && this.rule.abortive.fourKans) {
      this.pingju('四開槓');
      return;
    }
    if (!m.shan.paishu) {
      this.pingju();
      return;
    }
    for (let i = 1; i < SEATS; i++) {
      const l = next(m.lunban, i);
      const claim = (this.get_reply(l) as Reply).fulou;
      if (!claim) continue;
      const meld = claim.replace(/0/g, '5');
      const allowed = /^[mpsz](\d)\1\1\1/.test(meld)
        ? this.get_gang_mianzi(l)
        : /^[mpsz](\d)\1\1/.test(meld)
          ? this.get_peng_mianzi(l)
          : [];
      if (allowed?.includes(claim)) {
        this.fulou(claim);
        return;
      }
    }
    this.zimo();
  }

  override reply_gang(): void {
    const m = this._model;
    const kan = this._gang as string;
    const closed = /^[mpsz]\d{4}$/.test(kan);
    // disable_angang_guoshi off: kokushi musou may rob a closed kan (chankan); otherwise only added kans
    if (!closed || this.rule.kokushiRobsClosedKan) {
      const p = kan[0] + kan.slice(-1);
      for (let i = 1; i < SEATS; i++) {
        const l = next(m.lunban, i);
        const reply = this.get_reply(l) as Reply;
        const hand = m.shoupai[l].clone().zimo(p.replace('0', '5'));
        const notKokushi = closed && Majiang.Util.xiangting_guoshi(hand) !== -1;
        if (reply.hule && !notKokushi && (closed ? this._neng_rong[l] : this.allow_hule(l))) {
          if (this.rule.core.最大同時和了数 === 1 && this._hule.length) continue;
          this._hule.push(l);
        } else if (!closed && Majiang.Util.xiangting(hand) === -1) {
          this._neng_rong[l] = false;
        }
      }
      if (this._hule.length) {
        this.hule();
        return;
      }
    }
    this.gangzimo();
  }

  /** Leftover sticks aside, then the record's final scores, places and points for three players. */
  override jieju(): void {
    const m = this._model;
    this.leftoverSticks = m.lizhibang;
    m.lizhibang = 0;
    const settlement = settle(m.defen, this.leftoverSticks * this.rule.liqibangValue, this.rule);
    const rank = [0, 0, 0];
    const point = ['', '', ''];
    for (const p of settlement.players) {
      rank[p.seat] = p.place;
      point[p.seat] = (p.total_point / 1000).toFixed(1);
    }
    this._paipu.defen = settlement.players
      .slice()
      .sort((a, b) => a.seat - b.seat)
      .map((p) => p.part_point_1);
    this._paipu.rank = rank;
    this._paipu.point = point;
    this.tell('jieju', { jieju: this._paipu });
  }
}
