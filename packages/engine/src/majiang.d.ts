// biome-ignore-all lint/suspicious/noExplicitAny: the rules engine's messages and records are untyped JSON
// Types for the parts of @kobalab/majiang-core and @kobalab/majiang-ai the engine uses (the packages ship none).

declare module '@kobalab/majiang-core' {
  export type MajiangRule = Record<string, any>;

  export function rule(param?: Record<string, unknown>): MajiangRule;

  export class Shoupai {
    constructor(qipai?: string[]);
    static fromString(paistr?: string): Shoupai;
    static valid_pai(p: string): string | undefined;
    static valid_mianzi(m: string): string | undefined;
    _bingpai: { _: number; m: number[]; p: number[]; s: number[]; z: number[] } & Record<string, number[]>;
    _fulou: string[];
    _zimo: string | null;
    _lizhi: boolean;
    get lizhi(): boolean;
    get menqian(): boolean;
    clone(): Shoupai;
    zimo(p: string, check?: boolean): Shoupai;
    dapai(p: string, check?: boolean): Shoupai;
    fulou(m: string, check?: boolean): Shoupai;
    gang(m: string, check?: boolean): Shoupai;
    toString(): string;
    get_dapai(check?: boolean): string[] | null;
  }

  export class Shan {
    constructor(rule: MajiangRule);
    static zhenbaopai(p: string): string;
    _pai: string[];
    _baopai: string[];
    _fubaopai: string[] | null;
    _closed: boolean;
    _weikaigang: boolean;
    _rule: MajiangRule;
    zimo(): string;
    gangzimo(): string;
    kaigang(): Shan;
    close(): Shan;
    get paishu(): number;
    get baopai(): string[];
    get fubaopai(): string[] | null;
  }

  export class He {
    _pai: string[];
    find(p: string): boolean;
  }

  export interface Model {
    title: string;
    player: string[];
    qijia: number;
    zhuangfeng: number;
    jushu: number;
    changbang: number;
    lizhibang: number;
    defen: number[];
    shan: Shan;
    shoupai: Shoupai[];
    he: He[];
    player_id: number[];
    lunban: number;
  }

  export interface Paipu {
    title: string;
    player: string[];
    qijia: number;
    log: Record<string, any>[][];
    defen: number[];
    point: string[];
    rank: number[];
  }

  export class Game {
    constructor(players: any[], callback?: (paipu: Paipu) => void, rule?: MajiangRule, title?: string);
    _players: any[];
    _callback: (paipu: Paipu) => void;
    _rule: MajiangRule;
    _model: Model;
    _paipu: Paipu;
    _status: string;
    _reply: any[];
    _sync: boolean;
    _stop: (() => void) | null;
    _dapai: string | null;
    _gang: string | null;
    _diyizimo: boolean;
    _fengpai: boolean;
    _lizhi: number[];
    _yifa: number[];
    _n_gang: number[];
    _neng_rong: (boolean | number)[];
    _hule: number[];
    _hule_option: string | null;
    _no_game: boolean;
    _lianzhuang: boolean;
    _changbang: number;
    _fenpei: number[] | null;
    _max_jushu: number;
    get model(): Model;
    add_paipu(paipu: Record<string, unknown>): void;
    do_sync(): Game;
    kaiju(qijia?: number): void;
    qipai(shan?: Shan): void;
    zimo(): void;
    dapai(p: string): void;
    fulou(m: string): void;
    gang(m: string): void;
    gangzimo(): void;
    kaigang(): void;
    hule(): void;
    pingju(name?: string, shoupai?: string[]): void;
    last(): void;
    jieju(): void;
    next(): void;
    reply(id: number, reply: any): void;
    reply_kaiju(): void;
    reply_qipai(): void;
    reply_zimo(): void;
    reply_dapai(): void;
    reply_fulou(): void;
    reply_gang(): void;
    reply_hule(): void;
    reply_pingju(): void;
    get_reply(l: number): any;
    get_chi_mianzi(l: number): string[];
    get_peng_mianzi(l: number): string[];
    get_gang_mianzi(l?: number): string[];
    call_players(type: string, msg: any[], timeout?: number): void;
    notify_players(type: string, msg: any[]): void;
    delay(callback: () => void, timeout?: number): void;
    allow_hule(l?: number): boolean;
    allow_lizhi(p: string): boolean | string[];
    allow_pingju(): boolean;
    get_dapai(): string[];
    static get_dapai(rule: MajiangRule, shoupai: Shoupai): string[];
    static allow_lizhi(
      rule: MajiangRule,
      shoupai: Shoupai,
      p: string | null,
      paishu: number,
      defen: number,
    ): boolean | string[];
    static allow_hule(
      rule: MajiangRule,
      shoupai: Shoupai,
      p: string | null,
      zhuangfeng: number,
      menfeng: number,
      hupai: boolean,
      neng_rong?: boolean | number,
    ): boolean;
  }

  export class Board {
    constructor(kaiju?: unknown);
    jushu: number;
    zhuangfeng: number;
    shan: { paishu: number; baopai: string[] };
    shoupai: Shoupai[];
    he: He[];
    player_id: number[];
    defen: number[];
    menfeng(id: number): number;
    qipai(qipai: any): void;
  }

  export class Player {
    constructor();
    _model: any;
    _id: number;
    _rule: MajiangRule;
    _menfeng: number;
    _n_gang: number;
    _diyizimo: boolean;
    _callback: ((reply?: any) => void) | undefined;
    action(msg: any, callback?: (reply?: any) => void): void;
    get shoupai(): Shoupai;
    get shan(): any;
    get model(): any;
    allow_hule(shoupai: Shoupai, p: string | null, hupai?: boolean): boolean;
    get_dapai(shoupai: Shoupai): string[];
    allow_lizhi(shoupai: Shoupai, p?: string): boolean | string[];
    allow_pingju(shoupai: Shoupai): boolean;
    get_chi_mianzi(shoupai: Shoupai, p: string): string[] | null;
    get_peng_mianzi(shoupai: Shoupai, p: string): string[] | null;
    get_gang_mianzi(shoupai: Shoupai, p?: string): string[] | null;
  }

  export interface HuleResult {
    hupai: { name: string; fanshu: number | string; baojia?: string }[];
    fu?: number;
    fanshu?: number;
    damanguan?: number;
    defen: number;
    fenpei: number[];
  }

  export const Util: {
    xiangting(shoupai: Shoupai): number;
    tingpai(shoupai: Shoupai, f_xiangting?: (s: Shoupai) => number): string[] | null;
    hule(shoupai: Shoupai, rongpai: string | null, param: any): HuleResult | undefined;
    hule_param(param?: Record<string, unknown>): any;
    hule_mianzi(shoupai: Shoupai, rongpai?: string | null): string[][];
    [key: string]: any;
  };

  const Majiang: {
    rule: typeof rule;
    Shoupai: typeof Shoupai;
    Shan: typeof Shan;
    He: typeof He;
    Board: typeof Board;
    Game: typeof Game;
    Player: typeof Player;
    Util: typeof Util;
  };
  export default Majiang;
}

declare module '@kobalab/majiang-ai' {
  import type { Player } from '@kobalab/majiang-core';

  const AiPlayer: typeof Player;
  export default AiPlayer;
}
