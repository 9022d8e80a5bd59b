// The reference server (compiled) in its own process, optionally with a larger seed:
// `node reference-server.mjs [employers] [companies]`. Prints { url, compileMs, startMs, rssMB } once listening.
import { compiledApi } from '../../dist/src/reference-server/compiled-api.js';
import { startReferenceServer } from '../../dist/src/reference-server/index.js';
import { answerStats } from './measure.mjs';

const [employers, companies] = process.argv.slice(2).map((n) => (n ? Number(n) : undefined));
const seed = employers !== undefined || companies !== undefined ? { employers, companies } : undefined;
const compileStarted = performance.now();
compiledApi(); // once per process, whatever the seed: timed apart so startMs is the seed and listen
const compileMs = performance.now() - compileStarted;
const started = performance.now();
const server = await startReferenceServer({ port: 0, ...(seed ? { seed } : {}) });
const startMs = performance.now() - started;
globalThis.gc?.(); // RSS of what stays, not of seeding garbage
answerStats();
process.stdout.write(
  `${JSON.stringify({ url: server.url, compileMs, startMs, rssMB: process.memoryUsage().rss / 1024 / 1024 })}\n`,
);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
