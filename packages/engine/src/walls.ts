import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Verifiable walls. A table draws every wall from one secret 256-bit seed: the wall of hand `n` is a
 * Fisher–Yates shuffle driven by the ChaCha20 keystream keyed by the seed, with the hand number as nonce.
 * The SHA-256 of the seed is published when the table starts (commitment) and the seed when it ends, so anyone
 * can re-deal every wall and check the game.
 */

export type RedFives = { m: number; p: number; s: number };

const SEED_BYTES = 32;

/** A fresh secret seed (hex). */
export function newSeed(): string {
  return randomBytes(SEED_BYTES).toString('hex');
}

/** The commitment published at the start: SHA-256 of the seed bytes (hex). */
export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seedBytes(seed)).digest('hex');
}

function seedBytes(seed: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(seed)) throw new Error('a wall seed is 64 hex digits (256 bits)');
  return Buffer.from(seed, 'hex');
}

/**
 * The 136 tiles in a fixed order, red fives written `m0`/`p0`/`s0`; for three players (sanma) the 108 without
 * 2m–8m.
 */
export function tileSet(red: RedFives, players: 3 | 4 = 4): string[] {
  const tiles: string[] = [];
  for (const s of ['m', 'p', 's', 'z'] as const) {
    for (let n = 1; n <= (s === 'z' ? 7 : 9); n++) {
      if (players === 3 && s === 'm' && n > 1 && n < 9) continue;
      for (let i = 0; i < 4; i++) tiles.push(n === 5 && s !== 'z' && i < red[s] ? `${s}0` : `${s}${n}`);
    }
  }
  return tiles;
}

/** A keystream reader: ChaCha20(seed, nonce = hand number) as a source of unbiased integers. */
class Keystream {
  private readonly cipher;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(seed: string, hand: number) {
    const iv = Buffer.alloc(16);
    iv.writeUInt32LE(hand >>> 0, 4);
    this.cipher = createCipheriv('chacha20', seedBytes(seed), iv);
  }

  private uint32(): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = this.cipher.update(Buffer.alloc(256));
      this.offset = 0;
    }
    const v = this.buffer.readUInt32LE(this.offset);
    this.offset += 4;
    return v;
  }

  /** Uniform integer in [0, n), by rejection. */
  below(n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const v = this.uint32();
      if (v < limit) return v % n;
    }
  }
}

/**
 * The wall of hand `hand` (0 = first hand of the game) in the rules engine's order: tiles are drawn from the
 * end, the dead wall is the first 14 (indicator at 4, ura indicator at 9, replacement tiles from the front).
 * Three-player walls are shuffled the same way from their 108 tiles.
 */
export function dealWall(seed: string, hand: number, red: RedFives, players: 3 | 4 = 4): string[] {
  const wall = tileSet(red, players);
  const ks = new Keystream(seed, hand);
  for (let i = wall.length - 1; i > 0; i--) {
    const j = ks.below(i + 1);
    const t = wall[i];
    wall[i] = wall[j];
    wall[j] = t;
  }
  return wall;
}

/** Re-deals the first `hands` walls of a seed, for verification. */
export function redealWalls(
  seed: string,
  hands: number,
  red: RedFives = { m: 1, p: 1, s: 1 },
  players: 3 | 4 = 4,
): string[][] {
  return Array.from({ length: hands }, (_, n) => dealWall(seed, n, red, players));
}
