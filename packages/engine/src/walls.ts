import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Verifiable walls. A table draws every wall from one secret 256-bit seed: the wall of hand `n` is a
 * Fisher–Yates shuffle driven by the ChaCha20 keystream keyed by the seed, with the hand number (and the deal's
 * attempt) as nonce. The SHA-256 of the seed is published when the table starts (commitment) and the seed when it
 * ends, so anyone can re-deal every wall and check the game.
 *
 * A hand dealt again after a restart is dealt on its next attempt (1, 2 …): a wall nobody has seen, yet fixed by
 * the seed committed at the start like every other, so the host cannot choose it; attempt 0 is the first deal.
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

/**
 * A keystream reader: ChaCha20(seed, nonce = hand number, attempt) as a source of unbiased integers. The 16-byte
 * IV is the block counter (bytes 0–3, from 0), the hand (4–7) and the attempt (8–11), little-endian; attempt 0
 * leaves the IV as the first deals have always had it.
 */
class Keystream {
  private readonly cipher;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(seed: string, hand: number, attempt: number) {
    const iv = Buffer.alloc(16);
    iv.writeUInt32LE(hand >>> 0, 4);
    iv.writeUInt32LE(attempt >>> 0, 8);
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
 * Three-player walls are shuffled the same way from their 108 tiles. `attempt`: the deal's attempt, 0 for the
 * first deal of the hand, one more for each time the hand is dealt again after a restart.
 */
export function dealWall(
  seed: string,
  hand: number,
  red: RedFives,
  players: 3 | 4 = 4,
  attempt = 0,
): string[] {
  if (!Number.isInteger(attempt) || attempt < 0 || attempt > 0xffffffff)
    throw new Error(`a deal's attempt is a whole number from 0, not ${attempt}`);
  const wall = tileSet(red, players);
  const ks = new Keystream(seed, hand, attempt);
  for (let i = wall.length - 1; i > 0; i--) {
    const j = ks.below(i + 1);
    const t = wall[i];
    wall[i] = wall[j];
    wall[j] = t;
  }
  return wall;
}

/**
 * The commitment to one wall: SHA-256 of its tiles in order (hex). A record names by it the walls of a hand that
 * were dealt and then abandoned at a restart, and a verifier re-deals them from the seed to check.
 */
export function wallCommitment(wall: string[]): string {
  return createHash('sha256').update(wall.join('')).digest('hex');
}

/** Re-deals the first `hands` walls of a seed (the first deal of each), for verification. */
export function redealWalls(
  seed: string,
  hands: number,
  red: RedFives = { m: 1, p: 1, s: 1 },
  players: 3 | 4 = 4,
): string[][] {
  return Array.from({ length: hands }, (_, n) => dealWall(seed, n, red, players));
}
