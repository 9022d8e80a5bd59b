// `restguide --version` must stay cheap: it must not load Spectral, bundled (the default) or not.
// The probe (test/helpers/loaded-packages.ts) lists the packages a run loads.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../../src/core/util/version.js';
import { BIN, loadedPackages, loadedWith, UNBUNDLED } from '../helpers/loaded-packages.js';

const LINT = ['lint', join(PACKAGE_ROOT, 'test/fixtures/lint/reusable.yaml'), '--format', 'json'];

describe.each<{ build: string; entry: string; bundled: boolean }>([
  { build: 'the bundle', entry: BIN, bundled: true },
  { build: 'the unbundled build', entry: UNBUNDLED, bundled: false },
])('restguide --version, from $build', ({ entry, bundled }) => {
  it('does not load Spectral', () => {
    const run = loadedPackages(['--version'], entry);
    expect(run.status).toBe(0);
    expect(run.bundled).toBe(bundled);
    expect(loadedWith(run, '@stoplight/')).toEqual([]);
  }, 60_000);

  it('the probe sees Spectral when lint runs (so the check above can fail)', () => {
    const run = loadedPackages(LINT, entry);
    expect(run.bundled).toBe(bundled);
    expect(loadedWith(run, '@stoplight/')).toContain('@stoplight/spectral-core');
  }, 60_000);
});
