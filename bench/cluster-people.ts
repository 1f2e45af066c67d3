/**
 * The people of `bench:cluster`, run in a worker thread of the benchmark (not in a server's process): each person
 * opens a real player link to the server given for them, authenticates, enters the season's lobby, says it is
 * ready, and then answers every decision after a random 1–3 s, as a person does: on its own draw it discards the
 * drawn tile, any other offer (a call, a win on another's discard) it passes. For each answer it notes the time
 * until the table's next message on that link: the decision latency a person feels.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

/** One person: the link address of the process it talks to, its session token, its own loopback address. */
export interface Person {
  url: string;
  token: string;
  localAddress: string;
}

export interface PeopleData {
  people: Person[];
  season: { unique_id: number; season_id: number };
  /** Links opened per second (the ramp), in this thread. */
  openPerSecond: number;
  answerMinMs: number;
  answerMaxMs: number;
}

/** Benchmark → people. */
export type ToPeople = { op: 'measure' } | { op: 'collect' } | { op: 'close' };

export interface PeopleCounts {
  /** Links that authenticated, entered and are ready. */
  ready: number;
  /** Links whose table started (`game_start`). */
  seated: number;
  /** Links that ended (`game_end`) or were closed. */
  gameEnds: number;
  closed: number;
  /** `error` answers by code. */
  errors: Record<string, number>;
}

/** People → benchmark. */
export type FromPeople =
  | ({ kind: 'progress' } & PeopleCounts)
  | ({
      kind: 'collected';
      /** Milliseconds from an answer to the table's next message on that link, since `measure`. */
      latencies: number[];
      /** What each of those next messages was (the game message's kind, e.g. `dapai`, `qipai`, or the op). */
      kinds: string[];
      /** When each was noted (ms since `measure`). */
      at: number[];
      /** Messages received and answers sent since `measure`. */
      messages: number;
      answers: number;
      seconds: number;
      /** This thread's own event-loop delay p99 and max (ms): a busy client would inflate the latencies. */
      clientLagP99: number;
      clientLagMax: number;
    } & PeopleCounts)
  | { kind: 'closed' };

type Msg = {
  op: string;
  code?: number;
  game_uuid?: string;
  msg?: { zimo?: { p?: string } } & Record<string, unknown>;
  ask?: { id: number } | null;
};

const data = workerData as PeopleData;
const port = parentPort;
if (!port) throw new Error('the people run in a worker thread');

const counts: PeopleCounts = { ready: 0, seated: 0, gameEnds: 0, closed: 0, errors: {} };
let measuring = false;
let measureStart = 0;
let latencies: number[] = [];
let kinds: string[] = [];
let at: number[] = [];
let messages = 0;
let answers = 0;
const lag = monitorEventLoopDelay({ resolution: 10 });
const sockets: WebSocket[] = [];
const timers = new Set<ReturnType<typeof setTimeout>>();
let closing = false;

function play(person: Person): void {
  const ws = new WebSocket(person.url, { localAddress: person.localAddress, perMessageDeflate: false });
  sockets.push(ws);
  /** When the last answer was sent, until the next message arrives. */
  let answeredAt = 0;
  ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token: person.token })));
  ws.on('message', (raw) => {
    const now = performance.now();
    const m = JSON.parse(String(raw)) as Msg;
    if (answeredAt) {
      if (measuring) {
        latencies.push(now - answeredAt);
        kinds.push(m.op === 'game_message' && m.msg ? (Object.keys(m.msg)[0] ?? m.op) : m.op);
        at.push(now - measureStart);
      }
      answeredAt = 0;
    }
    if (measuring) messages++;
    switch (m.op) {
      case 'authed':
        ws.send(JSON.stringify({ op: 'enter', ...data.season }));
        return;
      case 'entered':
        ws.send(JSON.stringify({ op: 'ready', ready: true }));
        return;
      case 'ready':
        counts.ready++;
        return;
      case 'game_start':
        counts.seated++;
        return;
      case 'game_end':
        counts.gameEnds++;
        return;
      case 'error':
        counts.errors[String(m.code)] = (counts.errors[String(m.code)] ?? 0) + 1;
        return;
      case 'game_message': {
        const ask = m.ask;
        if (!ask || closing) return;
        // Discarding the drawn tile is always legal on one's own draw; passing is always legal on an offer.
        const drawn = m.msg?.zimo?.p;
        const reply = drawn ? { dapai: `${drawn}_` } : {};
        const frame = JSON.stringify({ op: 'answer', game_uuid: m.game_uuid, ask_id: ask.id, reply });
        const delay = data.answerMinMs + Math.random() * (data.answerMaxMs - data.answerMinMs);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (ws.readyState !== ws.OPEN) return;
          ws.send(frame);
          answeredAt = performance.now();
          if (measuring) answers++;
        }, delay);
        timers.add(timer);
        return;
      }
      default:
        return;
    }
  });
  ws.on('error', () => {});
  ws.on('close', () => {
    counts.closed++;
  });
}

// The ramp: links open at a steady pace, so that the tables start spread out as people arrive.
let next = 0;
const perTick = Math.max(1, Math.round(data.openPerSecond / 10));
const opener = setInterval(() => {
  for (let k = 0; k < perTick && next < data.people.length; k++) play(data.people[next++]);
  if (next >= data.people.length) clearInterval(opener);
}, 100);

const progress = setInterval(
  () => port.postMessage({ kind: 'progress', ...counts } satisfies FromPeople),
  1000,
);

port.on('message', (message: ToPeople) => {
  switch (message.op) {
    case 'measure':
      measuring = true;
      measureStart = performance.now();
      latencies = [];
      kinds = [];
      at = [];
      messages = 0;
      answers = 0;
      lag.reset();
      lag.enable();
      return;
    case 'collect':
      lag.disable();
      port.postMessage({
        kind: 'collected',
        latencies,
        kinds,
        at,
        messages,
        answers,
        seconds: (performance.now() - measureStart) / 1000,
        clientLagP99: lag.percentile(99) / 1e6,
        clientLagMax: lag.max / 1e6,
        ...counts,
      } satisfies FromPeople);
      measuring = false;
      return;
    case 'close':
      closing = true;
      clearInterval(opener);
      clearInterval(progress);
      for (const timer of timers) clearTimeout(timer);
      for (const ws of sockets) ws.terminate();
      port.postMessage({ kind: 'closed' } satisfies FromPeople);
      return;
  }
});
