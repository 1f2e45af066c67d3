import {
  CreateContestRes,
  DeleteContestRes,
  DevOutboxRes,
  FetchAccountInfoRes,
  FetchAnnouncementRes,
  FetchContestDetailRes,
  FetchContestListRes,
  LoginRes,
  LogoutRes,
  RegisterRes,
  SendCodeRes,
  ServerTimeRes,
  UpdateContestBaseRes,
} from '@taikai/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import * as operator from '../../src/domains/accounts/operator';
import { type Reply, startWorld, type World } from '../support/world';

// Every answer parses with the protocol response schema the console reads it with.

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

function conforms(schema: z.ZodType, reply: Reply) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const parsed = schema.safeParse(reply.body.data);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
}

it('every call answers the shape of its protocol schema', async () => {
  const email = 'contract@example.test';
  conforms(SendCodeRes, await world.post('/api/send_code', { email, purpose: 'register' }));
  conforms(DevOutboxRes, await world.get('/api/dev/outbox', { email }));
  const code = (await world.lastMail(email))!.code;
  const registered = await world.post('/api/register', {
    email,
    password: 'hunter22',
    nickname: 'Contract',
    code,
  });
  conforms(RegisterRes, registered);
  const login = await world.post('/api/login', { account: email, password: 'hunter22', type: 0 });
  conforms(LoginRes, login);
  const token = login.body.data.token;
  await operator.adjustCurrency(world.opCtx(), email, 60);
  await operator.announce(world.opCtx(), { lang: 'en', title: 'Hi', content: 'There' });

  conforms(FetchAccountInfoRes, await world.get('fetch_account_info', {}, { token }));
  conforms(ServerTimeRes, await world.get('server_time'));
  conforms(FetchAnnouncementRes, await world.get('fetch_announcement', { language: 'en' }));
  const created = await world.post('create_contest', world.contestBody(), { token });
  conforms(CreateContestRes, created);
  const { unique_id } = created.body.data;
  conforms(FetchContestListRes, await world.get('fetch_contest_list', {}, { token }));
  conforms(FetchContestDetailRes, await world.get('fetch_contest_detail', { unique_id }, { token }));
  conforms(
    UpdateContestBaseRes,
    await world.post('update_contest_base', { unique_id, setting: { open_show: 0 } }, { token }),
  );
  conforms(DeleteContestRes, await world.post('delete_contest', { unique_id }, { token }));
  conforms(LogoutRes, await world.post('/api/logout', {}, { token }));
});
