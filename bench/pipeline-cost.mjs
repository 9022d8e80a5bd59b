// The reference server's own per-request cost, without sockets: handleRequest called in-process with a
// minimal request and a response that only records what it is given. What is left of a server's CPU per
// request beyond this is node:http and the kernel, which the bare baseline pays too.
// `node bench/pipeline-cost.mjs [path ...]` (after `npx tsc -p .`).
import { compiledApi } from '../dist/src/reference-server/compiled-api.js';
import { handleRequest } from '../dist/src/reference-server/pipeline.js';
import { Router } from '../dist/src/reference-server/router.js';
import { ROUTES } from '../dist/src/reference-server/routes.js';
import { Store } from '../dist/src/reference-server/store/store.js';
import { fmt, median } from './lib/measure.mjs';

const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/employers/1017', '/employers?pageSize=20', '/employers?page=2&pageSize=20', '/employers'];
const basePath = '/registry/v1';
const options = {
  basePath,
  router: new Router(ROUTES),
  operations: compiledApi().operations,
  store: new Store(),
  taskDelayMs: 0,
  publicBase: () => 'http://127.0.0.1:1/registry/v1',
};
const sink = { status: 0, bytes: 0 };
const response = () => ({
  writeHead(status) {
    sink.status = status;
    return this;
  },
  end(payload) {
    sink.bytes += payload?.length ?? 0;
  },
});

async function run(path, n) {
  const req = { url: basePath + path, method: 'GET', headers: { host: '127.0.0.1:40000' } };
  const started = performance.now();
  for (let i = 0; i < n; i++) await handleRequest(req, response(), options);
  const us = ((performance.now() - started) * 1000) / n;
  if (sink.status !== 200) throw new Error(`GET ${path} answered ${sink.status}`);
  return us;
}

for (const path of paths) {
  await run(path, 20_000); // warm up: optimised code, caches filled
  const samples = [];
  for (let round = 0; round < 5; round++) samples.push(await run(path, 20_000));
  console.log(`${fmt(median(samples), 2).padStart(7)} µs  GET ${path}`);
}
