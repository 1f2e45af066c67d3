import type { Reply, SeatPlayer } from '../../src/robots/types';
import { toTableRule } from '../../src/rules/adapter';
import type { RuleFields } from '../../src/rules/fields';
import { type GameHooks, TableGame } from '../../src/table-game';
import { dealWall } from '../../src/walls';

/**
 * The table game with every seat's answer checked against the rules before it is applied: a discard must be
 * one of the legal discards, a riichi must be allowed, a call one of the offered melds, a win allowed.
 */
export class CheckedGame extends TableGame {
  illegal: string[] = [];
  checked = 0;

  private note(ok: boolean, what: string): void {
    this.checked++;
    if (!ok)
      this.illegal.push(`${this._status} ${what} in hand ${this._model.zhuangfeng}-${this._model.jushu}`);
  }

  override reply_zimo(): void {
    const m = this._model;
    const reply: Reply = this.get_reply(m.lunban);
    if (reply.daopai) this.note(this.allow_pingju(), `daopai`);
    else if (reply.hule) this.note(this.allow_hule(), `tsumo`);
    else if (reply.gang) this.note(this.get_gang_mianzi().includes(reply.gang), `kan ${reply.gang}`);
    else if (reply.dapai) {
      const p = reply.dapai.replace(/\*$/, '');
      this.note(this.get_dapai().includes(p), `discard ${reply.dapai}`);
      if (reply.dapai.endsWith('*')) this.note(!!this.allow_lizhi(p), `riichi ${reply.dapai}`);
    }
    super.reply_zimo();
  }

  override reply_dapai(): void {
    const m = this._model;
    for (let i = 1; i < 4; i++) {
      const l = (m.lunban + i) % 4;
      const reply: Reply = this.get_reply(l);
      if (reply.hule) this.note(this.allow_hule(l), `ron by ${l}`);
      else if (reply.fulou) {
        const offered = [
          ...this.get_peng_mianzi(l),
          ...this.get_gang_mianzi(l),
          ...(i === 1 ? this.get_chi_mianzi(l) : []),
        ];
        this.note(offered.includes(reply.fulou), `call ${reply.fulou} by ${l}`);
      }
    }
    super.reply_dapai();
  }

  override reply_fulou(): void {
    const m = this._model;
    const reply: Reply = this.get_reply(m.lunban);
    if (!this._gang && reply.dapai)
      this.note(this.get_dapai().includes(reply.dapai), `discard after call ${reply.dapai}`);
    super.reply_fulou();
  }

  override reply_gang(): void {
    const m = this._model;
    for (let i = 1; i < 4; i++) {
      const l = (m.lunban + i) % 4;
      const reply: Reply = this.get_reply(l);
      if (reply.hule) this.note(this.allow_hule(l), `chankan by ${l}`);
    }
    super.reply_gang();
  }
}

/** Plays a whole seeded game with the given seats, every answer checked; `hooks` hear the hands as they go. */
export function playChecked(
  rule: RuleFields,
  roundType: number,
  seats: SeatPlayer[],
  seed: string,
  hooks: Partial<GameHooks> = {},
): CheckedGame {
  const table = toTableRule(rule, roundType);
  const noop = () => {};
  const game = new CheckedGame(
    seats,
    table,
    (n) => dealWall(seed, n, table.core.赤牌),
    { handStart: noop, handEnd: noop, yakuman: noop, ...hooks },
    'checked',
    ['A', 'B', 'C', 'D'],
  );
  game.begin();
  while (!game.finished) game.step();
  return game;
}
