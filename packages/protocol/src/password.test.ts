import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPasswordDigest, passwordDigest } from './password';

describe('the client-side password digest', () => {
  it('is lowercase hex HMAC-SHA256 of the password with the key "lailai"', () => {
    expect(passwordDigest('123456')).toBe('c1c2539fc0479405008be63722e30b7aebc177a86418fcd2ecd69a2fdd515fcf');
    expect(passwordDigest('pässwörd 麻雀')).toBe(
      'cd9d1429a54d5ab2fa3357ad669bb5a53c830f74be21aaa04936b4bafe7b9da4',
    );
  });

  it('agrees with Node’s HMAC on passwords of every kind', () => {
    for (const password of ['', 'a', 'secret-pass', '🀄'.repeat(40), 'x'.repeat(200)]) {
      const expected = createHmac('sha256', 'lailai').update(password).digest('hex');
      expect(passwordDigest(password)).toBe(expected);
    }
  });

  it('recognises the digest shape and nothing else', () => {
    expect(isPasswordDigest(passwordDigest('anything'))).toBe(true);
    expect(isPasswordDigest(passwordDigest('anything').toUpperCase())).toBe(false);
    expect(isPasswordDigest('secret-pass')).toBe(false);
    expect(isPasswordDigest(`${passwordDigest('x')}0`)).toBe(false);
  });
});
