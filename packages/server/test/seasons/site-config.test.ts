import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startWorld } from '../support/world';

describe('fetch_site_config: the operator contact (TAIKAI_CONTACT)', () => {
  it('answers the contact the operator set, to anyone, without a login', async () => {
    for (const contact of ['help@club.example', 'https://club.example/contact']) {
      const world = await startWorld({ TAIKAI_CONTACT: contact });
      try {
        expect((await world.get('fetch_site_config')).body).toEqual({ data: { chat: 1, contact } });
      } finally {
        await world.close();
      }
    }
  });

  it('answers an empty contact when none is set, so the console shows no placeholder', async () => {
    const world = await startWorld();
    try {
      expect((await world.get('fetch_site_config')).body.data.contact).toBe('');
    } finally {
      await world.close();
    }
  });

  it('refuses to start with a contact that is neither an e-mail address nor an http(s) or mailto URL', () => {
    expect(() => loadConfig({ TAIKAI_CONTACT: 'call us' })).toThrow(/TAIKAI_CONTACT/);
    expect(() => loadConfig({ TAIKAI_CONTACT: 'javascript:alert(1)' })).toThrow(/TAIKAI_CONTACT/);
    expect(loadConfig({ TAIKAI_CONTACT: ' mailto:help@club.example ' }).contact).toBe(
      'mailto:help@club.example',
    );
  });
});
