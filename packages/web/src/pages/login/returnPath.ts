// A page that needs a session and is not inside the console's router (the table opened directly) sends the
// player to the login page with the address to come back to; the login page goes there once logged in.

/** The login page's address that returns to `path` once logged in. */
export const loginReturningTo = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

/** Where to go once logged in: `next` when it is a path of this site, never another site's address. */
export function returnPathOf(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next === '/login' || next.startsWith('/login?') ? null : next;
}

/** The organisers' console and the player portal. */
export const CONSOLE_HOME = '/';
export const PORTAL_HOME = '/play';

/**
 * The page a login was asked to go back to: the address's `next` (a link set it on purpose), else the page that
 * sent the visitor to log in (`from`) — but not the console's home, where anyone opening the bare site arrives.
 */
export function askedReturn(from: string | undefined, next: string | null): string | null {
  const asked = returnPathOf(next);
  if (asked) return asked;
  const sent = returnPathOf(from ?? null);
  return sent && sent !== CONSOLE_HOME ? sent : null;
}

/** Where an account lands when no return was asked: organisers in the console, players in the portal. */
export function landingOf(kind: 'organiser' | 'player'): string {
  return kind === 'organiser' ? CONSOLE_HOME : PORTAL_HOME;
}
