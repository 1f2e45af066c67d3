import { afterEach, describe, expect, it } from 'vitest';
import * as operator from '../../src/domains/accounts/operator';
import { startWorld, type World } from '../support/world';

const worlds: World[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((w) => w.close()));
});

/** A fresh platform (announcements are platform-wide) with the given announcements, oldest first. */
async function platformWith(...list: { lang: string; title: string }[]): Promise<World> {
  const world = await startWorld();
  worlds.push(world);
  for (const a of list) {
    await operator.announce(world.opCtx(), { ...a, content: `${a.title} text` });
    world.clock.advance(60);
  }
  return world;
}

async function panel(world: World, language: string) {
  const res = await world.get('fetch_announcement', { language });
  expect(res.status).toBe(200);
  return (res.body.data as { title: string; language: string }[]).map((a) => `${a.language}:${a.title}`);
}

describe('fetch_announcement: a language with none of its own falls back (chs, then en, then any)', () => {
  it('the Japanese panel shows the Chinese announcements, marked as Chinese, while Chinese and English exist', async () => {
    const world = await platformWith(
      { lang: 'chs', title: '开幕' },
      { lang: 'en', title: 'Opening' },
      { lang: 'default', title: 'Maintenance' },
    );
    expect(await panel(world, 'jp')).toEqual(['chs:开幕', 'default:Maintenance']);
    expect(await panel(world, 'kr')).toEqual(['chs:开幕', 'default:Maintenance']);
    // A language with its own announcements reads only those.
    expect(await panel(world, 'en')).toEqual(['en:Opening', 'default:Maintenance']);
    expect(await panel(world, 'chs')).toEqual(['chs:开幕', 'default:Maintenance']);
  });

  it('without Chinese the fallback is English, even when another language wrote later', async () => {
    const world = await platformWith({ lang: 'en', title: 'Opening' }, { lang: 'kr', title: '개막' });
    expect(await panel(world, 'jp')).toEqual(['en:Opening']);
    expect(await panel(world, 'chs_t')).toEqual(['en:Opening']);
  });

  it('without Chinese or English, the language with the newest announcement', async () => {
    const world = await platformWith({ lang: 'kr', title: '개막' }, { lang: 'jp', title: '開幕' });
    expect(await panel(world, 'chs')).toEqual(['jp:開幕']);
    expect(await panel(world, 'kr')).toEqual(['kr:개막']);
  });

  it('with no announcement in any language, only those for every language; with none at all, an empty list', async () => {
    const shared = await platformWith({ lang: 'default', title: 'Maintenance' });
    expect(await panel(shared, 'jp')).toEqual(['default:Maintenance']);
    const empty = await platformWith();
    expect(await panel(empty, 'jp')).toEqual([]);
  });
});
