// GitLab Code Quality: the shape GitLab reads, what counts, and fingerprints that are stable and unique.
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/core/report/types.js';
import { renderCheckReport, renderDiffReport, renderLintReport } from '../../src/reporters/index.js';
import { keyLines } from '../../src/openapi/lines.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { DIFF_CWD, diffReport } from '../fixtures/reports/diff-report.js';
import { LINT_CWD, lintFindings, lintReport } from '../fixtures/reports/lint-report.js';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}

const SEVERITIES = ['info', 'minor', 'major', 'critical', 'blocker'];

/**
 * Every issue has exactly GitLab's fields (a lint issue also its cause id, a key GitLab does not read), a known
 * severity, a line from 1, and a fingerprint of its own.
 */
function issues(text: string): Issue[] {
  const parsed = JSON.parse(text) as Issue[];
  expect(Array.isArray(parsed)).toBe(true);
  for (const issue of parsed) {
    const fields = ['description', 'check_name', 'fingerprint', 'severity', 'location'];
    expect(Object.keys(issue)).toEqual('cause' in issue ? [...fields, 'cause'] : fields);
    if ('cause' in issue) expect(issue.cause).toMatch(/^[0-9a-f]{12}$/);
    expect(SEVERITIES).toContain(issue.severity);
    expect(Object.keys(issue.location)).toEqual(['path', 'lines']);
    expect(issue.location.lines.begin).toBeGreaterThanOrEqual(1);
    expect(issue.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  }
  expect(new Set(parsed.map((i) => i.fingerprint)).size).toBe(parsed.length);
  return parsed;
}

describe('gitlab reporter: lint', () => {
  it('one issue per counted finding, at its file (relative) and 1-based line; ignored ones left out', () => {
    const list = issues(renderLintReport('gitlab', lintReport(), { color: false, cwd: LINT_CWD }));
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({
      check_name: 'uri-notat',
      severity: 'major',
      description: 'Path segment "/Employers" must be lowerCamelCase. (paths./Employers)',
      location: { path: 'specs/employers.yaml', lines: { begin: 12 } },
    });
    expect(list.map((i) => i.severity)).toEqual(['major', 'major', 'minor', 'info', 'info', 'minor']);
    expect(list.map((i) => i.check_name)).not.toContain('id-numer');
    // Each carries its cause's id, as the JSON report does: six findings of six shapes.
    expect(new Set(list.map((i) => (i as Issue & { cause: string }).cause)).size).toBe(6);
  });

  it('fingerprints stay when lines move or the checkout is elsewhere, and change with the finding', () => {
    const fingerprints = (report: ReturnType<typeof lintReport>, cwd: string) =>
      issues(renderLintReport('gitlab', report, { color: false, cwd })).map((i) => i.fingerprint);
    const before = fingerprints(lintReport(), LINT_CWD);
    const moved = lintFindings().map((f) => ({
      ...f,
      range: { start: { line: f.range.start.line + 7, character: 0 }, end: f.range.end },
    }));
    expect(fingerprints(lintReport({ findings: moved }), LINT_CWD)).toEqual(before);
    expect(fingerprints(lintReport({ root: '/builds/group/project' }), '/builds/group/project')).toEqual(before);
    const renamed = lintFindings().map((f, i) => (i === 0 ? { ...f, path: ['paths', '/Employees'] } : f));
    expect(fingerprints(lintReport({ findings: renamed }), LINT_CWD)[0]).not.toBe(before[0]);
  });

  it('two findings of one rule at one path (different messages) get fingerprints of their own', () => {
    const [first] = lintFindings();
    const twice = [first!, { ...first!, message: 'another problem at the same place' }];
    const list = issues(renderLintReport('gitlab', lintReport({ findings: twice }), { color: false, cwd: LINT_CWD }));
    expect(list).toHaveLength(2);
  });

  it('a clean run is an empty array (GitLab then shows no degradation)', () => {
    expect(renderLintReport('gitlab', lintReport({ findings: [] }), { color: false })).toBe('[]\n');
  });
});

describe('gitlab reporter: check', () => {
  it('failed and errored checks, located at the resource path, or at the OpenAPI document when the run had one', () => {
    const list = issues(renderCheckReport('gitlab', checkReport(), { color: false }));
    expect(list.map((i) => `${i.check_name} ${i.severity} ${i.location.path}`)).toEqual([
      'problem.type-urn major /employers/xyz',
      'paging.next-link major /employers',
      'paging.page-size minor /companies',
      'http.method-not-allowed major /health',
      'select.fields info /employers/93017373',
    ]);
    expect(list[3]!.description).toBe('check errored: Request timed out after 10000 ms. (/health)');
    const withDocument = issues(
      renderCheckReport('gitlab', checkReport(), {
        color: false,
        cwd: '/work/project',
        document: '/work/project/api/openapi.yaml',
      }),
    );
    expect(new Set(withDocument.map((i) => i.location.path))).toEqual(new Set(['api/openapi.yaml']));
    expect(withDocument[0]!.description).toContain('(/employers/xyz)');
    const lines = new Map([['http://127.0.0.1:4010/employers', 17]]);
    const atLines = issues(
      renderCheckReport('gitlab', checkReport(), {
        color: false,
        cwd: '/work/project',
        document: '/work/project/api/openapi.yaml',
        documentLines: lines,
      }),
    );
    expect(atLines.map((i) => i.location.lines.begin)).toEqual([1, 17, 1, 1, 1]);
  });

  it('fingerprints do not depend on the host or the message wording, and known baseline results are left out', () => {
    const a = issues(renderCheckReport('gitlab', checkReport(), { color: false })).map((i) => i.fingerprint);
    const other = checkReport({ origin: 'https://api.example.org' });
    const reworded = { ...other, results: other.results.map((r) => ({ ...r, message: `${r.message} (sample 42)` })) };
    expect(issues(renderCheckReport('gitlab', reworded, { color: false })).map((i) => i.fingerprint)).toEqual(a);
    const known = {
      ...checkReport(),
      results: checkReport().results.map((r): CheckResult =>
        r.id === 'paging.next-link' ? { ...r, baseline: 'known' } : r,
      ),
    };
    expect(issues(renderCheckReport('gitlab', known, { color: false })).map((i) => i.check_name)).not.toContain(
      'paging.next-link',
    );
  });

  it('a record a cleanup may have left is a critical issue', () => {
    const report = {
      ...checkReport({ results: [] }),
      cleanups: [
        {
          check: 'create.location',
          resource: '/employers',
          method: 'DELETE',
          url: 'http://127.0.0.1:4010/employers/9',
          status: 429,
          outcome: 'left' as const,
          reason: 'the API kept answering 429',
        },
      ],
    };
    const [issue] = issues(renderCheckReport('gitlab', report, { color: false }));
    expect(issue).toMatchObject({ check_name: 'cleanup', severity: 'critical', location: { path: '/employers' } });
    expect(issue!.description).toContain('DELETE http://127.0.0.1:4010/employers/9');
  });
});

describe('gitlab reporter: diff', () => {
  it('counted changes at their line in the new document; ignored ones left out', () => {
    const list = issues(renderDiffReport('gitlab', diffReport(), { color: false, cwd: DIFF_CWD }));
    expect(list.map((i) => `${i.check_name} ${i.severity} ${i.location.path}:${i.location.lines.begin}`)).toEqual([
      'evo-compat-response-property-removed major api/new.yaml:41',
      'evo-compat-operation-removed major api/new.yaml:31',
      'evo-deprec minor api/new.yaml:81',
      'evo-compat-response-property-added info api/new.yaml:42',
    ]);
    // A diff's changes are each their own: no cause ids.
    expect(list.some((i) => 'cause' in i)).toBe(false);
  });

  it('two changes at one new path differing only in the old one keep distinct fingerprints', () => {
    const [first] = diffReport().findings;
    const two = [
      first!,
      {
        ...first!,
        old: {
          ...first!.old,
          path: [
            'paths',
            '/employers/{id}',
            'get',
            'responses',
            '200',
            'content',
            'application/json',
            'schema',
            'properties',
            'name',
          ],
        },
      },
    ];
    expect(
      issues(renderDiffReport('gitlab', diffReport({ findings: two }), { color: false, cwd: DIFF_CWD })),
    ).toHaveLength(2);
  });
});

describe("the lines of an OpenAPI document's paths", () => {
  it('YAML and JSON, keys quoted or not; none for what is not a document', () => {
    expect(keyLines('openapi: 3.0.3\npaths:\n  /a:\n    get: {}\n  "/b/{id}":\n    get: {}\n', ['paths'])).toEqual(
      new Map([
        ['/a', 3],
        ['/b/{id}', 5],
      ]),
    );
    expect(keyLines('{\n  "openapi": "3.1.0",\n  "paths": {\n    "/x": {}\n  }\n}\n', ['paths'])).toEqual(
      new Map([['/x', 4]]),
    );
    expect(keyLines('paths: [1, 2]', ['paths']).size).toBe(0);
    expect(keyLines('{{{', ['paths']).size).toBe(0);
  });
});
