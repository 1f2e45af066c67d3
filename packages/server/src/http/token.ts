/**
 * The session token of a request: `Authorization: Majsoul <token>`, `Bearer <token>` or the bare token.
 * Node lower-cases header names, so any spelling of the header name arrives here.
 */
export function tokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers.authorization;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  const match = /^(?:majsoul|bearer)\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return /^\S+$/.test(value) ? value : undefined;
}
