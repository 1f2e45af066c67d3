import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorld, type World } from '../support/world';

// With SMTP_HOST set, codes go out over SMTP (and still to the outbox).

let smtp: Server;
let port = 0;
const received: { from: string; to: string[]; data: string }[] = [];

/** A minimal SMTP server: enough of RFC 5321 for one plain-text mail per session. */
function startSmtp(): Promise<void> {
  smtp = createServer((socket) => {
    socket.setEncoding('utf8');
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      port = (smtp.address() as { port: number }).port;
      resolve();
    }),
  );
}

let world: World;
beforeAll(async () => {
  await startSmtp();
  world = await startWorld({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_FROM: 'taikai <desk@example.test>',
  });
});
afterAll(async () => {
  await world.close();
  smtp.close();
});

it('the verification code is sent over SMTP to the address', async () => {
  const res = await world.post('/api/send_code', { email: 'smtp.user@example.test', purpose: 'register' });
  expect(res.status).toBe(200);
  // The pages may say that a mail was sent: it was.
  expect(res.body.data.delivery).toBe('mail');
  expect((await world.get('fetch_register_setting')).body.data.verification).toBe('mail');
  const code = (await world.lastMail('smtp.user@example.test'))!.code!;
  expect(received).toHaveLength(1);
  expect(received[0].from).toContain('desk@example.test');
  expect(received[0].to.join()).toContain('smtp.user@example.test');
  expect(received[0].data).toContain(code);
});
