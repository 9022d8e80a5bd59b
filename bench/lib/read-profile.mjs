// Reads a .cpuprofile (node --cpu-prof): the functions with the most self time, and the inclusive time of
// the functions whose file matches a pattern. `node bench/lib/read-profile.mjs <file> [pattern] [n]`.
// Used on the proxy: `PROXY_PROF_DIR=/tmp/prof PROXY_DELAYED=0 node bench/run.js proxy`, then this on each
// file written there (one for the forwarding thread, one for the judging worker).
import { readFileSync } from 'node:fs';
import { fmt } from './measure.mjs';

const [file, pattern = 'restguide', n = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: node read-profile.mjs <file.cpuprofile> [pattern] [n]');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const name = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
const selfById = new Map();
profile.samples.forEach((id, i) => selfById.set(id, (selfById.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const self = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfById) {
  const key = name(nodes.get(id).callFrame);
  self.set(key, (self.get(key) ?? 0) + us);
  if (nodes.get(id).callFrame.functionName === '(idle)') idle += us;
  else total += us;
}
const line = (us, key) => `${fmt(us / 1000, 1).padStart(9)} ms ${fmt((100 * us) / total, 1).padStart(5)}%  ${key}`;
console.log(`${file}: ${fmt(total / 1000)} ms busy, ${fmt(idle / 1000)} ms idle\nself time:`);
for (const [key, us] of [...self]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, +n))
  console.log(line(us, key));

// Inclusive: each matching function with everything it calls (recursion counted once).
const inclusive = new Map();
const walk = (id, open) => {
  const node = nodes.get(id);
  const key = node.callFrame.url.includes(pattern) ? name(node.callFrame) : undefined;
  const fresh = key !== undefined && !open.has(key);
  if (fresh) open.add(key);
  let sum = selfById.get(id) ?? 0;
  for (const child of node.children ?? []) sum += walk(child, open);
  if (fresh) {
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
    open.delete(key);
  }
  return sum;
};
walk(profile.nodes[0].id, new Set());
console.log(`\ninclusive, files matching "${pattern}":`);
for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, +n)) console.log(line(us, key));
