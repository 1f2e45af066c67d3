import type { Hand } from './hand';
import type { ChuanmaMessage } from './messages';
import { type Suit, sortTiles } from './tiles';

/**
 * What one seat knows of a chuanma hand, followed message by message: its own tiles and melds, the void suits,
 * who has won, and every tile it has seen (discards, melds, its own hand) — what a robot decides on, and what a
 * client may rebuild its table from.
 */
export class ChuanmaSeatView {
  seat = -1;
  concealed: string[] = [];
  melds: Hand['melds'] = [];
  voids: Suit[] | null = null;
  won = [false, false, false, false];
  /** Melds of every seat, as shown. */
  shownMelds: Hand['melds'][] = [[], [], [], []];
  /** Tiles seen on the table: discards and the tiles of every meld. */
  seen: string[] = [];
  left = 0;

  get hand(): Hand {
    return { concealed: this.concealed, melds: this.melds };
  }

  get voidSuit(): Suit | null {
    return this.voids ? this.voids[this.seat] : null;
  }

  follow(msg: ChuanmaMessage): void {
    if (msg.kaiju) this.seat = msg.kaiju.id;
    else if (msg.qipai) {
      this.concealed = sortTiles(msg.qipai.shoupai);
      this.melds = [];
      this.voids = null;
      this.won = [false, false, false, false];
      this.shownMelds = [[], [], [], []];
      this.seen = [];
      this.left = msg.qipai.left;
    } else if (msg.huanpai) {
      for (const t of msg.huanpai.out) this.remove(t);
      this.concealed = sortTiles([...this.concealed, ...msg.huanpai.in]);
    } else if (msg.que) this.voids = msg.que.voids.slice();
    else if (msg.zimo) {
      this.left = msg.zimo.left;
      if (msg.zimo.seat === this.seat && msg.zimo.p) this.concealed.push(msg.zimo.p);
    } else if (msg.dapai) {
      if (msg.dapai.seat === this.seat) {
        this.remove(msg.dapai.p);
        this.concealed = sortTiles(this.concealed);
      }
      this.seen.push(msg.dapai.p);
    } else if (msg.peng) {
      const { seat, p } = msg.peng;
      this.shownMelds[seat].push({ type: 'peng', tile: p });
      this.seen.push(p, p);
      if (seat === this.seat) {
        this.remove(p);
        this.remove(p);
        this.melds.push({ type: 'peng', tile: p });
      }
    } else if (msg.gang) {
      const { seat, p, type } = msg.gang;
      const mine = seat === this.seat;
      if (type === 'bugang') {
        const pung = this.shownMelds[seat].find((m) => m.type === 'peng' && m.tile === p);
        if (pung) pung.type = 'bugang';
        this.seen.push(p);
        if (mine) {
          this.remove(p);
          const own = this.melds.find((m) => m.type === 'peng' && m.tile === p);
          if (own) own.type = 'bugang';
        }
      } else {
        this.shownMelds[seat].push({ type, tile: p });
        this.seen.push(p, p, p, ...(type === 'angang' ? [p] : []));
        if (mine) {
          for (let i = 0; i < (type === 'angang' ? 4 : 3); i++) this.remove(p);
          this.melds.push({ type, tile: p });
        }
      }
    } else if (msg.hule) {
      for (const w of msg.hule.wins) this.won[w.seat] = true;
      const robbed = msg.hule.qianggang ? msg.hule.wins[0] : null;
      if (robbed && robbed.from !== null) {
        // A robbed added kong never stood: the pung stays.
        const meld = this.shownMelds[robbed.from].find((m) => m.type === 'bugang' && m.tile === robbed.p);
        if (meld) meld.type = 'peng';
        if (robbed.from === this.seat) {
          const own = this.melds.find((m) => m.type === 'bugang' && m.tile === robbed.p);
          if (own) own.type = 'peng';
        }
      }
    }
  }

  /** Copies of `tile` this seat can see: its hand, its melds, the table. */
  visible(tile: string): number {
    let n = this.concealed.filter((t) => t === tile).length;
    n += this.seen.filter((t) => t === tile).length;
    return n;
  }

  private remove(tile: string): void {
    const i = this.concealed.indexOf(tile);
    if (i >= 0) this.concealed.splice(i, 1);
  }
}
