import { ERROR_CATALOGUE, errorMessages } from '@taikai/protocol';

/** A refusal with a catalogue code: the first broken rule of a call. `data` travels with the error body. */
export class ContestError extends Error {
  readonly data?: Record<string, unknown>;
  readonly status: number;
  constructor(
    readonly code: number,
    options: { data?: Record<string, unknown>; message?: string; status?: number } = {},
  ) {
    super(options.message ?? messageOf(code));
    this.name = 'ContestError';
    this.data = options.data;
    this.status = options.status ?? statusOf(code);
  }
}

const catalogue = ERROR_CATALOGUE as Record<number, { status: number } | undefined>;
const messages = errorMessages.en as Record<number, string | undefined>;

/** HTTP status of a code, from the protocol's catalogue. */
export function statusOf(code: number): number {
  return catalogue[code]?.status ?? 400;
}

/** English message of a code (the console translates the code itself). */
export function messageOf(code: number): string {
  return messages[code] ?? `Err${code}`;
}
