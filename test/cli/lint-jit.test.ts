// `restguide lint` leaves out TurboFan's inlining (src/cli/lint-jit.ts): when it does, that V8
// honours the flag set at run time, and that the bin sets it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leavesOutInlining, NO_INLINING_FLAG } from '../../src/cli/lint-jit.js';
import { PACKAGE_ROOT } from '../../src/core/version.js';
import { generateLargeDocument } from '../../bench/lib/large-document.mjs';

const BIN = join(PACKAGE_ROOT, 'bin/restguide.js');

/** How many functions V8 inlined, as --trace-turbo-inlining prints them (one line each, on stdout). */
const inlinings = (stdout: string): number => stdout.split('\n').filter((line) => line.startsWith('Inlining ')).length;

describe('leavesOutInlining', () => {
  const ours = { execArgv: [], nodeOptions: undefined, script: BIN };

  it('in the process of this package\'s bin, whatever the inputs', () => {
    expect(leavesOutInlining(ours)).toBe(true);
    expect(leavesOutInlining({ ...ours, execArgv: ['--max-old-space-size=4096', '--trace-turbo-inlining'] })).toBe(true);
  });

  it('not in a process that is not the bin (a test or a library calling main())', () => {
    expect(leavesOutInlining({ ...ours, script: join(PACKAGE_ROOT, 'node_modules/vitest/vitest.mjs') })).toBe(false);
    expect(leavesOutInlining({ ...ours, script: undefined })).toBe(false);
  });

  it.each([
    [{ execArgv: ['--turbo-inlining'] }],
    [{ execArgv: ['--no-turbo-inlining'] }],
    [{ execArgv: ['--turbo_inlining'] }],
    [{ nodeOptions: '--max-old-space-size=512 --turbo-inlining' }],
    [{ nodeOptions: '--no_turbo_inlining' }],
  ])('not when the user chose inlining themselves: %j', (given) => {
    expect(leavesOutInlining({ ...ours, ...given })).toBe(false);
  });
});

describe('the flag, set at run time', () => {
  // A Node whose V8 stopped reading the flag at run time would lint as before, only slower: this says so.
  const hot = `
    if (process.argv[1] === 'off') require('node:v8').setFlagsFromString(${JSON.stringify(NO_INLINING_FLAG)});
    const add = (a, b) => a + b;
    function sum(n) { let s = 0; for (let i = 0; i < n; i++) s = add(s, i); return s; }
    let total = 0;
    for (let k = 0; k < 200; k++) total += sum(10000);
    console.log(total > 0);`;
  const traced = (mode: string) => spawnSync(process.execPath, ['--trace-turbo-inlining', '-e', hot, mode], { encoding: 'utf8', timeout: 60_000 }).stdout;

  it('stops V8 inlining a hot call it inlines otherwise', () => {
    expect(inlinings(traced('on'))).toBeGreaterThan(0);
    expect(inlinings(traced('off'))).toBe(0);
  }, 60_000);
});

describe('the bin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-lint-jit-'));
  const document = join(dir, 'large.json');
  writeFileSync(document, JSON.stringify(generateLargeDocument(60))); // 200 kB: enough for TurboFan to optimize
  const lint = (nodeArgs: string[], report: string) =>
    spawnSync(process.execPath, ['--trace-turbo-inlining', ...nodeArgs, BIN, 'lint', document, '--format', 'json', '--output', report, '--quiet'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });

  it('lints without inlining, and with it when the user asks for it; the findings are the same', () => {
    const plain = lint([], join(dir, 'plain.json'));
    const asked = lint(['--turbo-inlining'], join(dir, 'asked.json'));
    expect([plain.status, asked.status]).toEqual([1, 1]);
    // The flag is set when the lint starts: a function V8 optimized while the CLI was starting may
    // have inlined a few (seen: 6 on a loaded machine, against some 200 with inlining).
    expect(inlinings(asked.stdout)).toBeGreaterThan(20);
    expect(inlinings(plain.stdout)).toBeLessThan(inlinings(asked.stdout) / 4);
    const findings = (report: string) => readFileSync(join(dir, report), 'utf8');
    expect(JSON.parse(findings('plain.json')).length).toBeGreaterThan(0);
    expect(findings('plain.json')).toBe(findings('asked.json'));
  }, 60_000);
});
