// The spectators of `bench:spectators`, in a worker thread of their own (as remote browsers would be, their reading
// is not the server's work): opens `count` spectator streams of one game, says when every one has had its
// `hello` ({kind:'open'}), reads them to their end and says what the first one received ({kind:'done'}).
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, count } = workerData;

/** One stream: `hello` settles at its first bytes, `ended` with what it received once it ends. */
function spectate() {
  let helloSeen;
  const hello = new Promise((resolve) => {
    helloSeen = resolve;
  });
  const ended = (async () => {
    const res = await fetch(url, {
      headers: { authorization: `Majsoul ${token}`, accept: 'text/event-stream' },
    });
    if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
      throw new Error(`spectate_game: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const seen = { events: 0, bytes: 0 };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return seen;
      seen.bytes += value.length;
      const text = decoder.decode(value, { stream: true });
      for (let i = text.indexOf('data: '); i >= 0; i = text.indexOf('data: ', i + 1)) seen.events++;
      helloSeen();
    }
  })();
  ended.catch((error) => parentPort.postMessage({ kind: 'error', error: String(error) }));
  return { hello, ended };
}

const streams = [];
for (let i = 0; i < count; i += 50) {
  const batch = Array.from({ length: Math.min(50, count - i) }, spectate);
  streams.push(...batch);
  await Promise.all(batch.map((s) => s.hello));
}
parentPort.postMessage({ kind: 'open' });
const seen = await Promise.all(streams.map((s) => s.ended));
parentPort.postMessage({ kind: 'done', first: seen[0] ?? { events: 0, bytes: 0 } });
