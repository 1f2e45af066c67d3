import { isErrorCode } from '@taikai/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { type CallInfo, callsOf } from '../../src/http/route';
import { CALL_CASES, type CallRequest, fixture, people } from '../support/call-cases';
import { type Reply, startWorld } from '../support/world';

// Every declared call, walked with malformed input: wrong types, missing fields, huge strings, negative and
// overflowing numbers, arrays for objects and objects for arrays, `__proto__` keys. Input the call's schema
// refuses answers 2517 (HTTP 400) and changes nothing in the database; nothing answers a server error.

const world = await startWorld();
afterAll(() => world.close());
const calls = callsOf(world.app);

const HUGE = 'x'.repeat(100_000);

/** Values put in place of a field of a JSON body. */
const BODY_VALUES: [string, unknown][] = [
  ['a word', 'x'],
  ['a number', 12345],
  ['a boolean', true],
  ['null', null],
  ['an array', [1, 2]],
  ['an object', { a: 1 }],
  ['a negative number', -1],
  ['a number past 32 bits', 2 ** 31],
  ['a number past 53 bits', 2 ** 53 + 2],
  ['a fraction', 1.5],
  ['a huge string', HUGE],
  ['an empty string', ''],
];

/** Values put in place of a query parameter (a query string carries only text, or repeated text). */
const QUERY_VALUES: [string, unknown][] = [
  ['a word', 'x'],
  ['a negative number', '-1'],
  ['a number past 32 bits', '2147483648'],
  ['a number past 53 bits', '99999999999999999999'],
  ['a fraction', '1.5'],
  ['a long string', 'y'.repeat(5000)],
  ['an empty string', ''],
  ['a repeated parameter', ['1', '2']],
];

type Mutation = { what: string; input: Record<string, unknown> | unknown; raw?: string };

/** Each field (and each field one level down) replaced by each value, and removed. */
function mutations(valid: Record<string, unknown>, values: [string, unknown][]): Mutation[] {
  const out: Mutation[] = [];
  for (const [key, value] of Object.entries(valid)) {
    const { [key]: _removed, ...without } = valid;
    out.push({ what: `${key} missing`, input: without });
    for (const [name, bad] of values)
      out.push({ what: `${key} as ${name}`, input: { ...valid, [key]: bad } });
    const inner = Array.isArray(value) ? value[0] : value;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const innerKey of Object.keys(inner)) {
        for (const [name, bad] of values) {
          const changed = { ...(inner as object), [innerKey]: bad };
          out.push({
            what: `${key}.${innerKey} as ${name}`,
            input: { ...valid, [key]: Array.isArray(value) ? [changed] : changed },
          });
        }
      }
    }
  }
  return out;
}

/** The whole body replaced: an array, a string, a `__proto__` key (raw JSON, so the key survives). */
function bodyMutations(valid: Record<string, unknown>): Mutation[] {
  const json = JSON.stringify(valid).slice(1);
  return [
    { what: 'body as an array', input: [valid] },
    { what: 'body as a string', input: 'x' },
    {
      what: 'a __proto__ key',
      input: valid,
      raw: `{"__proto__":{"polluted":1,"unique_id":1}${json === '}' ? '}' : `,${json}`}`,
    },
    {
      what: 'a constructor.prototype key',
      input: valid,
      raw: `{"constructor":{"prototype":{"polluted":1}}${json === '}' ? '}' : `,${json}`}`,
    },
  ];
}

/** A digest of every table's rows: equal digests, nothing written. */
async function databaseDigest(): Promise<string> {
  const db = world.database.db;
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const parts = tables.map(
    (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x)`,
  );
  const res = (await db.execute(sql.raw(`select ${parts.join(' || ')} as digest`))) as unknown as {
    rows: { digest: string }[];
  };
  return res.rows[0].digest;
}

/** What the server's parser sees of a query: text, or lists of text. */
function asQueryText(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

async function sendMutation(call: CallInfo, m: Mutation, token: string): Promise<Reply> {
  const url = `/api/${call.path}`;
  const headers = { authorization: `Majsoul ${token}`, 'content-type': 'application/json' };
  if (call.method === 'GET') {
    const res = await world.app.inject({
      method: 'GET',
      url,
      query: m.input as Record<string, string>,
      headers,
    });
    // A call answering with a file (the tournament archive) let the input through.
    if (String(res.headers['content-type'] ?? '').startsWith('application/zip'))
      return { status: res.statusCode, body: { data: { zip: res.rawPayload.length } } };
    return { status: res.statusCode, body: res.json() };
  }
  const payload = m.raw ?? JSON.stringify(m.input);
  const res = await world.app.inject({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('bad input, call by call', () => {
  let who: Awaited<ReturnType<typeof people>> | undefined;
  let walked = 0;
  // The operator console's calls are made as an operator account.
  let operatorToken: string | undefined;
  const operatorOnce = async () => {
    if (operatorToken) return operatorToken;
    const account = { email: 'walk.operator@example.test', password: 'secret-pass' };
    await operator.createAccount(world.opCtx(), { ...account, nickname: 'WalkOperator', isOperator: true });
    const login = await world.post('/api/login', {
      account: account.email,
      password: account.password,
      type: 0,
    });
    operatorToken = login.body.data.token as string;
    return operatorToken;
  };

  for (const call of calls) {
    it(`${call.name}: malformed input is refused with 2517 and writes nothing`, async () => {
      const testCase = CALL_CASES[call.name];
      expect(testCase, `no case for ${call.name}`).toBeDefined();
      who ??= await people(world);
      const f = await fixture(world, who, testCase);
      // Calls that end a session get one of their own; the rest are made as the tournament's creator.
      const token =
        call.auth === 'operator'
          ? await operatorOnce()
          : testCase.endsSession
            ? (await world.login(f.creator)).token
            : f.creator.token;
      const request: CallRequest = testCase.request(f, world);
      const valid = (call.method === 'GET' ? request.query : request.body) ?? {};
      const list =
        call.method === 'GET'
          ? mutations(valid, QUERY_VALUES)
          : [...mutations(valid, BODY_VALUES), ...bodyMutations(valid)];
      for (const m of list) {
        const seen = call.method === 'GET' ? asQueryText(m.input as Record<string, unknown>) : m.input;
        const refusedBySchema =
          m.raw === undefined && call.schema ? !call.schema.safeParse(seen).success : false;
        const before = refusedBySchema ? await databaseDigest() : '';
        const res = await sendMutation(call, m, token);
        const where = `${call.name}, ${m.what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.body.error) expect(isErrorCode(res.body.error.code), where).toBe(true);
        else expect(res.body, where).toHaveProperty('data');
        if (refusedBySchema) {
          expect(res.status, where).toBe(400);
          expect(res.body.error?.code, where).toBe(2517);
          expect(await databaseDigest(), `${where}: the database changed`).toBe(before);
        }
        walked += 1;
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  afterAll(() => {
    // The count the closing notes quote.
    console.info(`bad-input walk: ${walked} malformed requests over ${calls.length} calls`);
  });
});
