import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordFilter } from '../../src/text/forbidden-words';
import { startWorld, type World } from '../support/world';

let world: World;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taikai-words-'));
  const file = join(dir, 'words.txt');
  writeFileSync(file, '# masked in names\ngamble\n赌博\n');
  world = await startWorld({ TAIKAI_FORBIDDEN_WORDS: file });
});
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('forbidden words in tournament names are masked', () => {
  it('on creation', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org, {
      name: [
        { lang: 'en', content: 'The GAMBLE Cup' },
        { lang: 'chs', content: '赌博杯' },
      ],
    });
    const detail = await world.get('fetch_contest_detail', { unique_id }, { token: org.token });
    expect(detail.body.data.contest_name).toEqual([
      { lang: 'en', content: 'The ****** Cup' },
      { lang: 'chs', content: '**杯' },
    ]);
  });

  it('on update', async () => {
    const org = await world.organiser({ currency: 60 });
    const { unique_id } = await world.contest(org);
    const res = await world.post(
      'update_contest_base',
      { unique_id, setting: { name: [{ lang: 'default', content: 'gambles' }] } },
      { token: org.token },
    );
    expect(res.body.data.contest_name).toEqual([{ lang: 'default', content: '******s' }]);
  });
});

describe('wordFilter', () => {
  it('masks the longest word first and leaves clean text alone', () => {
    const filter = wordFilter(['ab', 'abc', '']);
    expect(filter.mask('xabcx ab')).toBe('x***x **');
    expect(filter.mask('clean')).toBe('clean');
    expect(wordFilter([]).mask('anything')).toBe('anything');
  });

  it('treats words literally, not as patterns', () => {
    expect(wordFilter(['a.c']).mask('abc a.c')).toBe('abc ***');
  });
});
