import { httpStatusOf, type MessageParams, messageFor } from '@taikai/protocol';

/**
 * A refusal with a catalogue code: the first broken rule of a call. `data` travels in the error body beside
 * code and message; `params` fill the message's placeholders (e.g. `{next}` of 2515).
 */
export class ContestError extends Error {
  readonly data?: Record<string, unknown>;
  readonly status: number;
  constructor(
    readonly code: number,
    options: {
      data?: Record<string, unknown>;
      params?: MessageParams;
      message?: string;
      status?: number;
    } = {},
  ) {
    super(options.message ?? messageOf(code, options.params));
    this.name = 'ContestError';
    this.data = options.data;
    this.status = options.status ?? httpStatusOf(code);
  }
}

/** English message of a code (the console shows its own translation of the code). */
export function messageOf(code: number, params?: MessageParams): string {
  return messageFor(code, 'en', params);
}
