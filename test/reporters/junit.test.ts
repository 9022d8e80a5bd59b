import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CheckResult } from '../../src/core/report/types.js';
import { describe, expect, it } from 'vitest';
import {
  renderCheckReport,
  renderDiffReport,
  renderLintReport,
  type RenderOptions,
} from '../../src/reporters/index.js';
import { suiteTimeMs } from '../../src/reporters/junit.js';
import { DIFF_CWD, diffReport } from '../fixtures/reports/diff-report.js';
import { checkReport, HOSTILE_BODY } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['testsuite', 'testcase'].includes(name),
  textNodeName: '#text',
  htmlEntities: true,
});

interface TestCase {
  classname: string;
  name: string;
  time: string;
  failure?: { message: string; '#text': string };
  error?: unknown;
  skipped?: unknown;
  properties?: { property: Array<{ name: string; value: string }> | { name: string; value: string } };
  'system-out'?: string;
}
interface Suite {
  name: string;
  time: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  testcase: TestCase[];
}

function parse(xml: string): {
  testsuites: {
    name: string;
    time: string;
    tests: string;
    failures: string;
    errors: string;
    skipped: string;
    testsuite: Suite[];
  };
} {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe('junit reporter: check', () => {
  const xml = renderCheckReport('junit', checkReport(), { color: false });
  const doc = parse(xml);

  it('has a testsuite per area and a testcase per check and resource', () => {
    expect(doc.testsuites.testsuite.map((suite) => suite.name)).toEqual([
      'problem',
      'trace',
      'http',
      'paging',
      'select',
      'health',
    ]);
    const paging = doc.testsuites.testsuite.find((suite) => suite.name === 'paging')!;
    expect(paging.testcase.map((test) => `${test.classname} | ${test.name}`)).toEqual([
      'paging | paging.next-link http://127.0.0.1:4010/employers',
      'paging | paging.page-size http://127.0.0.1:4010/companies',
      'paging | paging.cursor http://127.0.0.1:4010/companies',
    ]);
  });

  it('counts testcases, failures, errors and skipped as the report does', () => {
    const cases = doc.testsuites.testsuite.flatMap((suite) => suite.testcase);
    expect(cases).toHaveLength(9);
    // The info finding (select.fields) is below the default --fail-on warning: it passes.
    expect(cases.filter((test) => test.failure)).toHaveLength(3);
    expect(cases.filter((test) => test.error)).toHaveLength(1);
    // JUnit's own <error> element, typed with the status a person reads ("errored"), not the severity word.
    expect(cases.find((test) => test.error)?.error).toMatchObject({ type: 'errored' });
    expect(cases.filter((test) => test.skipped !== undefined)).toHaveLength(1);
    expect(doc.testsuites).toMatchObject({ tests: '9', failures: '3', errors: '1', skipped: '1' });
    expect(doc.testsuites.testsuite.find((suite) => suite.name === 'paging')).toMatchObject({
      tests: '3',
      failures: '2',
      errors: '0',
      skipped: '1',
    });
  });

  it('carries the message and the escaped evidence, intact after parsing', () => {
    const failure = doc.testsuites.testsuite[0]!.testcase[1]!.failure!;
    expect(failure.message).toBe('The problem type "about:blank" is not a urn:problem-type: URN <&>.');
    const text = failure['#text'];
    expect(text).toContain('> GET http://127.0.0.1:4010/employers/xyz');
    expect(text).toContain('</script><script>window.__pwned=1;alert(1)</script>');
    expect(text).toContain(']]> end');
    expect(text).toContain('Zoë – 日本語 🚀');
    expect(text).toContain("$ curl -i -X GET 'http://127.0.0.1:4010/employers/xyz'");
    expect(xml).not.toContain('<![CDATA[');
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toContain('\u001b');
    expect(HOSTILE_BODY).toContain('\u0007');
    expect(HOSTILE_BODY).toContain('\u001b');
  });
});

describe('junit reporter: lint', () => {
  const doc = parse(renderLintReport('junit', lintReport(), { color: false, cwd: LINT_CWD }));

  it('has a testsuite per source, a testcase per finding, a passing case for a clean source', () => {
    expect(doc.testsuites.testsuite.map((suite) => suite.name)).toEqual([
      'specs/employers.yaml',
      'specs/companies.json',
      'specs/clean.yaml',
    ]);
    expect(doc.testsuites.testsuite.map((suite) => suite.testcase.length)).toEqual([4, 3, 1]);
    expect(doc.testsuites.testsuite[2]!.testcase[0]).toMatchObject({ name: 'no findings' });
  });

  it('fails counted findings at or above --fail-on (warning by default) and skips ignored ones', () => {
    expect(doc.testsuites).toMatchObject({ tests: '8', failures: '4', errors: '0', skipped: '1' });
    const first = doc.testsuites.testsuite[0]!.testcase[0]!;
    expect(first).toMatchObject({ classname: 'specs/employers.yaml', name: 'uri-notat paths./Employers' });
    expect(first.failure!.message).toBe(
      'Path segment "/Employers" must be lowerCamelCase. (specs/employers.yaml:12:3)',
    );
    const multiline = doc.testsuites.testsuite[0]!.testcase[2]!.failure!;
    expect(multiline.message).toContain('500:\n  400 missing');
  });
});

const failedNames = (xml: string): string[] =>
  parse(xml)
    .testsuites.testsuite.flatMap((suite) => suite.testcase)
    .filter((c) => c.failure || c.error)
    .map((c) => c.name);

describe('junit: failed tests are exactly what fails the gate', () => {
  const results = (failOn: RenderOptions['failOn']) =>
    renderCheckReport('junit', checkReport(), { color: false, ...(failOn ? { failOn } : {}) });

  it.each([
    ['error', ['problem.type-urn', 'paging.next-link', 'http.method-not-allowed']],
    ['warning', ['problem.type-urn', 'paging.next-link', 'paging.page-size', 'http.method-not-allowed']],
    ['info', ['problem.type-urn', 'paging.next-link', 'paging.page-size', 'http.method-not-allowed', 'select.fields']],
  ] as const)('check --fail-on %s', (failOn, failing) => {
    expect(
      failedNames(results(failOn))
        .map((name) => name.split(' ')[0])
        .sort(),
    ).toEqual([...failing].sort());
  });

  it('a finding below --fail-on passes, with its severity, rule and message as properties and output', () => {
    const doc = parse(results('error'));
    const pageSize = doc.testsuites.testsuite
      .flatMap((s) => s.testcase)
      .find((c) => c.name.startsWith('paging.page-size'))!;
    expect(pageSize.failure).toBeUndefined();
    expect(pageSize.skipped).toBeUndefined();
    expect(pageSize.properties?.property).toEqual(
      expect.arrayContaining([
        { name: 'restguide.severity', value: 'warning' },
        { name: 'restguide.rule', value: 'col-paging' },
        { name: 'restguide.finding', value: 'pageSize=0 answered 200, expected 400.' },
        { name: 'restguide.fail-on', value: 'error' },
      ]),
    );
    expect(pageSize['system-out']).toContain('warning below --fail-on error, so it does not fail the run');
    expect(doc.testsuites).toMatchObject({ failures: '2', errors: '1' });
  });

  it.each([
    ['error', 2],
    ['warning', 4],
    ['info', 5],
  ] as const)('lint --fail-on %s fails %i findings (the hint never)', (failOn, failures) => {
    const doc = parse(renderLintReport('junit', lintReport(), { color: false, cwd: LINT_CWD, failOn }));
    expect(doc.testsuites.failures).toBe(String(failures));
  });

  it('a run that verified almost nothing (exit 2) has a failing case that says why', () => {
    const report = {
      ...checkReport({ results: checkReport().results.filter((r) => r.status === 'pass') }),
      coverage: {
        resources: { collections: 0, documents: 0, tasks: 0, controllers: 0 },
        areas: [],
        resourceChecks: 3,
        resourceChecksVerified: 0,
      },
    };
    const doc = parse(renderCheckReport('junit', report, { color: false, exitCode: 2 }));
    const run = doc.testsuites.testsuite.find((s) => s.name === 'run')!;
    expect(run.testcase[0]!.failure!.message).toMatch(/almost nothing was verified/);
    expect(
      parse(renderCheckReport('junit', report, { color: false, exitCode: 0 })).testsuites.testsuite.find(
        (s) => s.name === 'run',
      ),
    ).toBeUndefined();
  });
});

describe('junit: titled per command', () => {
  it('check names its target, lint says lint, diff names both sides', () => {
    expect(parse(renderCheckReport('junit', checkReport(), { color: false })).testsuites.name).toBe(
      'restguide check http://127.0.0.1:4010',
    );
    expect(parse(renderLintReport('junit', lintReport(), { color: false })).testsuites.name).toBe('restguide lint');
    const diff = parse(renderDiffReport('junit', diffReport(), { color: false, cwd: DIFF_CWD }));
    expect(diff.testsuites.name).toBe('restguide diff api/old.yaml api/new.yaml');
    expect(diff.testsuites.failures).toBe('3');
  });
});

describe('junit: honest times', () => {
  const timed = (offsetMs: number, durationMs: number, id = 'paging.a'): CheckResult => ({
    id,
    rule: 'col-paging',
    severity: 'error',
    status: 'pass',
    resource: '/x',
    message: '',
    evidence: [],
    offsetMs,
    durationMs,
  });

  it("a suite takes the union of its checks' intervals, not their sum", () => {
    // Three checks of 400 ms side by side (600 ms of wall time), then one of 200 ms: 800 ms, not the 1,400 ms summed.
    expect(suiteTimeMs([timed(0, 400), timed(100, 400), timed(200, 400), timed(1000, 200)], 5000)).toBe(800);
    expect(suiteTimeMs([timed(0, 400), timed(500, 100)], 5000)).toBe(500);
  });

  it("without start offsets (an older report), the sum, at most the run's time", () => {
    expect(
      suiteTimeMs(
        [
          { ...timed(0, 800), offsetMs: undefined },
          { ...timed(0, 900), offsetMs: undefined },
        ],
        1000,
      ),
    ).toBe(1000);
  });

  it('no suite takes longer than the run (the fixture sums 10,034 ms in a 1,234 ms run)', () => {
    const doc = parse(renderCheckReport('junit', checkReport(), { color: false }));
    expect(doc.testsuites.time).toBe('1.234');
    for (const suite of doc.testsuites.testsuite) expect(Number(suite.time)).toBeLessThanOrEqual(1.234);
  });
});
