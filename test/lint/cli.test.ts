// `restguide lint` end to end through main(): formats and outputs, --fail-on, baselines, exit codes.
import { cp, mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
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
    const written = await lint([API, '--format', 'json', '--write-baseline', baseline]);
    expect(written.code).toBe(0);
    expect(written.err).toBe(
      `restguide: wrote baseline ${baseline}: ${JSON.parse(written.out).length} entries (one per finding); runs with --baseline ${baseline} now fail only on new ones\n`,
    );
    expect(await readFile(baseline, 'utf8')).toContain('jsn-naming');
    const { code } = await lint([API, '--format', 'json', '--baseline', baseline]);
    expect(code).toBe(0);
  });

  it('a baseline keys files relative to its own folder, so it matches from any working directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    await cp(join(FIXTURES, 'multi'), join(dir, 'lint'), { recursive: true });
    const inLint = async (cwd: string, args: string[]) => {
      const io = Object.assign(captureIo(), { cwd });
      const code = await main(['lint', ...args, '--format', 'json'], io);
      return { code, report: io.out ? (JSON.parse(io.out) as Array<{ code: string }>) : [] };
    };
    expect((await inLint(join(dir, 'lint'), ['api.yaml', '--write-baseline', 'baseline.json'])).code).toBe(0);
    const entries = (
      JSON.parse(await readFile(join(dir, 'lint/baseline.json'), 'utf8')) as { entries: Array<{ source: string }> }
    ).entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => !e.source.startsWith('..') && !e.source.startsWith('/'))).toBe(true);
    // From the parent folder the same findings are known: exit 0, nothing fixed.
    const fromParent = await inLint(dir, ['lint/api.yaml', '--baseline', 'lint/baseline.json']);
    expect(fromParent.code).toBe(0);
    // And a new finding in the same file still fails from there.
    const text = await readFile(join(dir, 'lint/api.yaml'), 'utf8');
    await writeFile(join(dir, 'lint/api.yaml'), text.replace('  /employers:', '  /Employer_List:'));
    expect((await inLint(dir, ['lint/api.yaml', '--baseline', 'lint/baseline.json'])).code).toBe(1);
  });

  it('lints the good documents beside a bad one: the bad one is an error result, exit 1', async () => {
    const { code, out } = await lint([API, join(FIXTURES, 'not-openapi.yaml'), '--format', 'json']);
    expect(code).toBe(1);
    const findings = JSON.parse(out) as Array<{ code: string; source: string; severity: number }>;
    expect(findings.filter((f) => f.source.endsWith('not-openapi.yaml')).map((f) => [f.code, f.severity])).toEqual([
      ['unrecognized-format', 0],
    ]);
    expect(findings.some((f) => f.code === 'jsn-naming')).toBe(true);
  });

  it('-f html=file writes a page with the banner, each finding under its file and its source line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const page = join(dir, 'lint.html');
    const { code, out } = await lint([API, '-f', `html=${page}`]);
    expect(code).toBe(1);
    expect(out).toBe('');
    const text = await readFile(page, 'utf8');
    expect(text).toContain('<strong>✖ Failed: exit 1</strong>');
    expect(text).toMatch(/<section class="group" data-group="[^"]*multi\/api\.yaml">/);
    // jsn-naming is reported at the $ref that brings employer_name in: that line is shown, marked.
    expect(text).toMatch(
      /<mark>\s*\$ref: &#39;\.\/schemas\/employer\.yaml#\/components\/schemas\/EmployerList&#39;<\/mark>/,
    );
    expect(text).toContain('href="https://www.belgif.be/specification/rest/api-guide/#rule-jsn-naming"');
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
    const withVendor = await lint([
      join(FIXTURES, 'refs/api/api.yaml'),
      '--format',
      'json',
      '--exclude',
      '**/missing*',
      '--exclude',
      '**/vendor/**',
    ]);
    expect(withVendor.out).not.toContain('shape_kind');
    const related = JSON.parse((await lint([join(FIXTURES, 'refs/api/api.yaml'), '--format', 'json'])).out) as Array<{
      code: string;
      related?: Array<{ source: string }>;
    }>;
    expect(related.find((f) => f.code === 'jsn-naming')?.related?.[0]?.source).toBe(
      join(FIXTURES, 'refs/vendor/shapes/v1/shapes-v1.yaml'),
    );
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

describe('restguide lint: what the terminal gets', () => {
  // The JSON report's findings: their count, their causes, and the counts by severity.
  const line = (findings: Array<{ severity: number; cause: string }>, note = '') => {
    const n = (severity: number) => findings.filter((f) => f.severity === severity).length;
    const s = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    const causes = s(new Set(findings.map((f) => f.cause)).size, 'cause');
    return `restguide: ${s(findings.length, 'problem')} from ${causes} (${s(n(0), 'error')}, ${s(n(1), 'warning')}, ${s(n(2), 'info')}, ${s(n(3), 'hint')}), 0 ignored${note}\n`;
  };

  it('every report to a file: the summary line on stderr, as check prints it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const { code, out, err } = await lint([
      API,
      '-f',
      `sarif=${join(dir, 'lint.sarif')}`,
      '-f',
      `json=${join(dir, 'lint.json')}`,
    ]);
    expect(code).toBe(1);
    expect(out).toBe('');
    const findings = JSON.parse(await readFile(join(dir, 'lint.json'), 'utf8')) as Array<{
      severity: number;
      cause: string;
    }>;
    expect(findings.length).toBeGreaterThan(0);
    expect(err).toBe(
      line(findings, " — warnings alone fail this run (--fail-on warning, the default; Spectral's is error)"),
    );
  });

  it('a passing run to a file says so too; a report on stdout adds nothing on stderr', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-lint-'));
    const passing = await lint([
      API,
      '--fail-on',
      'error',
      '-f',
      `sarif=${join(dir, 'lint.sarif')}`,
      '-f',
      `json=${join(dir, 'lint.json')}`,
    ]);
    expect(passing.code).toBe(0);
    expect(passing.err).toBe(
      line(JSON.parse(await readFile(join(dir, 'lint.json'), 'utf8')) as Array<{ severity: number; cause: string }>),
    );
    const onStdout = await lint([API, '-f', 'json', '-f', `sarif=${join(dir, 'lint.sarif')}`]);
    expect(onStdout.code).toBe(1);
    expect(onStdout.err).toBe('');
  });
});
