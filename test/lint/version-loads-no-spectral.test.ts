// `restguide --version` must stay cheap: it must not load Spectral. A preload records every
// CommonJS module in the process (Spectral is CommonJS) when it exits.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/core/version.js';

const BIN = join(PACKAGE_ROOT, 'bin/restguide.js');
const PRELOAD = `data:text/javascript,${encodeURIComponent(
  "import { createRequire } from 'node:module';" +
  "const req = createRequire('/');" +
  "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(Object.keys(req.cache).filter((f) => f.includes('@stoplight'))) + '\\n'));",
)}`;

function loadedStoplightModules(args: string[]): string[] {
  const run = spawnSync(process.execPath, ['--import', PRELOAD, BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (!line) throw new Error(`no module list: ${run.stderr}`);
  return JSON.parse(line.slice('LOADED '.length)) as string[];
}

describe('restguide --version', () => {
  beforeAll(() => {
    // Built by `npm run build` (CI builds before testing); build here when missing.
    if (!existsSync(join(PACKAGE_ROOT, 'dist/src/cli/main.js'))) spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: PACKAGE_ROOT, timeout: 180_000 });
  }, 200_000);

  it('does not load Spectral', () => {
    expect(loadedStoplightModules(['--version'])).toEqual([]);
  }, 60_000);

  it('the probe sees Spectral when lint runs (so the check above can fail)', () => {
    const loaded = loadedStoplightModules(['lint', join(PACKAGE_ROOT, 'test/fixtures/lint/reusable.yaml'), '--format', 'json']);
    expect(loaded.some((f) => f.includes('spectral-core'))).toBe(true);
  }, 60_000);
});
