import { isPasswordDigest, passwordDigest } from '@taikai/protocol';
import { hashPassword, verifyPassword } from './secrets';

// Stored password credentials. The current form, `hmac-scrypt$…`, is scrypt over the client-side digest
// (HMAC-SHA256 with the key "lailai"), so a client that sends the digest and one that sends the plain password
// are checked against the same credential. Accounts stored before it hold `scrypt$…` over the plain password:
// a login that sends the plain password opens them and upgrades them to the current form.

const CURRENT = 'hmac-';

/** The digest a submitted password stands for: itself when it has the digest's shape, else its digest. */
function digestOf(submitted: string): string {
  return isPasswordDigest(submitted) ? submitted : passwordDigest(submitted);
}

/** The credential to store for a submitted password (the digest, or the plain password). */
export async function newCredential(submitted: string): Promise<string> {
  return CURRENT + (await hashPassword(digestOf(submitted)));
}

/** Whether `submitted` opens `stored`; `upgraded` is the current form to store when `stored` is an older one. */
export async function checkCredential(
  submitted: string,
  stored: string | null,
): Promise<{ ok: boolean; upgraded?: string }> {
  if (stored?.startsWith(CURRENT)) {
    const hash = stored.slice(CURRENT.length);
    if (await verifyPassword(digestOf(submitted), hash)) return { ok: true };
    // A plain password that happens to have the digest's shape.
    const plain = isPasswordDigest(submitted) && (await verifyPassword(passwordDigest(submitted), hash));
    return { ok: plain };
  }
  if (await verifyPassword(submitted, stored)) return { ok: true, upgraded: await newCredential(submitted) };
  return { ok: false };
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time a credential check takes, for a login naming no account, so that an unknown account answers
 * no sooner than a known one.
 */
export async function checkNoCredential(submitted: string): Promise<void> {
  decoy ??= newCredential('decoy password, never matched');
  await checkCredential(submitted, await decoy);
}
