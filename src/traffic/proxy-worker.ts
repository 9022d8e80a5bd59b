// The judging half of `restguide proxy`, in a worker thread: forwarding never waits for a judgment.
import { parentPort, workerData } from 'node:worker_threads';
import { CHECKS } from '../checks/index.js';
import { makeResponse } from '../core/exchange.js';
import { Redactor } from '../core/secrets.js';
import { TrafficJudge } from './judge.js';
import type { FromJudge, JudgeSetup, ToJudge } from './proxy-messages.js';

const port = parentPort;
if (!port) throw new Error('proxy-worker runs as a worker thread');
const setup = workerData as JudgeSetup;
const post = (message: FromJudge): void => port.postMessage(message);

const judge = await TrafficJudge.open(CHECKS, setup.profile, {
  baseUrl: setup.baseUrl,
  batchExchanges: setup.batchExchanges,
  ...(setup.only ? { only: setup.only } : {}),
  ...(setup.skip ? { skip: setup.skip } : {}),
  ...(setup.contract ? { contract: setup.contract } : {}),
  redactor: new Redactor().addHeaderValues(setup.headers),
  onFinding: (result) => post({ kind: 'finding', result }),
});
let processed = 0;
let idle: NodeJS.Timeout | undefined;
// One judging at a time; exchanges that come meanwhile wait in the port's queue, which the main thread bounds.
let judging: Promise<void> = Promise.resolve();
// After each batch the worker rests as long as the batch took: judging takes at most half a core from
// forwarding, and what it cannot keep up with is dropped by the main thread (docs/performance.md#the-judging-proxy).
const judgeNow = (rest = true): Promise<void> =>
  (judging = judging.then(async () => {
    const started = performance.now();
    await judge.judgePending();
    post({ kind: 'processed', count: processed });
    if (rest) await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
  }));

port.on('message', (message: ToJudge) => {
  if (message.kind === 'exchange') {
    const { request, response, durationMs } = message;
    processed++;
    const full = judge.add({
      request,
      response: makeResponse(response.status, response.headers, response.text, response.truncated),
      durationMs,
    });
    clearTimeout(idle);
    // A full batch now; a partial one once the traffic pauses, so findings show while it is quiet.
    if (full) void judgeNow();
    else idle = setTimeout(() => void judgeNow(), setup.idleMs);
    if (processed % 200 === 0) post({ kind: 'processed', count: processed });
  } else if (message.kind === 'report') {
    clearTimeout(idle);
    void judgeNow(false).then(() =>
      post({ kind: 'report', id: message.id, report: judge.report(), counts: judge.counts }),
    );
  }
});
post({ kind: 'ready' });
