// belgif's published OpenAPI files (src/main/openapi of each belgif/openapi-* repository) must lint
// with no finding. Their $refs name each other's files as belgif's build unpacks them side by side
// (../../problem/v1/problem-v1.yaml), so the trees are copied into one before linting.
// Not part of npm test (the files are not ours). Exits 1 when the lint engine's accelerated mode
// fell back to its stock path on any file (`lint --verbose`: docs/architecture.md#the-lint-engine).
// Usage: node scripts/belgif-published.mjs <folder holding the openapi-* checkouts>
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node scripts/belgif-published.mjs <folder holding the openapi-* checkouts>');
  process.exit(2);
}
const bin = new URL('../bin/restguide.js', import.meta.url).pathname;
const merged = mkdtempSync(join(tmpdir(), 'belgif-published-'));
try {
  for (const repo of readdirSync(folder)
    .filter((name) => /openapi-/.test(name))
    .sort()) {
    const source = join(folder, repo, 'src/main/openapi');
    if (existsSync(source)) cpSync(source, merged, { recursive: true });
  }
  const files = readdirSync(merged, { recursive: true })
    .map(String)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  let total = 0;
  let fellBack = 0;
  for (const file of files) {
    const result = spawnSync(process.execPath, [bin, 'lint', join(merged, file), '-f', 'json', '--verbose'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0 && result.status !== 1) throw new Error(`${file}: exit ${result.status}: ${result.stderr}`);
    const { stdout, stderr } = result;
    if (!/lint engine: accelerated, 0 fallbacks/.test(stderr)) {
      fellBack++;
      console.log(`FALLBACK ${file}: ${stderr.slice(stderr.indexOf('lint engine')).trim()}`);
    }
    const findings = JSON.parse(stdout);
    total += findings.length;
    console.log(`${findings.length} ${relative(merged, join(merged, file))}`);
    for (const f of findings)
      console.log(`    ${f.code} ${relative(merged, f.source)}:${f.range.start.line + 1} ${f.message}`);
  }
  console.log(`${total} findings in ${files.length} files; the lint engine fell back on ${fellBack}`);
  if (fellBack > 0) process.exitCode = 1;
} finally {
  rmSync(merged, { recursive: true, force: true });
}
