import { describe, expect, it } from 'vitest';
import { contactHref } from './contact';

describe('footer contact (TAIKAI_CONTACT)', () => {
  it('a bare e-mail address becomes a mailto link; a URL stays as the operator wrote it', () => {
    expect(contactHref('help@club.example')).toBe('mailto:help@club.example');
    expect(contactHref('mailto:help@club.example')).toBe('mailto:help@club.example');
    expect(contactHref('https://club.example/contact')).toBe('https://club.example/contact');
  });

  it('no contact set (or the site config not loaded) gives no link rather than a placeholder', () => {
    expect(contactHref('')).toBeUndefined();
    expect(contactHref('  ')).toBeUndefined();
    expect(contactHref(undefined)).toBeUndefined();
  });
});
