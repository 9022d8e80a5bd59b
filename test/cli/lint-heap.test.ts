// `restguide lint` holds V8's young generation at its first size for inputs of ordinary size
// (src/cli/lint-heap.ts): when it does, and that V8 honours the flag set at run time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLD_FLAG, HOLD_UP_TO_BYTES, holdsYoungGeneration, localInputBytes } from '../../src/cli/lint-heap.js';
import { PACKAGE_ROOT } from '../../src/core/version.js';

const BIN = join(PACKAGE_ROOT, 'bin/restguide.js');

function folder(files: Record<string, number>): string {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-lint-heap-'));
  for (const [name, size] of Object.entries(files)) writeFileSync(join(dir, name), 'x'.repeat(size));
  mkdirSync(join(dir, 'sub'));
  return dir;
}

describe('localInputBytes: the size of the inputs when each is a local file', () => {
  const dir = folder({ 'a.yaml': 1000, 'b.yaml': 234, 'api (v2).yaml': 5 });

  it('sums the files, relative to cwd or absolute, with names a glob would read as patterns', () => {
    expect(localInputBytes(['a.yaml', join(dir, 'b.yaml'), 'api (v2).yaml'], dir)).toBe(1239);
    expect(localInputBytes([], dir)).toBe(0);
  });

  it.each([
    ['a URL', ['a.yaml', 'https://example.com/api.yaml']],
    ['a glob', ['*.yaml']],
    ['a missing file', ['a.yaml', 'missing.yaml']],
    ['a folder', ['sub']],
    ['a path under a file', ['a.yaml/x.yaml']],
    ['a name too long for the file system', [`${'n'.repeat(5000)}.yaml`]],
  ])('is undefined with %s among them (its size is not known)', (_what, inputs) => {
    expect(localInputBytes(inputs, dir)).toBeUndefined();
  });
});

describe('holdsYoungGeneration', () => {
  const dir = folder({ 'small.yaml': 2000, 'large.yaml': HOLD_UP_TO_BYTES });
  const ours = { execArgv: [], nodeOptions: undefined, script: BIN };

  it('holds for local inputs of up to HOLD_UP_TO_BYTES in all, run by this package\'s bin', () => {
    expect(holdsYoungGeneration(['small.yaml'], dir, ours)).toBe(true);
    expect(holdsYoungGeneration(['large.yaml'], dir, ours)).toBe(true);
    expect(holdsYoungGeneration(['large.yaml', 'small.yaml'], dir, ours)).toBe(false);
    expect(holdsYoungGeneration(['*.yaml'], dir, ours)).toBe(false);
  });

  it('not in a process that is not the bin (a test calling main() in-process)', () => {
    expect(holdsYoungGeneration(['small.yaml'], dir, { ...ours, script: join(PACKAGE_ROOT, 'node_modules/vitest/vitest.mjs') })).toBe(false);
    expect(holdsYoungGeneration(['small.yaml'], dir, { ...ours, script: undefined })).toBe(false);
  });

  it.each([
    [{ execArgv: ['--max-semi-space-size=8'] }],
    [{ execArgv: ['--semi-space-growth-factor=4'] }],
    [{ execArgv: ['--max-heap-size=300'] }],
    [{ nodeOptions: '--max-old-space-size=512 --min-semi-space-size=2' }],
    [{ nodeOptions: '--semi_space_growth_factor=2' }],
  ])('not when the user sized the young generation or its growth: %j', (given) => {
    expect(holdsYoungGeneration(['small.yaml'], dir, { ...ours, ...given })).toBe(false);
  });

  it('the old-space size is not a young-generation size', () => {
    expect(holdsYoungGeneration(['small.yaml'], dir, { ...ours, execArgv: ['--max-old-space-size=4096'] })).toBe(true);
  });
});

describe('the bin on inputs it cannot size', () => {
  it.each([
    ['a path under a file', 'package.json/x.yaml'],
    ['a name too long for the file system', `${'n'.repeat(5000)}.yaml`],
  ])('%s: the lint\'s one-line error and exit 2, no internal error', (_what, input) => {
    const run = spawnSync(process.execPath, [BIN, 'lint', input], { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});

describe('the flag, set at run time', () => {
  // A Node whose V8 stopped reading the growth factor at run time would lint as before, only slower
  // on this machine: this says so instead.
  const survivors = `
    const v8 = require('node:v8');
    if (process.argv[1] === 'hold') v8.setFlagsFromString(${JSON.stringify(HOLD_FLAG)});
    const kept = [];
    for (let i = 0; i < 2e6; i++) kept.push({ i });
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size));`;
  const newSpace = (mode: string) => Number(spawnSync(process.execPath, ['-e', survivors, mode], { encoding: 'utf8', timeout: 60_000 }).stdout);

  it('keeps the young generation at a few MB where V8 grows it to tens of MB', () => {
    const held = newSpace('hold');
    const grown = newSpace('grow');
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(4 * 1024 * 1024);
    // V8 sizes the young generation by the machine's memory (2 × 16 MB from 2 GB on): compare, not a fixed size.
    expect(grown).toBeGreaterThan(4 * held);
  }, 60_000);
});
