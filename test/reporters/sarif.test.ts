import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  applyCheckBaseline,
  applyLintBaseline,
  checkBaselineOf,
  checkFingerprint,
  lintBaselineOf,
} from '../../src/core/report/baseline.js';
import { guideAnchor } from '../../src/core/report/types.js';
import { PROJECT_URL } from '../../src/core/util/version.js';
import { renderCheckReport, renderLintReport } from '../../src/reporters/index.js';
import { checkReport } from '../fixtures/reports/check-report.js';
import { LINT_CWD, lintReport } from '../fixtures/reports/lint-report.js';
import { sarifRequiredSchema } from './sarif-schema.js';

const ajv = new Ajv.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(sarifRequiredSchema);
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

function parseValid(text: string): any {
  const sarif = JSON.parse(text);
  expect(validate(sarif), ajv.errorsText(validate.errors)).toBe(true);
  for (const result of sarif.runs[0].results)
    expect(sarif.runs[0].tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
  return sarif;
}

describe('sarif reporter: check', () => {
  const report = checkReport();
  const sarif = parseValid(renderCheckReport('sarif', report, { color: false }));
  const run = sarif.runs[0];

  it('names the tool and lists every check that ran as a rule with its guide anchor', () => {
    expect(sarif.$schema).toMatch(/sarif-2\.1\.0/);
    expect(run.tool.driver).toMatchObject({ name: 'restguide', version: PACKAGE_VERSION });
    const nextLink = run.tool.driver.rules.find((rule: { id: string }) => rule.id === 'paging.next-link');
    expect(nextLink).toMatchObject({ helpUri: guideAnchor('col-paging'), defaultConfiguration: { level: 'error' } });
    expect(run.tool.driver.rules).toHaveLength(9);
  });

  it('takes descriptions and links from rule infos when given', () => {
    const rules = [
      {
        kind: 'check' as const,
        id: 'paging.next-link',
        rule: 'col-paging',
        severity: 'error' as const,
        writes: false,
        description: 'Every page but the last links to the next page',
        url: 'https://example.test/col-paging',
      },
    ];
    const driver = JSON.parse(renderCheckReport('sarif', report, { color: false, rules })).runs[0].tool.driver;
    expect(driver.rules.find((rule: { id: string }) => rule.id === 'paging.next-link')).toMatchObject({
      shortDescription: { text: 'Every page but the last links to the next page' },
      helpUri: 'https://example.test/col-paging',
    });
  });

  it('reports failures only, located at the request URL, with levels by severity', () => {
    expect(run.results.map((result: { ruleId: string; level: string }) => `${result.ruleId}:${result.level}`)).toEqual([
      'problem.type-urn:error',
      'paging.next-link:error',
      'paging.page-size:warning',
      'select.fields:note',
    ]);
    const first = run.results[0];
    expect(first.locations[0].physicalLocation.artifactLocation.uri).toBe('http://127.0.0.1:4010/employers/xyz');
    expect(first.locations[0].logicalLocations[0]).toMatchObject({
      name: 'http://127.0.0.1:4010/employers/xyz',
      kind: 'resource',
    });
    expect(first.partialFingerprints['restguide/v1']).toBe(checkFingerprint(report.results[1]!));
    expect(first.webResponse.statusCode).toBe(400);
    expect(first).not.toHaveProperty('baselineState');
  });

  it('turns a check error into a notification of an unsuccessful invocation', () => {
    expect(run.invocations[0].executionSuccessful).toBe(false);
    expect(run.invocations[0].toolExecutionNotifications[0].message.text).toContain('http.method-not-allowed');
  });

  it('marks baseline state: unchanged, new and absent', () => {
    const baseline = checkBaselineOf(checkReport({ results: report.results.filter((r) => r.id !== 'select.fields') }));
    const later = checkReport({
      results: report.results.map((r) =>
        r.id === 'paging.next-link' ? { ...r, status: 'pass' as const, messageId: undefined } : r,
      ),
    });
    const states = parseValid(
      renderCheckReport('sarif', applyCheckBaseline(later, baseline), { color: false }),
    ).runs[0].results.map(
      (result: { ruleId: string; baselineState: string }) => `${result.ruleId}:${result.baselineState}`,
    );
    expect(states).toEqual([
      'problem.type-urn:unchanged',
      'paging.page-size:unchanged',
      'select.fields:new',
      'paging.next-link:absent',
    ]);
  });
});

describe('sarif reporter: lint', () => {
  const sarif = parseValid(renderLintReport('sarif', lintReport(), { color: false, cwd: LINT_CWD }));
  const run = sarif.runs[0];

  it('locates findings at the file, relative to %SRCROOT%, with a 1-based region', () => {
    const first = run.results[0];
    expect(first).toMatchObject({
      ruleId: 'uri-notat',
      level: 'error',
      message: { text: 'Path segment "/Employers" must be lowerCamelCase.' },
    });
    expect(first.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'specs/employers.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 12, startColumn: 3, endLine: 12, endColumn: 13 },
    });
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe('file:///work/project/');
    expect(first.locations[0].logicalLocations[0].fullyQualifiedName).toBe('paths./Employers');
  });

  it('maps severities to levels and ignored findings to in-source suppressions', () => {
    expect(run.results.map((result: { level: string }) => result.level)).toEqual([
      'error',
      'error',
      'warning',
      'note',
      'note',
      'warning',
      'warning',
    ]);
    const ignored = run.results.at(-1);
    expect(ignored).toMatchObject({
      ruleId: 'id-numer',
      suppressions: [{ kind: 'inSource', justification: 'legacy identifiers, agreed with the API board' }],
    });
    expect(run.tool.driver.rules.find((rule: { id: string }) => rule.id === 'err-problem').helpUri).toBe(
      guideAnchor('err-problem'),
    );
  });

  it('points the tool at a page that exists and each rule at its guide anchor; a non-guide code at the tool', () => {
    expect(run.tool.driver.informationUri).toBe(PROJECT_URL ?? 'https://www.belgif.be/specification/rest/api-guide/');
    expect(run.tool.driver.informationUri).not.toContain('npmjs.com');
    const report = lintReport();
    const withParser = {
      ...report,
      findings: [...report.findings, { ...report.findings[0]!, code: 'parser', message: 'malformed document' }],
    };
    const rules = [
      {
        kind: 'lint' as const,
        id: 'uri-notat',
        rule: 'uri-notat',
        severity: 'error' as const,
        writes: false,
        description: 'd',
        url: guideAnchor('uri-notat'),
      },
    ];
    const driver = parseValid(renderLintReport('sarif', withParser, { color: false, cwd: LINT_CWD, rules })).runs[0]
      .tool.driver;
    const helpOf = (id: string) => driver.rules.find((rule: { id: string }) => rule.id === id).helpUri;
    expect(helpOf('uri-notat')).toBe('https://www.belgif.be/specification/rest/api-guide/#rule-uri-notat');
    expect(helpOf('parser')).toBe(driver.informationUri);
  });

  it('uses file URLs without a cwd, and marks baseline state', () => {
    const report = lintReport();
    const plain = parseValid(renderLintReport('sarif', report, { color: false }));
    expect(plain.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(
      'file:///work/project/specs/employers.yaml',
    );
    const applied = applyLintBaseline(
      lintReport({ findings: report.findings.slice(1) }),
      lintBaselineOf(lintReport({ findings: report.findings.slice(0, 3) }), { cwd: LINT_CWD }),
      { cwd: LINT_CWD },
    );
    const states = parseValid(renderLintReport('sarif', applied, { color: false, cwd: LINT_CWD })).runs[0].results.map(
      (result: { ruleId: string; baselineState: string }) => `${result.ruleId}:${result.baselineState}`,
    );
    expect(states).toEqual([
      'err-problem:unchanged',
      'stat-codes-get:unchanged',
      'col-paging:new',
      'oas-yaml:new',
      'evo-object:new',
      'id-numer:new',
      'uri-notat:absent',
    ]);
  });
});
