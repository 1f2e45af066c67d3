import { Table, type TableEvent } from '@taikai/engine';

// For the table's unit tests: a real game of the rules engine with a player seat, whose decisions a test
// answers, and the engine's own judgement at each decision (read from the game, which sees every hand).

/** What the engine itself allows the asked seat at a decision (the oracle). */
export interface EngineAllows {
  discards: string[];
  riichi: string[];
  tsumo: boolean;
  kyuushu: boolean;
  ron: boolean;
  chi: string[];
  pon: string[];
  kans: string[];
  /** Three players: a North may be set aside. */
  kita: boolean;
}

type Game = {
  _status: string;
  _model: { lunban: number; player_id: number[] };
  get_dapai(): string[];
  allow_lizhi(p?: string): boolean | string[];
  allow_hule(l?: number): boolean;
  allow_pingju(): boolean;
  get_gang_mianzi(l?: number): string[] | null;
  get_chi_mianzi(l: number): string[] | null;
  get_peng_mianzi(l: number): string[] | null;
  /** Three-player games only. */
  allowKita?(): boolean;
};

const arr = (x: unknown) => (Array.isArray(x) ? (x as string[]) : []);

/** The engine's judgement for seat `seat` at the state the game waits in. */
function engineAllows(game: Game, seat: number): EngineAllows {
  const m = game._model;
  const l = m.player_id.indexOf(seat);
  const own = m.lunban === l;
  const none: EngineAllows = {
    discards: [],
    riichi: [],
    tsumo: false,
    kyuushu: false,
    ron: false,
    chi: [],
    pon: [],
    kans: [],
    kita: false,
  };
  switch (game._status) {
    case 'zimo':
    case 'gangzimo': {
      if (!own) return none;
      const discards = arr(game.get_dapai());
      return {
        ...none,
        discards,
        riichi: discards.filter((p) => game.allow_lizhi(p) === true),
        tsumo: game.allow_hule(),
        kyuushu: game.allow_pingju(),
        kans: arr(game.get_gang_mianzi()),
        kita: game.allowKita?.() ?? false,
      };
    }
    case 'fulou':
      return own ? { ...none, discards: arr(game.get_dapai()) } : none;
    case 'dapai':
      if (own) return none;
      return {
        ...none,
        ron: game.allow_hule(l),
        chi: arr(game.get_chi_mianzi(l)),
        pon: arr(game.get_peng_mianzi(l)),
        kans: arr(game.get_gang_mianzi(l)),
      };
    case 'gang':
      return own ? none : { ...none, ron: game.allow_hule(l) };
    default:
      return none;
  }
}

export interface Decision {
  /** Everything the seat was sent so far, as over the wire, the asked message last. */
  messages: Record<string, unknown>[];
  allows: EngineAllows;
}

/**
 * Plays one game: seat 0 is a player whose every decision `decide` answers (synchronously), the others robots
 * of `robotLevel`. Returns every message seat 0 was sent and the table's events.
 */
export async function playGame(options: {
  seed: string;
  rule?: Record<string, number>;
  roundType?: number;
  robotLevel?: number;
  decide: (decision: Decision) => Record<string, string>;
}): Promise<{ messages: Record<string, unknown>[]; events: TableEvent[] }> {
  const messages: Record<string, unknown>[] = [];
  const events: TableEvent[] = [];
  const roundType = options.roundType ?? 1;
  const players = roundType > 10 ? 3 : 4;
  const table: Table = new Table({
    tableId: 'web-test',
    rule: options.rule ?? {},
    roundType,
    seed: options.seed,
    seats: [
      { kind: 'player', name: 'me' },
      ...Array.from({ length: players - 1 }, () => ({
        kind: 'robot' as const,
        level: options.robotLevel ?? 2,
      })),
    ],
    onEvent: (event) => {
      events.push(event);
      if (event.type !== 'seat_message') return;
      const msg = JSON.parse(JSON.stringify(event.msg)) as Record<string, unknown>;
      messages.push(msg);
      if (!event.ask) return;
      const game = (table as unknown as { game: Game }).game;
      const reply = options.decide({ messages: messages.slice(), allows: engineAllows(game, 0) });
      const id = event.ask.id;
      setTimeout(() => table.answer(0, id, reply), 0);
    },
  });
  table.start();
  await table.done;
  return { messages, events };
}
