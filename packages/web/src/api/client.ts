import { type ConsoleLang, type I18nEntry, isErrorCode, messageFor, textFor } from '@taikai/protocol';
import type { z } from 'zod';
import { formatMinute } from '../components/time';
import { currentLanguage, i18next } from '../i18n';
import { deviceId } from './device';
import { toastError } from './notify';
import { isLeavingPage } from './pageLeave';
import { clearToken, readToken } from './token';

/** A refused or failed call. `code` is the error catalogue code; 0 when the server gave none. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Code of a call that never reached the server. */
export const NETWORK_ERROR = -1;

let onUnauthorized: () => void = () => window.location.assign('/login');

/** The shell routes 401s to the login page through the router instead of a full reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface CallOptions {
  /** Do not toast the error: the caller shows it in place. 401 and network failures are handled regardless. */
  silent?: boolean;
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  [key: string]: unknown;
}

const isI18nList = (value: unknown): value is I18nEntry[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((e) => e !== null && typeof e === 'object' && 'lang' in e && 'content' in e);

/**
 * The text shown for an error code: our translation (2515 with the next allowed time in the reader's
 * clock), else the server's message, else the protocol's "Error {code}".
 */
export function errorText(
  code: number,
  serverMessage?: string,
  details: Record<string, unknown> = {},
  lang: ConsoleLang = currentLanguage(),
): string {
  if (!isErrorCode(code) && serverMessage) return serverMessage;
  const next = typeof details.next_time === 'number' ? formatMinute(details.next_time) : undefined;
  return messageFor(code, lang, next === undefined ? {} : { next });
}

/** A 503 may carry a list of `{lang, content}` (maintenance notice): show it in the reader's language. */
function maintenanceText(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const candidates = [
    body,
    (body as { error?: ErrorBody }).error?.message,
    (body as { message?: unknown }).message,
    (body as { data?: unknown }).data,
  ];
  for (const c of candidates) if (isI18nList(c)) return textFor(c, currentLanguage());
  return null;
}

function fail(error: ApiError, options: CallOptions): never {
  if (!options.silent) toastError(error.message);
  throw error;
}

/**
 * One call to the taikai API. The answer's `data` is parsed with the call's protocol schema.
 * 401 clears the token and goes to the login page; a failed connection shows the disconnected
 * message and clears the token, unless the call was cut off by leaving the page.
 */
export async function request<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  params: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { 'X-Web-Client-Version': __APP_VERSION__ };
  const token = readToken();
  if (token) headers.Authorization = `Majsoul ${token}`;
  // The browser's device id, which the server records (and checks against device bans) when a session opens.
  const device = deviceId();
  if (device) headers['X-Taikai-Device'] = device;
  let url = path;
  let body: string | undefined;
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
    const qs = query.toString();
    if (qs) url += `?${qs}`;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(params);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body });
  } catch {
    const error = new ApiError(NETWORK_ERROR, 0, i18next.t('errors.disconnected'));
    // A call cut off because the page is being left (reload, another address) keeps the session.
    if (isLeavingPage()) throw error;
    clearToken();
    toastError(error.message);
    throw error;
  }

  const payload: unknown = await response.json().catch(() => null);

  if (response.status === 401) {
    clearToken();
    const err = (payload as { error?: ErrorBody } | null)?.error;
    const code = typeof err?.code === 'number' ? err.code : 0;
    onUnauthorized();
    throw new ApiError(
      code,
      401,
      errorText(code, typeof err?.message === 'string' ? err.message : undefined),
    );
  }

  if (response.status === 503) {
    const notice = maintenanceText(payload);
    if (notice !== null) fail(new ApiError(503, 503, notice), options);
  }

  const envelope = (payload ?? {}) as { data?: unknown; error?: ErrorBody };
  const inner = envelope.data as { error?: ErrorBody } | undefined;
  const err = envelope.error ?? (inner && typeof inner === 'object' ? inner.error : undefined);
  if (err || !response.ok) {
    const code = typeof err?.code === 'number' ? err.code : 0;
    const serverMessage = typeof err?.message === 'string' ? err.message : undefined;
    const bare = code === 0 && !serverMessage;
    const text = !bare
      ? errorText(code, serverMessage, err ?? {})
      : response.status === 503
        ? i18next.t('errors.maintenance')
        : i18next.t('errors.requestFailed', { status: response.status });
    fail(new ApiError(code, response.status, text, { ...(err ?? {}) }), options);
  }

  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error(`${path}: answer does not match the protocol`, parsed.error.issues);
    fail(new ApiError(0, response.status, i18next.t('errors.badAnswer')), options);
  }
  return parsed.data as z.output<S>;
}
