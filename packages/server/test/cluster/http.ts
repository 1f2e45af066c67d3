// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field, as a client does
export type Answer = { status: number; body: any; headers: Headers };

/** A call to a real server over HTTP: GET with a query string, POST with a JSON body (`/api/contest/<path>`). */
export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: {
    token?: string;
    body?: Record<string, unknown>;
    prefix?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Majsoul ${options.token}`;
  let url = `${base}${options.prefix ?? '/api/contest'}/${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(options.body ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    );
    if (query.size > 0) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * Login by e-mail and password at `base` (under `/api`, or another prefix), from the client address `from` when
 * given (the servers must trust the proxy header).
 */
export function login(
  base: string,
  account: string,
  password: string,
  options: { prefix?: string; from?: string } = {},
): Promise<Answer> {
  return call(base, 'POST', 'login', {
    body: { account, password },
    prefix: options.prefix ?? '/api',
    headers: options.from ? { 'x-forwarded-for': options.from } : {},
  });
}
