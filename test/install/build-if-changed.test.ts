// scripts/build.mjs --if-changed (npm's `prepare`) builds once per set of inputs: a fresh clone
// builds, a second prepare of the same sources skips, and any changed input builds again. Run on a
// copy of the script in a small project whose patch, tsc and bundle steps only count their runs; the
// patches go into node_modules on every run, built or skipped (a fresh `npm ci` keeps dist/).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-build-'));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules'));
  cpSync(join(ROOT, 'scripts/build.mjs'), join(dir, 'scripts/build.mjs'));
  mkdirSync(join(dir, 'node_modules/typescript/bin'), { recursive: true });
  writeFileSync(join(dir, 'node_modules/typescript/package.json'), '{ "name": "typescript", "version": "0.0.0" }\n');
  writeFileSync(
    join(dir, 'node_modules/typescript/bin/tsc'),
    "require('node:fs').appendFileSync('tsc-runs.txt', 'x');\n",
  );
  writeFileSync(join(dir, 'package.json'), '{ "name": "fixture", "version": "1.0.0", "type": "module" }\n');
  writeFileSync(join(dir, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
  writeFileSync(join(dir, 'tsconfig.json'), '{}\n');
  writeFileSync(join(dir, 'src/main.ts'), 'export const answer: number = 42;\n');
  writeFileSync(
    join(dir, 'scripts/apply-patches.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      "export function applyPatches() { appendFileSync('patch-runs.txt', 'x'); return []; }",
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'scripts/bundle.mjs'),
    [
      "import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';",
      "mkdirSync('dist/bundle', { recursive: true });",
      "for (const file of ['restguide.js', 'ruleset.js']) writeFileSync(`dist/bundle/${file}`, '');",
      "appendFileSync('bundle-runs.txt', 'x');",
    ].join('\n'),
  );
  return dir;
}

function build(dir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(dir, 'scripts/build.mjs'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  const runs = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8').length : 0);
  expect(runs('tsc-runs.txt')).toBe(runs('bundle-runs.txt'));
  return { stdout: result.stdout, runs: runs('bundle-runs.txt'), patched: runs('patch-runs.txt') };
}

describe('scripts/build.mjs --if-changed', () => {
  it('builds a fresh checkout, skips the same inputs, and builds again when any input changes', () => {
    const dir = project();
    expect(build(dir, '--if-changed').runs).toBe(1);

    const again = build(dir, '--if-changed');
    expect(again.runs).toBe(1);
    expect(again.stdout).toContain('build skipped');
    expect(again.patched).toBe(2);

    writeFileSync(join(dir, 'src/main.ts'), 'export const answer: number = 43;\n');
    expect(build(dir, '--if-changed').runs).toBe(2);

    writeFileSync(join(dir, 'package-lock.json'), '{ "lockfileVersion": 3, "packages": {} }\n');
    expect(build(dir, '--if-changed').runs).toBe(3);
    mkdirSync(join(dir, 'patches'));
    writeFileSync(join(dir, 'patches/some.patch'), '--- a\n+++ b\n');
    expect(build(dir, '--if-changed').runs).toBe(4);
    expect(build(dir, '--if-changed').runs).toBe(4);
  }, 30_000);

  it('builds without the flag (npm run build, prepack), and when the bundle is gone', () => {
    const dir = project();
    expect(build(dir, '--if-changed').runs).toBe(1);
    expect(build(dir).runs).toBe(2);
    writeFileSync(join(dir, 'unrelated.md'), 'not an input\n');
    expect(build(dir, '--if-changed').runs).toBe(2);
    rmSync(join(dir, 'dist/bundle'), { recursive: true });
    expect(build(dir, '--if-changed').runs).toBe(3);
  }, 30_000);
});
