// `restguide lint` end to end through main(): formats and outputs, --fail-on, baselines, exit codes.
import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../helpers/io.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/lint');
const API = join(FIXTURES, 'multi/api.yaml'); // two warnings, no errors

async function lint(args: string[]) {
  const io = captureIo();
  const code = await main(['lint', ...args], io);
  return { code, out: io.out, err: io.err };
}

describe('restguide lint', () => {
  it('writes JSON to stdout and exits 1 on warnings with the default --fail-on warning', async () => {
    const { code, out } = await lint([API, '--format', 'json']);
    expect(code).toBe(1);
    expect(out).toContain('jsn-naming');
  });

  it('--fail-on error passes a document with only warnings; --fail-on info fails it', async () => {
    expect((await lint([API, '--format', 'json', '--fail-on', 'error'])).code).toBe(0);
    expect((await lint([API, '--format', 'json', '--fail-on', 'info'])).code).toBe(1);
  });

  it('pairs --format and --output in order, a format without output going to stdout', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const file = join(dir, 'report.json');
    const { code, out } = await lint([API, '--format', 'json', '--output', file, '--format', 'json']);
    expect(code).toBe(1);
    expect(await readFile(file, 'utf8')).toContain('jsn-naming');
    expect(out).toContain('jsn-naming');
  });

  it('refuses two reports on stdout', async () => {
    const { code, err } = await lint([API, '--format', 'json', '--format', 'json']);
    expect(code).toBe(2);
    expect(err).toMatch(/only one report can go to stdout/);
  });

  it('a baseline written now makes the same findings known: exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const baseline = join(dir, 'baseline.json');
    expect((await lint([API, '--format', 'json', '--write-baseline', baseline])).code).toBe(1);
    expect(await readFile(baseline, 'utf8')).toContain('jsn-naming');
    const { code } = await lint([API, '--format', 'json', '--baseline', baseline]);
    expect(code).toBe(0);
  });

  const bad: Array<[string, string[], RegExp]> = [
    ['a missing file', [join(FIXTURES, 'nope.yaml')], /nope\.yaml: no such file/],
    ['malformed YAML', [join(FIXTURES, 'malformed.yaml')], /malformed document/],
    ['not OpenAPI', [join(FIXTURES, 'not-openapi.yaml')], /not an OpenAPI 3\.0 or 3\.1 document/],
    ['a bad ruleset', [API, '--ruleset', join(FIXTURES, 'ruleset-unknown.yaml')], /cannot extend/],
    ['every input excluded', [API, '--exclude', '**/api.yaml'], /nothing to lint/],
  ];

  it('--exclude (repeatable) drops the findings a vendored file brings in: exit 0 when nothing else is wrong', async () => {
    const vendored = join(FIXTURES, 'refs/api/ignored.yaml');
    expect((await lint([vendored, '--format', 'json', '--exclude', 'nothing/**'])).code).toBe(0);
    const withVendor = await lint([join(FIXTURES, 'refs/api/api.yaml'), '--format', 'json', '--exclude', '**/missing*', '--exclude', '**/vendor/**']);
    expect(withVendor.out).not.toContain('shape_kind');
    const related = JSON.parse((await lint([join(FIXTURES, 'refs/api/api.yaml'), '--format', 'json'])).out) as Array<{ code: string; related?: Array<{ source: string }> }>;
    expect(related.find((f) => f.code === 'jsn-naming')?.related?.[0]?.source).toBe(join(FIXTURES, 'refs/vendor/shapes/v1/shapes-v1.yaml'));
  });
  for (const [name, args, message] of bad) {
    it(`${name}: one line on stderr, exit 2`, async () => {
      const { code, err } = await lint([...args, '--format', 'json']);
      expect(code).toBe(2);
      expect(err).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
    });
  }

  it('a 50 MB document is refused at once by the size cap, not parsed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const huge = join(dir, 'huge.yaml');
    await writeFile(huge, 'openapi: 3.0.3\n');
    await truncate(huge, 50 * 1024 * 1024); // sparse: no 50 MB written to disk
    const started = Date.now();
    const { code, err } = await lint([huge, '--format', 'json']);
    expect(code).toBe(2);
    expect(err).toMatch(/larger than 32 MB/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
