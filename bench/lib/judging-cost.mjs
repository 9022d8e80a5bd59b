// What the proxy's judging worker spends per exchange on bench/proxy.mjs's traffic, in this process (never shipped):
// the reference server answers the bench's 7 reads N times (default 3,500), then TrafficJudge judges them in the
// proxy's batches of 500, each read judged every time and repeated reads once (`repeatsOnce`), 3 times each in turn.
// CPU time, not wall time: on a shared machine it is the figure that compares. `node bench/lib/judging-cost.mjs [n]`
// after `node scripts/build.mjs`.
import { CHECKS } from '../../dist/src/checks/index.js';
import { makeResponse } from '../../dist/src/core/engine/exchange.js';
import { startReferenceServer } from '../../dist/src/reference-server/index.js';
import { TrafficJudge } from '../../dist/src/traffic/judge.js';
import { fmt, median } from './measure.mjs';

const PATHS = [
  '/employers?pageSize=5',
  '/employers?pageSize=10&page=2',
  '/companies?pageSize=5',
  '/employers/93017373',
  '/employers?pageSize=3&sort=name',
  '/health',
  '/employers?bankrupt=false&pageSize=5',
];
const N = Number(process.argv[2] ?? 3500);
const server = await startReferenceServer({ port: 0 });
const answers = [];
for (let i = 0; i < N; i++) {
  const url = server.url + PATHS[i % PATHS.length];
  const startedAt = Date.now();
  const response = await fetch(url);
  answers.push({
    url,
    startedAt,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  });
}
await server.close();

/** CPU µs per exchange judging them all; fresh exchanges each time (a body is parsed once per exchange). */
async function judged(repeatsOnce) {
  const exchanges = answers.map(({ url, startedAt, status, headers, text }) => ({
    request: { method: 'GET', url, headers: { host: new URL(url).host, accept: '*/*' } },
    response: makeResponse(status, headers, text, false),
    durationMs: 1,
    startedAt,
  }));
  const before = process.cpuUsage();
  const judge = await TrafficJudge.open(CHECKS, {}, { baseUrl: server.url, batchExchanges: 500, repeatsOnce });
  for (const exchange of exchanges) if (judge.add(exchange)) await judge.judgePending();
  await judge.judgePending();
  const { user, system } = process.cpuUsage(before);
  return { us: (user + system) / N, report: judge.report(), repeats: judge.repeats };
}

const runs = { every: [], once: [] };
let repeats = 0;
for (let round = 0; round < 3; round++) {
  runs.every.push((await judged(false)).us);
  const once = await judged(true);
  runs.once.push(once.us);
  repeats = once.repeats;
}
const every = median(runs.every);
const once = median(runs.once);
console.log(
  `${fmt(N)} exchanges, ${fmt(repeats)} repeats: ${fmt(every)} µs CPU per exchange judging each, ${fmt(once)} µs repeats once (${fmt(once / every, 2)})`,
);
