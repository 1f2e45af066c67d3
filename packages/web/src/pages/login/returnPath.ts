// A page that needs a session and is not inside the console's router (the table opened directly) sends the
// player to the login page with the address to come back to; the login page goes there once logged in.

/** The login page's address that returns to `path` once logged in. */
export const loginReturningTo = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

/** Where to go once logged in: `next` when it is a path of this site, never another site's address. */
export function returnPathOf(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next === '/login' || next.startsWith('/login?') ? null : next;
}
