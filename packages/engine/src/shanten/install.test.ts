import AiPlayer from '@kobalab/majiang-ai';
import Majiang from '@kobalab/majiang-core';
import { afterAll, describe, expect, it } from 'vitest';
import { dealWall } from '../walls';
import { engineUtil, stockShanten } from './engine-util';
import { fastShanten, fastShantenInstalled, installFastShanten, installStockShanten } from './install';

const SEED = 'a5'.repeat(32);

class WallShan extends Majiang.Shan {
  constructor(rule: ReturnType<typeof Majiang.rule>, wall: string[]) {
    super(rule);
    this._pai = wall;
    this._baopai = [wall[4]];
    this._fubaopai = [wall[9]];
  }
}

/** The first hands of a seeded game between four majiang-ai robots, as the engine logs them. */
function firstHands(hands: number): string {
  const rule = Majiang.rule();
  const game = new Majiang.Game(
    [0, 1, 2, 3].map(() => new AiPlayer()),
    undefined,
    rule,
  );
  let dealt = 0;
  game.qipai = function (this: typeof game) {
    Majiang.Game.prototype.qipai.call(this, new WallShan(rule, dealWall(SEED, dealt++, rule['赤牌'])));
  };
  game._sync = true;
  game.kaiju(0);
  const driver = game as unknown as Record<string, () => void>;
  while (dealt <= hands && game._status !== 'jieju') {
    const status = game._status === 'gangzimo' ? 'zimo' : game._status;
    driver[`reply_${status}`].call(game);
  }
  return JSON.stringify(game._paipu.log.slice(0, hands));
}

describe('installing the fast shanten', () => {
  afterAll(() => installFastShanten());

  it('swaps the engine’s Util (read by its Game, Player and majiang-ai) and can put the stock one back', () => {
    installStockShanten();
    expect(fastShantenInstalled()).toBe(false);
    expect(engineUtil.xiangting).toBe(stockShanten.xiangting);
    expect(Majiang.Util.tingpai).toBe(stockShanten.tingpai);
    installFastShanten();
    installFastShanten();
    expect(fastShantenInstalled()).toBe(true);
    expect(Majiang.Util.xiangting).toBe(fastShanten.xiangting);
    expect(Majiang.Util.tingpai).toBe(fastShanten.tingpai);
  });

  it('leaves majiang-ai playing exactly the same hands as on the engine’s own shanten', () => {
    installStockShanten();
    const stockStart = performance.now();
    const stock = firstHands(2);
    const stockMs = performance.now() - stockStart;
    installFastShanten();
    const fastStart = performance.now();
    const fast = firstHands(2);
    const fastMs = performance.now() - fastStart;
    expect(fast).toBe(stock);
    expect(JSON.parse(fast).length).toBe(2);
    console.log(
      `first two hands of majiang-ai: stock ${stockMs.toFixed(0)} ms, fast ${fastMs.toFixed(0)} ms`,
    );
  });
});
