// `restguide diff` end to end through main(): exit codes, --verbose, formats, --fail-on, baselines.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../helpers/io.js';
import { base } from './base-document.js';
import { variant, writeFiles } from './harness.js';

const S = (d: any) => d.components.schemas;

async function setup() {
  return writeFiles({
    'old.yaml': base(),
    'same.yaml': base(),
    'compatible.yaml': variant(base(), (d) => {
      S(d).Employer.properties.website = { type: 'string' };
    }),
    'breaking.yaml': variant(base(), (d) => {
      delete S(d).Employer.properties.status;
      S(d).Employer.properties.website = { type: 'string' };
    }),
    'major.yaml': variant(base(), (d) => {
      delete S(d).Employer.properties.status;
      d.info.version = '2.0.0';
      d.servers[0].url = 'https://api.example.org/demo/v2';
    }),
    'broken.yaml': 'openapi: 3.0.3\npaths: {\n',
  });
}

async function diff(cwd: string, args: string[]) {
  const io = captureIo();
  io.cwd = cwd;
  const code = await main(['diff', ...args], io);
  return { code, out: io.out, err: io.err };
}

describe('restguide diff (CLI)', () => {
  it('exits 0 on no change and on a compatible change, 1 on a breaking one', async () => {
    const dir = await setup();
    expect((await diff(dir, ['old.yaml', 'same.yaml'])).code).toBe(0);
    const compatible = await diff(dir, ['old.yaml', 'compatible.yaml']);
    expect(compatible.code).toBe(0);
    expect(compatible.out).not.toContain('evo-compat-response-property-added');
    const breaking = await diff(dir, ['old.yaml', 'breaking.yaml']);
    expect(breaking.code).toBe(1);
    // Stylish wraps long messages onto indented lines.
    expect(breaking.out).toMatch(
      /breaking\.yaml\n\s+\d+:\d+\s+error\s+evo-compat-response-property-removed [\s\S]*`status`\s[\s\S]*removed or renamed \[old: old\.yaml:\d+\]/,
    );
    expect(breaking.out).not.toContain('evo-compat-response-property-added');
  });

  it('--verbose also shows compatible changes; --fail-on info fails on them', async () => {
    const dir = await setup();
    const verbose = await diff(dir, ['old.yaml', 'compatible.yaml', '--verbose']);
    expect(verbose.code).toBe(0);
    expect(verbose.out).toMatch(/info\s+evo-compat-response-property-added/);
    expect((await diff(dir, ['old.yaml', 'compatible.yaml', '--fail-on', 'info'])).code).toBe(1);
  });

  it('lists a compatible narrowing of a response (an enum value removed) with --verbose and in JSON', async () => {
    const dir = await writeFiles({
      'old.yaml': base(),
      'narrowed.yaml': variant(base(), (d) => {
        S(d).Employer.properties.status.enum = ['active'];
      }),
    });
    const quiet = await diff(dir, ['old.yaml', 'narrowed.yaml']);
    expect(quiet.code).toBe(0);
    expect(quiet.out).not.toContain('evo-compat-response-narrowed');
    const verbose = await diff(dir, ['old.yaml', 'narrowed.yaml', '--verbose']);
    expect(verbose.code).toBe(0);
    expect(verbose.out).toMatch(/info\s+evo-compat-response-narrowed\s[\s\S]*no longer[\s\S]*"closed"/);
    const json = JSON.parse((await diff(dir, ['old.yaml', 'narrowed.yaml', '-f', 'json'])).out);
    expect(json.findings.map((f: any) => [f.code, f.severity, f.breaking])).toEqual([
      ['evo-compat-response-narrowed', 'info', false],
    ]);
  });

  it('a new major version turns the breaking change into info: exit 0', async () => {
    const dir = await setup();
    const { code, out } = await diff(dir, ['old.yaml', 'major.yaml']);
    expect(code).toBe(0);
    expect(out).toMatch(/info\s+evo-compat-response-property-removed [\s\S]*breaking, with a new major version 2/);
  });

  it('JSON: every finding with code, severity, breaking, message and both locations, compatible ones included', async () => {
    const dir = await setup();
    const { code, out } = await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report).toMatchObject({
      tool: 'restguide',
      kind: 'diff',
      old: { source: 'old.yaml', version: '1.0.0' },
      new: { source: 'breaking.yaml' },
      majorChanged: false,
      summary: { errors: 1, infos: 1 },
    });
    const removed = report.findings.find((f: any) => f.code === 'evo-compat-response-property-removed');
    expect(removed).toMatchObject({
      severity: 'error',
      breaking: true,
      old: { source: 'old.yaml', path: ['components', 'schemas', 'Employer', 'properties', 'status'] },
      new: { source: 'breaking.yaml', path: ['components', 'schemas', 'Employer'] },
    });
    expect(removed.old.line).toBeGreaterThan(1);
    expect(report.findings.map((f: any) => f.code)).toContain('evo-compat-response-property-added');
  });

  it('renders junit, sarif, github and html from the same findings', async () => {
    const dir = await setup();
    const junit = await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'junit']);
    expect(() => new XMLParser().parse(junit.out)).not.toThrow();
    expect(junit.out).toContain('evo-compat-response-property-removed');
    const sarif = JSON.parse((await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'sarif'])).out);
    expect(sarif.runs[0].results.map((r: any) => r.ruleId)).toEqual(['evo-compat-response-property-removed']);
    expect(sarif.runs[0].tool.driver.rules[0].helpUri).toBe(
      'https://www.belgif.be/specification/rest/api-guide/#rule-evo-compat',
    );
    expect((await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'github'])).out).toMatch(
      /^::error file=breaking\.yaml,line=\d+/m,
    );
    expect((await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'html'])).out).toContain(
      'evo-compat-response-property-removed',
    );
  });

  it('--write-baseline writes the file, says so in one line and exits 0; the baseline then makes the break known', async () => {
    const dir = await setup();
    const written = await diff(dir, ['old.yaml', 'breaking.yaml', '--write-baseline', 'baseline.json']);
    expect(written.code).toBe(0);
    // Two entries: the breaking change and the compatible one.
    expect(written.err).toBe(
      'restguide: wrote baseline baseline.json: 2 entries (one per finding); runs with --baseline baseline.json now fail only on new ones\n',
    );
    expect(written.out).toContain('evo-compat-response-property-removed');
    expect(await readFile(join(dir, 'baseline.json'), 'utf8')).toContain('evo-compat-response-property-removed');
    expect((await diff(dir, ['old.yaml', 'breaking.yaml', '--baseline', 'baseline.json'])).code).toBe(0);
  });

  it('--help ends with the exit codes, as the other commands do', async () => {
    const io = captureIo();
    expect(await main(['diff', '--help'], io)).toBe(0);
    expect(io.out).toMatch(
      /\nExit codes: 0 no finding at or above --fail-on, or a baseline written; 1 findings [^\n]*\n[^\n]*; 2 usage error, a side that cannot be read\.\n$/,
    );
  });

  const bad: Array<[string, string[], RegExp]> = [
    ['a missing file', ['old.yaml', 'nope.yaml'], /nope\.yaml: no such file/],
    ['malformed YAML', ['old.yaml', 'broken.yaml'], /broken\.yaml:\d+:\d+: malformed document/],
    [
      'git input outside a repository',
      ['git:HEAD:old.yaml', 'old.yaml'],
      /^restguide: git:HEAD:old\.yaml: not inside a git repository \(run diff from inside one\)\n$/,
    ],
    ['a missing argument', ['old.yaml'], /missing required argument 'new'/],
    ['an unknown format', ['old.yaml', 'same.yaml', '-f', 'pdf'], /one of stylish/],
  ];
  for (const [name, args, message] of bad) {
    it(`exits 2 with one line on ${name}`, async () => {
      const dir = await setup();
      const { code, err } = await diff(dir, args);
      expect(code).toBe(2);
      expect(err).toMatch(message);
      expect(err).not.toMatch(/internal error| {4}at /);
    });
  }

  it('every report to a file: the summary line on stderr, as check prints it; none with a report on stdout', async () => {
    const dir = await setup();
    const toFile = await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'sarif=reports/diff.sarif']);
    expect(toFile.code).toBe(1);
    expect(toFile.out).toBe('');
    expect(toFile.err).toBe('restguide: 1 problem (1 error, 0 warnings, 0 infos, 0 hints), 0 ignored\n');
    expect(await readFile(join(dir, 'reports/diff.sarif'), 'utf8')).toContain('evo-compat-response-property-removed');
    const same = await diff(dir, ['old.yaml', 'same.yaml', '-o', 'reports/diff.json']);
    expect(same.code).toBe(0);
    expect(same.err).toBe('restguide: 0 problems (0 errors, 0 warnings, 0 infos, 0 hints), 0 ignored\n');
    expect((await diff(dir, ['old.yaml', 'breaking.yaml', '-f', 'json'])).err).toBe('');
  });
});
