import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport, HOSTILE_BODY } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name), textNodeName: '#text', htmlEntities: true });

interface TestCase { classname: string; name: string; failure?: { message: string; '#text': string }; error?: unknown; skipped?: unknown }
interface Suite { name: string; tests: string; failures: string; errors: string; skipped: string; testcase: TestCase[] }

function parse(xml: string): { testsuites: { tests: string; failures: string; errors: string; skipped: string; testsuite: Suite[] } } {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe('junit reporter: check', () => {
  const xml = renderCheckReport('junit', checkReport(), { color: false });
  const doc = parse(xml);

  it('has a testsuite per area and a testcase per check and resource', () => {
    expect(doc.testsuites.testsuite.map((suite) => suite.name)).toEqual(['problem', 'trace', 'http', 'paging', 'select', 'health']);
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
    expect(cases.filter((test) => test.failure)).toHaveLength(4);
    expect(cases.filter((test) => test.error)).toHaveLength(1);
    // JUnit's own <error> element, typed with the status a person reads ("errored"), not the severity word.
    expect(cases.find((test) => test.error)?.error).toMatchObject({ type: 'errored' });
    expect(cases.filter((test) => test.skipped !== undefined)).toHaveLength(1);
    expect(doc.testsuites).toMatchObject({ tests: '9', failures: '4', errors: '1', skipped: '1' });
    expect(doc.testsuites.testsuite.find((suite) => suite.name === 'paging')).toMatchObject({ tests: '3', failures: '2', errors: '0', skipped: '1' });
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
    expect(doc.testsuites.testsuite.map((suite) => suite.name)).toEqual(['specs/employers.yaml', 'specs/companies.json', 'specs/clean.yaml']);
    expect(doc.testsuites.testsuite.map((suite) => suite.testcase.length)).toEqual([4, 3, 1]);
    expect(doc.testsuites.testsuite[2]!.testcase[0]).toMatchObject({ name: 'no findings' });
  });

  it('fails counted findings and skips ignored ones', () => {
    expect(doc.testsuites).toMatchObject({ tests: '8', failures: '6', errors: '0', skipped: '1' });
    const first = doc.testsuites.testsuite[0]!.testcase[0]!;
    expect(first).toMatchObject({ classname: 'specs/employers.yaml', name: 'uri-notat paths./Employers' });
    expect(first.failure!.message).toBe('Path segment "/Employers" must be lowerCamelCase. (specs/employers.yaml:12:3)');
    const multiline = doc.testsuites.testsuite[0]!.testcase[2]!.failure!;
    expect(multiline.message).toContain('500:\n  400 missing');
  });
});
