import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// The password a client sends is, by the original console's convention, not the password itself but a digest
// of it: lowercase hex HMAC-SHA256(password, key "lailai"). The console sends only the digest; bots send the
// digest or the plain password, and the server accepts both for the same stored credential.

const DIGEST_KEY = utf8ToBytes('lailai');
const DIGEST = /^[0-9a-f]{64}$/;

/** The client-side digest of a password: lowercase hex HMAC-SHA256 with the key `lailai`. */
export function passwordDigest(password: string): string {
  return bytesToHex(hmac(sha256, DIGEST_KEY, utf8ToBytes(password)));
}

/** Whether a submitted password has the shape of the digest (64 lowercase hex digits). */
export function isPasswordDigest(text: string): boolean {
  return DIGEST.test(text);
}
