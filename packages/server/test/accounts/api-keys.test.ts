import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('API keys', () => {
  it('a new key is shown once; the list shows its label, prefix and times, never the key', async () => {
    const owner = await world.organiser();
    // The clock follows real time: a call may straddle a second.
    const createdFrom = world.clock.now();
    const created = await world.post('create_api_key', { label: '  League bot  ' }, { token: owner.token });
    expect(created.status).toBe(200);
    const { key, ...shown } = created.body.data;
    expect(key).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
    expect(shown).toEqual({
      id: expect.any(Number),
      label: 'League bot',
      prefix: key.slice(0, 7),
      create_time: expect.any(Number),
      last_used_time: 0,
    });
    expect(shown.create_time).toBeGreaterThanOrEqual(createdFrom);
    expect(shown.create_time).toBeLessThanOrEqual(world.clock.now());
    const list = await world.get('fetch_api_key_list', {}, { token: owner.token });
    expect(list.body).toEqual({ data: [shown] });
    expect(JSON.stringify(list.body)).not.toContain(key);

    world.clock.advance(90);
    const usedFrom = world.clock.now();
    await world.post('/api/login', { type: 7, uid: owner.account.id, code: key });
    const used = await world.get('fetch_api_key_list', {}, { token: owner.token });
    expect(used.body.data[0].last_used_time).toBeGreaterThanOrEqual(usedFrom);
    expect(used.body.data[0].last_used_time).toBeLessThanOrEqual(world.clock.now());
  });

  it('the key is stored only as its hash', async () => {
    const owner = await world.organiser();
    const { key } = (await world.post('create_api_key', { label: 'x' }, { token: owner.token })).body.data;
    const rows = await world.database.db.execute('select * from api_keys');
    expect(JSON.stringify((rows as unknown as { rows: unknown[] }).rows)).not.toContain(key.slice(7));
  });

  it('an empty list is [], newest first once there are keys', async () => {
    const owner = await world.organiser();
    expect((await world.get('fetch_api_key_list', {}, { token: owner.token })).body).toEqual({ data: [] });
    await world.post('create_api_key', { label: 'first' }, { token: owner.token });
    world.clock.advance(1);
    await world.post('create_api_key', { label: 'second' }, { token: owner.token });
    const labels = (await world.get('fetch_api_key_list', {}, { token: owner.token })).body.data.map(
      (k: { label: string }) => k.label,
    );
    expect(labels).toEqual(['second', 'first']);
  });

  it('labels must be 1–40 characters: 2517 and nothing written', async () => {
    const owner = await world.organiser();
    for (const label of ['', '   ', 'x'.repeat(41), 7]) {
      const res = await world.post('create_api_key', { label }, { token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(2517);
    }
    expect((await world.get('fetch_api_key_list', {}, { token: owner.token })).body.data).toEqual([]);
  });

  it('an account holds at most 20 live keys (2502), also when created in parallel; revoking frees a place', async () => {
    const owner = await world.organiser();
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        world.post('create_api_key', { label: `bot ${i}` }, { token: owner.token }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.body.error?.code === 2502)).toHaveLength(4);
    const list = (await world.get('fetch_api_key_list', {}, { token: owner.token })).body.data;
    expect(list).toHaveLength(20);
    await world.post('revoke_api_key', { id: list[0].id }, { token: owner.token });
    expect((await world.post('create_api_key', { label: 'again' }, { token: owner.token })).status).toBe(200);
  });

  it('another account cannot see or revoke my keys (2517, the key still works); revoking twice is 2517', async () => {
    const owner = await world.organiser();
    const stranger = await world.organiser();
    const { id, key } = (await world.post('create_api_key', { label: 'mine' }, { token: owner.token })).body
      .data;
    expect((await world.get('fetch_api_key_list', {}, { token: stranger.token })).body.data).toEqual([]);
    const refused = await world.post('revoke_api_key', { id: String(id) }, { token: stranger.token });
    expect(refused.body.error.code).toBe(2517);
    expect((await world.post('/api/login', { type: 7, uid: owner.account.id, code: key })).status).toBe(200);
    expect((await world.post('revoke_api_key', { id }, { token: owner.token })).status).toBe(200);
    expect((await world.post('revoke_api_key', { id }, { token: owner.token })).body.error.code).toBe(2517);
  });

  it('every key call needs a session: 401 without one', async () => {
    expect((await world.post('create_api_key', { label: 'x' })).status).toBe(401);
    expect((await world.get('fetch_api_key_list')).status).toBe(401);
    expect((await world.post('revoke_api_key', { id: 1 })).status).toBe(401);
  });

  it('creating and revoking are audited', async () => {
    const owner = await world.organiser();
    const { id } = (await world.post('create_api_key', { label: 'audited' }, { token: owner.token })).body
      .data;
    await world.post('revoke_api_key', { id }, { token: owner.token });
    const rows = await world.database.db.execute(
      `select action, actor_id from audit_log where target_type = 'api_key' and target_id = '${id}' order by id`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'api_key.create', actor_id: owner.account.id },
      { action: 'api_key.revoke', actor_id: owner.account.id },
    ]);
  });
});
