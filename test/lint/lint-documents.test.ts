// The lint wiring: multi-file $refs, x-ignore-rules, schema-only documents, bad input, user rulesets.
import { cp, mkdtemp, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocuments } from '../../src/lint/index.js';
import { PATTERN_CHARACTERS } from '../../src/lint/expand-inputs.js';
import { UsageError } from '../../src/core/util/errors.js';
import { random } from '../helpers/random.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/lint');
const fixture = (name: string) => join(FIXTURES, name);
const codes = (findings: Array<{ code: string }>) => findings.map((f) => f.code).sort();

describe('multi-file $refs', () => {
  it('reports a problem a $ref brings in at that $ref, with where it arises in the referenced file', async () => {
    const report = await lintDocuments([fixture('multi/api.yaml')]);
    const naming = report.findings.filter((f) => f.code === 'jsn-naming');
    expect(naming).toHaveLength(1);
    expect(naming[0]).toMatchObject({
      source: fixture('multi/api.yaml'),
      path: ['paths', '/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema', '$ref'],
      severity: 1,
      message: expect.stringContaining('(in schemas/employer.yaml:18)'),
    });
    expect(naming[0]?.range.start.line).toBe(17); // 0-based: the $ref on line 18 of api.yaml
    expect(naming[0]?.related?.[0]).toMatchObject({
      source: fixture('multi/schemas/employer.yaml'),
      path: ['components', 'schemas', 'Employer', 'properties', 'employer_name'],
    });
    expect(naming[0]?.related?.[0]?.range.start.line).toBe(17); // line 18 of employer.yaml
    expect(report.sources).toEqual([fixture('multi/api.yaml')]);
  });

  it('reports a $ref that does not resolve as an invalid-ref finding, not a crash', async () => {
    const report = await lintDocuments([fixture('broken-ref.yaml')]);
    const invalid = report.findings.find((f) => f.code === 'invalid-ref');
    expect(invalid?.severity).toBe(0);
    expect(invalid?.message).toContain('does-not-exist.yaml');
  });

  it('lints circular $refs across files without hanging', async () => {
    const report = await lintDocuments([fixture('circular.yaml')]);
    expect(report.findings.filter((f) => f.code === 'jsn-naming').map((f) => f.path)).toEqual([
      ['components', 'schemas', 'Node', 'properties', 'bad_name'],
    ]);
  }, 10_000);
});

describe('findings of referenced files the user does not own (issue 10)', () => {
  const API = fixture('refs/api/api.yaml');
  const VENDOR = fixture('refs/vendor/shapes/v1/shapes-v1.yaml');

  it('lands at the first $ref that does not ignore it; x-ignore-rules next to a $ref suppresses it there', async () => {
    const report = await lintDocuments([API]);
    const naming = report.findings.filter((f) => f.code === 'jsn-naming');
    expect(naming.map((f) => [f.source, f.path.join('/')])).toEqual([
      [API, 'components/schemas/Drawing/properties/shape/$ref'],
    ]);
    const ignored = await lintDocuments([fixture('refs/api/ignored.yaml')]);
    expect(ignored.findings).toEqual([]);
    expect(ignored.ignored.map((f) => [f.code, f.path.join('/'), f.ignoredReason])).toEqual([
      ['jsn-naming', 'components/schemas/Drawing/properties/shape/$ref', 'the vendor names it so'],
    ]);
  });

  it('an invalid-ref inside a referenced file: at the $ref, with its own line in the referenced file', async () => {
    const report = await lintDocuments([API]);
    const inner = report.findings.find((f) => f.code === 'invalid-ref' && f.message.includes('missing-v1.yaml'));
    expect(inner?.path.join('/')).toBe('components/schemas/Drawing/properties/outline/$ref');
    expect(inner?.related?.[0]?.source).toBe(VENDOR);
    expect(inner?.related?.[0]?.range.start.line).toBe(17); // line 18 of shapes-v1.yaml, not line 1
  });

  it('a response whose $ref does not resolve is an invalid-ref only, not also err-problem', async () => {
    const report = await lintDocuments([API]);
    const atDefault = report.findings.filter((f) =>
      f.path.join('/').startsWith('paths//drawings/get/responses/default'),
    );
    expect(atDefault.map((f) => f.code).sort()).toEqual(['invalid-ref', 'oas-reuse']);
  });

  it('--exclude drops the findings of matching referenced files and skips matching inputs', async () => {
    const report = await lintDocuments([API, VENDOR], { cwd: fixture('refs'), exclude: ['vendor/**'] });
    expect(report.sources).toEqual([API]);
    expect(report.findings.filter((f) => f.related !== undefined)).toEqual([]);
    expect(codes(report.findings)).toEqual(['hlth-res', 'invalid-ref', 'oas-reuse']);
  });

  it('excludedFiles in the ruleset file, relative to that file', async () => {
    const report = await lintDocuments([API], { ruleset: fixture('refs/ruleset-excluded.yaml') });
    expect(codes(report.findings)).toEqual(['hlth-res', 'invalid-ref', 'oas-reuse']);
  });

  it('excluding every input is a usage error; excludedFiles must be a list of globs', async () => {
    await expect(lintDocuments([VENDOR], { cwd: fixture('refs'), exclude: ['**/*-v1.yaml'] })).rejects.toThrow(
      /nothing to lint/,
    );
    await expect(lintDocuments([API], { ruleset: fixture('refs/ruleset-bad-excluded.yaml') })).rejects.toThrow(
      /excludedFiles must be a list of file globs/,
    );
  });
});

describe('x-ignore-rules', () => {
  it('moves findings named by x-ignore-rules on their object to ignored, with the reason', async () => {
    const report = await lintDocuments([fixture('ignore-rules.yaml')]);
    expect(report.findings.map((f) => f.path.join('/'))).toEqual(['components/schemas/Other/properties/other_code']);
    expect(report.ignored.map((f) => [f.code, f.path.join('/'), f.ignoredReason]).sort()).toEqual(
      [
        [
          'jsn-naming',
          'components/schemas/Legacy/properties/legacy_code',
          'Field names fixed by a legacy mainframe contract',
        ],
        ['cod-design', 'components/schemas/Codes/enum', 'ISO codes'],
        ['oas-comdef', 'components/schemas/Problem', 'A self-contained test document'],
      ].sort(),
    );
    expect(report.summary).toMatchObject({ warnings: 1, ignored: 3 });
  });
});

describe('x-reusable-definitions-only', () => {
  it('does not ask a schema-only document for /health or API versions', async () => {
    const report = await lintDocuments([fixture('reusable.yaml')]);
    expect(report.findings).toEqual([]);
  });
});

describe('bad input: one clear UsageError', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['a missing file', 'missing.yaml', /missing\.yaml: no such file/],
    ['malformed YAML', 'malformed.yaml', /malformed\.yaml:\d+:\d+: malformed document/],
    ['a document that is not OpenAPI', 'not-openapi.yaml', /not-openapi\.yaml: not an OpenAPI 3\.0 or 3\.1 document/],
  ];
  for (const [name, file, message] of cases) {
    it(name, async () => {
      const error = await lintDocuments([fixture(file)]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }

  it('a document over the size cap', async () => {
    const error = await lintDocuments([fixture('multi/api.yaml')], { limits: { maxBytes: 100 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/larger than .* lint size cap/);
  });

  it('an unreachable URL', async () => {
    const error = await lintDocuments(['http://127.0.0.1:1/openapi.yaml'], { limits: { timeoutMs: 2000 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/cannot fetch/);
  });
});

describe('--ruleset', () => {
  it('a YAML ruleset extends restguide, turns rules off, raises severities, adds rules and overrides per file', async () => {
    const report = await lintDocuments([fixture('ignore-rules.yaml')], { ruleset: fixture('ruleset-extends.yaml') });
    expect(codes(report.findings)).toEqual(['my-title-length']);
    const base = await lintDocuments([fixture('multi/api.yaml')], { ruleset: fixture('ruleset-extends.yaml') });
    expect(base.findings.find((f) => f.code === 'jsn-naming')?.severity).toBe(0);
    expect(codes(base.findings)).not.toContain('hlth-res');
  });

  it('a JS ruleset extends restguide by name', async () => {
    const report = await lintDocuments([fixture('multi/api.yaml')], { ruleset: fixture('ruleset-extends.mjs') });
    expect(report.findings.find((f) => f.code === 'hlth-res')?.severity).toBe(2);
  });

  it("extends: [spectral:oas, restguide] gives Spectral's findings and the guide's in one run", async () => {
    const key = (f: { code: string; path: unknown[] }) => `${f.code} ${JSON.stringify(f.path)}`;
    const document = [fixture('multi/api.yaml')];
    const guide = await lintDocuments(document);
    const oas = await lintDocuments(document, { ruleset: fixture('ruleset-oas-only.yaml') });
    const both = await lintDocuments(document, { ruleset: fixture('ruleset-spectral-oas.yaml') });
    expect(codes(oas.findings)).toContain('info-contact');
    expect(both.findings.map(key).sort()).toEqual([...guide.findings, ...oas.findings].map(key).sort());
    // spectral:asyncapi loads too; its rules only apply to AsyncAPI documents.
    const asyncapi = await lintDocuments(document, { ruleset: fixture('ruleset-spectral-asyncapi.yaml') });
    expect(asyncapi.findings.map(key).sort()).toEqual(guide.findings.map(key).sort());
  });

  it('an unknown base ruleset is a UsageError', async () => {
    await expect(
      lintDocuments([fixture('multi/api.yaml')], { ruleset: fixture('ruleset-unknown.yaml') }),
    ).rejects.toThrow(/cannot extend "spectral:nonsense"/);
  });
});

describe('one bad document does not abort the run (as in Spectral)', () => {
  it('reports each bad document as one error result and lints the others', async () => {
    const good = fixture('multi/api.yaml');
    const alone = await lintDocuments([good]);
    const report = await lintDocuments([
      good,
      fixture('not-openapi.yaml'),
      fixture('malformed.yaml'),
      fixture('missing.yaml'),
    ]);
    expect(report.sources).toEqual([
      good,
      fixture('not-openapi.yaml'),
      fixture('malformed.yaml'),
      fixture('missing.yaml'),
    ]);
    const badSources = new Set([fixture('not-openapi.yaml'), fixture('malformed.yaml'), fixture('missing.yaml')]);
    const bad = report.findings.filter((f) => badSources.has(f.source));
    expect(bad.map((f) => [f.source, f.code, f.severity])).toEqual([
      [fixture('malformed.yaml'), 'parser', 0],
      [fixture('missing.yaml'), 'unreadable', 0],
      [fixture('not-openapi.yaml'), 'unrecognized-format', 0],
    ]);
    expect(bad.find((f) => f.code === 'parser')?.range.start.line).toBeGreaterThan(0);
    expect(bad.find((f) => f.code === 'unreadable')?.message).toBe('no such file');
    expect(report.findings.filter((f) => !badSources.has(f.source))).toEqual(alone.findings);
    expect(report.summary.errors).toBe(alone.summary.errors + 3);
  });

  it('throws one UsageError only when no document could be linted', async () => {
    const error = await lintDocuments([fixture('not-openapi.yaml'), fixture('missing.yaml')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(
      /^no document could be linted: .*not-openapi\.yaml: not an OpenAPI .* \(and 1 more\)$/,
    );
  });
});

describe('quoted globs expand, as in Spectral', () => {
  it('lints every file a glob matches, sorted, relative to cwd', async () => {
    const cwd = fixture('.');
    const report = await lintDocuments(['reuse/**/*.yaml'], { cwd });
    const { globSync } = await import('tinyglobby');
    const expected = globSync('reuse/**/*.yaml', { cwd, absolute: true }).sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(report.sources).toEqual(expected);
  });

  it('a file whose name looks like a glob is linted as that file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-glob-'));
    await cp(fixture('multi'), dir, { recursive: true });
    await rename(join(dir, 'api.yaml'), join(dir, 'api [draft].yaml'));
    const report = await lintDocuments(['api [draft].yaml'], { cwd: dir });
    expect(report.sources).toEqual([join(dir, 'api [draft].yaml')]);
    expect(codes(report.findings)).toContain('jsn-naming');
  });

  it('an input without glob characters is never a pattern to tinyglobby, so it is not loaded for it', async () => {
    const { isDynamicPattern } = await import('tinyglobby');
    const plain = [
      'api.yaml',
      'apis/v1/openapi.json',
      './a.b-c_d~e.yml',
      '../x y/z.yaml',
      'C:/apis/a.yaml',
      'file#1.yaml',
      '%20.yaml',
      'a,b.yaml',
      'a=b;c.yaml',
      "it's.yaml",
      'ünï.yaml',
    ];
    const patterns = [
      '*.yaml',
      'a?.yaml',
      '[ab].yaml',
      '{a,b}.yaml',
      '!(a).yaml',
      '+(a).yaml',
      '@(a).yaml',
      '!a.yaml',
      'a/**/b.yaml',
    ];
    for (const input of plain) {
      expect(PATTERN_CHARACTERS.test(input), input).toBe(false);
      expect(isDynamicPattern(input), input).toBe(false);
    }
    for (const input of patterns)
      expect([PATTERN_CHARACTERS.test(input), isDynamicPattern(input)], input).toEqual([true, true]);
    // 5,000 random inputs over every printable ASCII character but those: none is a pattern.
    const alphabet = [...Array(95)]
      .map((_, i) => String.fromCharCode(32 + i))
      .filter((c) => !PATTERN_CHARACTERS.test(c));
    const next = random(7);
    for (let i = 0; i < 5000; i++) {
      const input = [...Array(1 + Math.floor(next() * 12))]
        .map(() => alphabet[Math.floor(next() * alphabet.length)])
        .join('');
      expect(isDynamicPattern(input), input).toBe(false);
    }
  });

  it('a glob that matches nothing is an error result beside the linted files, or a UsageError alone', async () => {
    const cwd = fixture('.');
    const report = await lintDocuments(['multi/api.yaml', 'nowhere/*.yaml'], { cwd });
    expect(report.findings.filter((f) => f.source === 'nowhere/*.yaml').map((f) => [f.code, f.message])).toEqual([
      ['unreadable', 'no file matches this pattern'],
    ]);
    await expect(lintDocuments(['nowhere/*.yaml'], { cwd })).rejects.toThrow(
      /^nowhere\/\*\.yaml: no file matches this pattern$/,
    );
  });
});
