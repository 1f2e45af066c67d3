import { createHash } from 'node:crypto';

/** A wall seed (64 hex digits) named by a label, so every run deals the same games. */
export const seedOf = (label: string): string =>
  createHash('sha256').update(`taikai-bench:${label}`).digest('hex');
