/**
 * The seat interface every robot and player implements. It is the message protocol of the rules engine
 * (@kobalab/majiang-core `Player.action(msg, callback)`): the table sends one message per game event and, for
 * every message except `kaigang`, waits for exactly one reply before the game moves on.
 */

/** One game event as the rules engine sends it to a seat (only the key for that event is present). */
export interface GameMessage {
  kaiju?: { id: number; rule: Record<string, unknown>; title: string; player: string[]; qijia: number };
  qipai?: {
    zhuangfeng: number;
    jushu: number;
    changbang: number;
    lizhibang: number;
    defen: number[];
    baopai: string;
    shoupai: string[];
  };
  zimo?: { l: number; p: string };
  gangzimo?: { l: number; p: string };
  dapai?: { l: number; p: string };
  fulou?: { l: number; m: string };
  gang?: { l: number; m: string };
  kaigang?: { baopai: string };
  /** Three players: a North set aside (kita) by seat `l`; a ron on it is answered like a discard's. */
  kita?: { l: number };
  hule?: Record<string, unknown>;
  pingju?: { name: string; shoupai: string[]; fenpei: number[] };
  jieju?: Record<string, unknown>;
  /**
   * Xuezhandaodi with the exchange: the dealt hand, before the deal goes out, with the hand's round and the scores
   * by seat from the dealer (as the deal will carry them); answered with `huan`.
   */
  huan?: { shoupai: string; direction: string; zhuangfeng: number; jushu: number; defen: number[] };
}

/**
 * A seat's answer. Empty (or undefined) means "pass" / "nothing to declare":
 * - `dapai`: the tile to discard (`m5`, `z1*` = riichi declaration with this discard)
 * - `fulou`: a call on the last discard (chi / pon / open kan), in the engine's meld notation
 * - `gang`: a closed or added kan on the seat's own turn
 * - `hule`: a win (tsumo on the seat's turn, ron on someone's discard or kan)
 * - `daopai`: kyuushu kyuuhai on the first draw, or showing a tenpai hand at the exhaustive draw
 * - `kita` (three players): set a North aside on the seat's own turn (`'-'`)
 * - chuanma (`src/chuanma/messages.ts`) and xuezhandaodi: `huan` the three tiles passed in the exchange, `dingque` the void suit,
 *   `peng` a pung on the last discard (its tile); `dapai`, `gang` and `hule` as above
 */
export interface Reply {
  dapai?: string;
  fulou?: string;
  gang?: string;
  hule?: string;
  daopai?: string;
  kita?: string;
  huan?: string[];
  dingque?: string;
  peng?: string;
}

export type ReplyFn = (reply?: Reply) => void;

/** A robot or a player sitting at a table. */
export interface SeatPlayer {
  /** Receives a game event; answers it (now or later) through `reply` when one is given. */
  action(msg: GameMessage, reply?: ReplyFn): void;
  /** Releases timers and connections when the table ends. */
  dispose?(): void;
}

/** A robot class: constructed with no arguments, one instance per seat per game. */
export type RobotClass = new () => SeatPlayer;
