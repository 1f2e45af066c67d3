import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdentity } from './support/api';
import { type BrowserSession, closeAndScreenshotFailures, openBrowser } from './support/browser';
import { chooseLanguage, dialogWith, eventually, expectNoRawKeys, textOf } from './support/console';
import {
  addToRoster,
  closeAll,
  playRobotTables,
  registerPlayers,
  ScriptedPlayer,
  startSeasonNow,
} from './support/games';
import { openSignedIn, organiserWithTournament } from './support/people';

// An organiser registers a webhook to a receiver on 127.0.0.1 (started here; no other address is ever used),
// keeps its secret, sends a test, and sees the signed delivery in the log; then a game of the tournament ends,
// and the receiver gets its signed "game finished".

const DAY = 86_400;

describe('webhooks, in the browser', () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let server: Server;
  let receiverUrl = '';
  let token = '';
  let contestId = 0;
  let ids = { uniqueId: 0, seasonId: 0 };
  let secret = '';
  let session: BrowserSession;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/taikai`;
    const now = Math.floor(Date.now() / 1000);
    const created = await organiserWithTournament(newIdentity('hooks'), {
      name: (who) => `Hook Cup ${who.nickname.slice(-4)}`,
      start: now + 2 * DAY,
      end: now + 30 * DAY,
    });
    token = created.token;
    contestId = created.contest_id;
    ids = { uniqueId: created.unique_id, seasonId: created.season_id };
    session = await openBrowser('webhooks');
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  closeAndScreenshotFailures(() => session);

  it('registers a webhook from the Webhooks tab and shows its secret once', async () => {
    const { page } = session;
    await openSignedIn(page, token, `/contest/${contestId}`);
    await chooseLanguage(page, 'en');
    await page.getByTestId('contest-tab-webhooks').click();
    await page.waitForURL('**/webhooks');
    await page.getByTestId('webhooks-tab').getByText('No webhooks yet').waitFor();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByTestId('webhook-event-season_ended').click();
    await page.getByTestId('webhook-save').click();
    await dialogWith(page, 'webhook-secret');
    secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await session.screenshot('01-secret-en');
    await page.getByTestId('webhook-secret-done').click();
    await page.getByTestId('webhook-secret').waitFor({ state: 'hidden' });
    const row = page.getByTestId('webhooks-tab').locator('tbody tr').filter({ hasText: receiverUrl });
    await row.waitFor();
    expect(await row.innerText()).toContain('Game finished');
    expect(await row.innerText()).toContain('Season ended');
    expect(await row.innerText()).not.toContain(secret);
    await expectNoRawKeys(page);
  });

  it('a test-send reaches the receiver signed and shows in the delivery log', async () => {
    const { page } = session;
    await page.getByTestId('webhook-test').click();
    const ping = await eventually(
      async () => received.at(-1),
      (r) => r !== undefined,
      'the test delivery',
    );
    expect(ping!.headers['x-taikai-event']).toBe('ping');
    const expected = `sha256=${createHmac('sha256', secret).update(ping!.body).digest('hex')}`;
    expect(ping!.headers['x-taikai-signature']).toBe(expected);
    const log = page.getByTestId('webhook-deliveries');
    const entry = log.getByTestId('webhook-delivery-ping');
    await entry.waitFor();
    expect(await textOf(entry.getByTestId('webhook-delivery-status'))).toBe('Delivered');
    expect(await textOf(entry.getByTestId('webhook-delivery-response'))).toContain('204');
    await session.screenshot('02-delivery-log-en');
  });

  it('a game of the tournament ends: the receiver gets its signed "game finished", shown in the log', async () => {
    const players = await registerPlayers('hkpl', 2);
    await addToRoster(token, ids, players);
    await startSeasonNow(token, ids);
    const links = await Promise.all(players.map((p) => ScriptedPlayer.connect(p, ids, { delayMs: 0 })));
    let uuid = '';
    try {
      await Promise.all(links.map((l) => l.ready()));
      [{ uuid }] = await playRobotTables(token, ids, [[players[0], players[1]]], 1);
    } finally {
      closeAll(links);
    }
    const finished = await eventually(
      async () => received.find((r) => r.headers['x-taikai-event'] === 'game_finished'),
      (r) => r !== undefined,
      'the game-finished delivery',
    );
    const expected = `sha256=${createHmac('sha256', secret).update(finished!.body).digest('hex')}`;
    expect(finished!.headers['x-taikai-signature']).toBe(expected);
    const body = JSON.parse(finished!.body) as { event: string; data: { uuid?: string; game_uuid?: string } };
    expect(body.event).toBe('game_finished');
    expect(JSON.stringify(body.data)).toContain(uuid);
    const { page } = session;
    await page.reload();
    await page.getByTestId('webhook-show-deliveries').click();
    const entry = page.getByTestId('webhook-deliveries').getByTestId('webhook-delivery-game_finished');
    await entry.waitFor();
    expect(await textOf(entry.getByTestId('webhook-delivery-status'))).toBe('Delivered');
    await session.screenshot('03-game-finished-en');
  });
});
