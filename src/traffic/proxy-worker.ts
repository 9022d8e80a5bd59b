// The judging half of `restguide proxy`, in a worker thread: forwarding never waits for a judgment.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { CHECKS } from '../checks/index.js';
import { Redactor } from '../core/report/secrets.js';
import { TrafficJudge } from './judge.js';
import { ExchangeReader } from './proxy-exchange.js';
import type { ExchangeCopy, FromJudge, JudgeSetup, ToJudge } from './proxy-messages.js';

const port = parentPort;
if (!port) throw new Error('proxy-worker runs as a worker thread');
const setup = workerData as JudgeSetup;
const post = (message: FromJudge): void => port.postMessage(message);
/** Where the proxy listens is told by the forwarding thread once it listens: its links are the API's too. */
const reader = new ExchangeReader(setup.baseUrl);

// Judging takes only CPU time the forwarding, the upstream and the clients leave: this thread at the lowest
// priority. Linux gives each thread its own nice value (by its id, from /proc); elsewhere the pacing below
// alone keeps judging to at most half a core.
let niced = false;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
  niced = true;
} catch {
  // Not Linux, or no /proc: paced only.
}

const judge = await TrafficJudge.open(CHECKS, setup.profile, {
  baseUrl: setup.baseUrl,
  batchExchanges: setup.batchExchanges,
  repeatsOnce: setup.repeatsOnce !== false,
  ...(setup.only ? { only: setup.only } : {}),
  ...(setup.skip ? { skip: setup.skip } : {}),
  ...(setup.contract ? { contract: setup.contract } : {}),
  redactor: new Redactor().addHeaderValues(setup.headers),
  onFinding: (result) => post({ kind: 'finding', result }),
});

// Exchanges received and not yet judged; the forwarding thread keeps them at most MAX_BACKLOG, counting
// `processed` as judged here, and drops beyond.
const waiting: ExchangeCopy[] = [];
let processed = 0;
let pumping = false;
/** Judge a partial batch too: the traffic paused, or a report was asked for. */
let partial = false;
const reportIds: number[] = [];
let idle: NodeJS.Timeout | undefined;

// Where the thread could not be niced, after each batch the worker rests as long as the batch took: judging
// takes at most half a core from forwarding. What judging cannot keep up with is dropped by the main thread
// (docs/performance.md#the-judging-proxy).
async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  try {
    while (waiting.length >= setup.batchExchanges || (partial && waiting.length > 0)) {
      const started = performance.now();
      const taken = waiting.splice(0, setup.batchExchanges);
      for (const copy of taken) if (judge.add(reader.read(copy))) await judge.judgePending();
      await judge.judgePending();
      processed += taken.length;
      post({ kind: 'processed', count: processed });
      if (!niced && reportIds.length === 0)
        await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
    }
    partial = false;
    for (const id of reportIds.splice(0)) post({ kind: 'report', id, report: judge.report(), counts: judge.counts });
  } finally {
    pumping = false;
  }
  // Exchanges that came while the last batch was judged, a partial batch: judged once the traffic pauses.
  if (waiting.length > 0) wait();
}

/** A partial batch is judged once no exchange came for idleMs, so findings show while it is quiet. */
function wait(): void {
  clearTimeout(idle);
  idle = setTimeout(() => {
    partial = true;
    void pump();
  }, setup.idleMs);
}

port.on('message', (message: ToJudge) => {
  if (message.kind === 'aliases') reader.setListening(message.origins);
  else if (message.kind === 'exchanges') {
    for (const copy of message.exchanges) waiting.push(copy);
    wait();
    void pump();
  } else if (message.kind === 'report') {
    clearTimeout(idle);
    reportIds.push(message.id);
    partial = true;
    void pump();
  }
});
post({ kind: 'ready' });
