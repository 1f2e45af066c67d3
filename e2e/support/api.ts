import { inject } from 'vitest';
import { HANG_GUARD_MS } from './hang-guard';

export interface ApiAnswer<T = unknown> {
  status: number;
  data?: T;
  error?: { code: number; message: string };
}

/** One HTTP call to the server as a non-browser client would make it. */
export async function api<T = unknown>(
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Majsoul ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let parsed: { data?: T; error?: { code: number; message: string } } = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new Error(`${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, data: parsed.data, error: parsed.error };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  code: string | null;
}

/** Waits for a mail to `email` in the dev outbox and returns the 6-digit code of the newest one. */
export async function readVerificationCode(email: string): Promise<string> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (Date.now() < deadline) {
    const answer = await api<OutboxMail[]>(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const mails = answer.data ?? [];
    const newest = mails[mails.length - 1];
    if (newest?.code) {
      // The code the organiser reads is the one in the mail's text.
      if (!newest.text.includes(newest.code)) throw new Error(`mail to ${email} does not show its code`);
      return newest.code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email} within ${HANG_GUARD_MS} ms`);
}

/** Distinct e-mail and nickname per test and per run, so runs can share a database. */
export function newIdentity(label: string): { email: string; nickname: string; password: string } {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return {
    email: `${label}.${tag}@e2e.taikai.test`,
    nickname: `${label.slice(0, 6)}${tag}`.slice(0, 14),
    password: `Pw-${tag}-journey`,
  };
}

/** Registers an account the way any client does (code from the dev outbox) and returns its session token. */
export async function registerByApi(who: {
  email: string;
  nickname: string;
  password: string;
}): Promise<string> {
  const sent = await api('/api/send_code', { body: { email: who.email, purpose: 'register' } });
  if (sent.status !== 200)
    throw new Error(`send_code answered ${sent.status}: ${JSON.stringify(sent.error)}`);
  const code = await readVerificationCode(who.email);
  const registered = await api<{ token: string }>('/api/register', {
    body: { email: who.email, password: who.password, nickname: who.nickname, code },
  });
  if (!registered.data?.token) {
    throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.error)}`);
  }
  return registered.data.token;
}

/** One call that must succeed (HTTP 200, no error); returns its data, or throws with the refusal. */
export async function call<T>(path: string, token: string, body?: unknown): Promise<T> {
  const answer = await api<T>(path, { token, body });
  if (answer.status !== 200 || answer.error || answer.data === undefined)
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}
