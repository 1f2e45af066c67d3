import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organiser, type Reply, startWorld, type World } from '../support/world';

// Input no client should send, but anyone can: it is refused as a parameter error (2517, HTTP 400) by the
// call's schema, and nothing is written.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const refused = (res: Reply) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe(2517);
};

const listOf = async (org: Organiser) =>
  (await world.get('fetch_contest_list', {}, { token: org.token })).body.data;

describe('ids beyond the 32-bit range', () => {
  it('are refused with 2517 by detail, update and delete', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    for (const id of [2147483648, '2147483648', 9007199254740991, '99999999999999999999']) {
      refused(await world.get('fetch_contest_detail', { unique_id: id }, { token: org.token }));
      refused(
        await world.post(
          'update_contest_base',
          { unique_id: id, setting: { open_show: 0 } },
          { token: org.token },
        ),
      );
      refused(await world.post('delete_contest', { unique_id: id }, { token: org.token }));
    }
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: org.token });
    expect(detail.body.data.open).toBe(1);
  });

  it('the largest 32-bit id is a well-formed id: not found (2501)', async () => {
    const org = await world.organiser();
    const res = await world.get('fetch_contest_detail', { unique_id: 2147483647 }, { token: org.token });
    expect(res.body.error.code).toBe(2501);
  });
});

describe('text that is not well-formed', () => {
  const bad = { nul: 'Cup\u0000', 'lone high surrogate': 'Cup\ud800', 'lone low surrogate': '\udc00Cup' };

  it('a NUL byte in a query string is refused, also without login', async () => {
    refused(await world.get('fetch_announcement', { language: '\u0000' }));
    const raw = await world.app.inject({
      method: 'GET',
      url: '/api/contest/fetch_announcement?language=%00',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.code).toBe(2517);
  });

  for (const [what, text] of Object.entries(bad)) {
    it(`a tournament name with a ${what} is refused and nothing is created or charged`, async () => {
      const org = await world.organiser({ currency: 60 });
      refused(
        await world.post('create_contest', world.contestBody({ name: [{ lang: 'en', content: text }] }), {
          token: org.token,
        }),
      );
      expect(await listOf(org)).toEqual([]);
      expect(await world.currencyOf(org)).toBe(60);
    });

    it(`renaming a tournament to a name with a ${what} is refused and the name stays`, async () => {
      const org = await world.organiser({ currency: 60 });
      const { unique_id } = await world.contest(org);
      refused(
        await world.post(
          'update_contest_base',
          { unique_id, setting: { name: [{ lang: 'en', content: text }] } },
          { token: org.token },
        ),
      );
      const detail = await world.get('fetch_contest_detail', { unique_id }, { token: org.token });
      expect(detail.body.data.contest_name).toEqual([{ lang: 'default', content: 'Spring Cup' }]);
    });

    it(`registering with a nickname with a ${what} is refused and no account is made`, async () => {
      const email = `odd.${what.replace(/\W/g, '')}@example.test`;
      await world.post('/api/send_code', { email, purpose: 'register' });
      const { code } = (await world.lastMail(email))!;
      refused(
        await world.post('/api/register', { email, password: 'secret-pass', nickname: `Ab${text}`, code }),
      );
      const login = await world.post('/api/login', { account: email, password: 'secret-pass', type: 0 });
      expect(login.body.error.code).toBe(1002);
    });
  }

  it('a raw JSON body with an escaped NUL or lone surrogate is refused', async () => {
    const org = await world.organiser({ currency: 60 });
    for (const content of ['Cup\\u0000', 'Cup\\ud800']) {
      const payload = `{"name":[{"lang":"en","content":"${content}"}],"game_rule_setting":{"mode":2},"start_time":${
        world.clock.now() + world.DAY
      },"end_time":${world.clock.now() + 2 * world.DAY}}`;
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/contest/create_contest',
        headers: { 'content-type': 'application/json', authorization: `Majsoul ${org.token}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(2517);
    }
    expect(await world.currencyOf(org)).toBe(60);
  });

  it('NUL bytes, lone surrogates and broken encodings in paths, keys and bodies never answer a server error', async () => {
    const org = await world.organiser();
    const urls = [
      '/%00',
      '/assets/%00.js',
      '/%ed%a0%80',
      '/%E0%A4%A',
      '/api/%00',
      '/api/contest/%ed%a0%80',
      '/api/contest/fetch_announcement?%00=1&language=en',
      '/api/contest/fetch_announcement?language=%ed%a0%80',
      '/api/contest/fetch_announcement?language=%ff%fe',
      '/api/contest/fetch_contest_detail?unique_id=%00',
      '/api/contest/fetch_contest_detail?unique_id=1%00',
    ];
    for (const url of urls) {
      const res = await world.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Majsoul ${org.token}` },
      });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    for (const payload of ['{"\\u0000":1}', '{"account":"a@b.c","password":"\\udfff","type":0}', '\u0000']) {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('times', () => {
  it('a start or end time beyond 2038-01-19 (2^31 − 1 s) is refused and nothing is charged', async () => {
    const org = await world.organiser({ currency: 120 });
    const far = 9007199254000000;
    for (const times of [
      { start_time: far, end_time: far + world.DAY },
      { start_time: 2147483647 - world.DAY, end_time: 2147483648 },
    ]) {
      refused(await world.post('create_contest', world.contestBody(times), { token: org.token }));
    }
    expect(await listOf(org)).toEqual([]);
    expect(await world.currencyOf(org)).toBe(120);
  });

  it('times up to 2^31 − 1 are well-formed', async () => {
    const org = await world.organiser({ currency: 60 });
    const res = await world.post(
      'create_contest',
      world.contestBody({ start_time: 2147483647 - world.DAY, end_time: 2147483647 }),
      { token: org.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
