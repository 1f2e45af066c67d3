import type { Player } from '@kobalab/majiang-core';
import type { GameMessage, Reply, ReplyFn } from '../robots/types';
import { SanmaBoard } from './board';

/** The giver mark of seat `from` as seen from seat `to`, in four-player seat arithmetic (see `SanmaBoard`). */
export function markOf(from: number, to: number): string {
  return ['', '+', '=', '-'][(4 + from - to) % 4];
}

/** Whether a hand may set a North aside now: it holds one and, after riichi, only the North just drawn. */
export function canKita(hand: { _bingpai: { z: number[] }; _zimo: string | null; lizhi: boolean }): boolean {
  if (!hand._zimo || hand._zimo.length > 2 || hand._bingpai.z[4] === 0) return false;
  return !hand.lizhi || hand._zimo === 'z4';
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin over the rules engine's player classes
type PlayerClass = abstract new (...args: any[]) => Player;

/**
 * Seats a rules-engine player (robot or player seat) at a three-player table:
 * - its view of the table is a `SanmaBoard` (three seats, 55 live tiles);
 * - chi is never offered (no chi in sanma);
 * - it follows `kita` messages (a North set aside): the hand loses the North, the replacement draw that follows
 *   is not counted as a kan, and it may ron the North (`action_kita`; by default a robot wins when it can);
 * - a robot's answer on its own draw that would discard a North becomes the extraction (`{ kita: '-' }`) when
 *   allowed: a North set aside is worth a dora and a replacement draw, never less than the discard.
 */
export function forSanma<T extends PlayerClass>(Base: T, options: { robot: boolean }) {
  abstract class SanmaSeat extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: mixin constructors take any arguments
    constructor(...args: any[]) {
      super(...args);
      this._model = new SanmaBoard();
    }

    override action(msg: GameMessage, reply?: ReplyFn): void {
      if (msg.kita) {
        // The engine's player ignores a message it does not know; wrappers (the player seat) see it pass.
        super.action(msg, reply);
        this._callback = reply;
        this.onKita(msg.kita);
        return;
      }
      const own = (msg.zimo ?? msg.gangzimo)?.l;
      if (options.robot && reply && own != null && own === this._menfeng) {
        super.action(msg, (answer?: Reply) => reply(this.preferKita(answer)));
        return;
      }
      super.action(msg, reply);
    }

    private preferKita(answer?: Reply): Reply | undefined {
      if (!answer?.dapai?.startsWith('z4')) return answer;
      if (!canKita(this.shoupai) || this.shan.paishu === 0) return answer;
      return { kita: '-' };
    }

    /** Follows a North set aside by seat `l`. */
    protected onKita(kita: { l: number }): void {
      (this._model as SanmaBoard).kita(kita.l);
      // The replacement draw arrives as a `gangzimo`, which the engine's player counts as a kan: not this one.
      this._n_gang--;
      // Like a call, a North set aside ends the first go-around (no kyuushu kyuuhai, double riichi, chiihou).
      this._diyizimo = false;
      if (this.onKitaExtra) this.onKitaExtra(kita);
      if (this._callback) this.action_kita(kita);
    }

    /** For subclasses that track tiles (the common robot's tile counts). */
    protected onKitaExtra?(kita: { l: number }): void;

    /** The answer to another player's North: a ron when the rules allow it, else a pass. */
    action_kita(kita: { l: number }): void {
      if (kita.l !== this._menfeng && this.allow_hule(this.shoupai, `z4${markOf(kita.l, this._menfeng)}`)) {
        this._callback?.({ hule: '-' });
      } else this._callback?.();
    }

    override get_chi_mianzi(): string[] {
      return [];
    }
  }
  return SanmaSeat;
}
