// Where the reference server spends its time under load: runs it with --cpu-prof, loads it for a
// bounded time on loopback, and prints the functions with the most self time.
// `node bench/profile-server.mjs [--bare] [path ...]` (default: a document and a collection page);
// --bare profiles the bare node:http baseline instead (replaying the reference's answers to the same
// paths), to see what node itself costs.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, loadTest, startChild } from './lib/measure.mjs';
import { recordResponses, startBare } from './lib/replay.mjs';

const here = new URL('.', import.meta.url).pathname;
const args = process.argv.slice(2);
const bare = args[0] === '--bare';
const paths = args.slice(bare ? 1 : 0).length
  ? args.slice(bare ? 1 : 0)
  : ['/employers/1017', '/employers?pageSize=20'];
const dir = mkdtempSync(join(tmpdir(), 'restguide-profile-'));
const profiling = { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
let server;
if (bare) {
  const reference = await startChild(`${here}lib/reference-server.mjs`);
  try {
    server = await startBare(await recordResponses(reference, paths), profiling);
  } finally {
    await reference.stop();
  }
} else {
  server = await startChild(`${here}lib/reference-server.mjs`, [], profiling);
}
let result;
try {
  result = await loadTest(server, paths, { seconds: 5 });
} finally {
  await server.stop();
}
console.log(
  `${paths.join(' ')}: ${fmt(result.rps)} req/s, ${fmt(result.cpuUsPerRequest, 1)} µs CPU per request; profile in ${dir}`,
);
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  const us = profile.timeDeltas[i] ?? 0;
  self.set(key, (self.get(key) ?? 0) + us);
  if (functionName !== '(idle)') total += us;
});
for (const [key, us] of [...self]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 30)) {
  console.log(`${fmt(us / 1000, 1).padStart(8)} ms ${fmt((100 * us) / total, 1).padStart(5)}%  ${key}`);
}

// Inclusive time of the server's own functions: what each step costs with everything it calls.
const children = new Map(profile.nodes.map((n) => [n.id, n.children ?? []]));
const selfById = new Map();
profile.samples.forEach((id, i) => selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const inclusive = new Map();
const walk = (id, open) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const key = url.includes('reference-server')
    ? `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
    : undefined;
  const fresh = key !== undefined && !open.has(key); // recursion counts once
  if (fresh) open.add(key);
  let sum = selfById.get(id) ?? 0;
  for (const child of children.get(id)) sum += walk(child, open);
  if (fresh) {
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
    open.delete(key);
  }
  return sum;
};
walk(profile.nodes[0].id, new Set());
console.log('\ninclusive, reference server code:');
for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${fmt(us / 1000, 1).padStart(8)} ms ${fmt((100 * us) / total, 1).padStart(5)}%  ${key}`);
}
