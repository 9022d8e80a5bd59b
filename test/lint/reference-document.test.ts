// The golden test: the reference server's own OpenAPI document lints clean under the built-in ruleset.
import { expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { lintObject } from '../../src/lint/index.js';

it('the reference server document has 0 errors and 0 warnings', async () => {
  const report = await lintObject(buildOpenApiDocument(), 'reference-openapi.json');
  expect(
    report.findings.filter((f) => f.severity <= 1).map((f) => `${f.code} ${f.path.join('/')}: ${f.message}`),
  ).toEqual([]);
  expect(report.summary).toMatchObject({ errors: 0, warnings: 0 });
  // Every exception is explained in the document itself.
  for (const ignored of report.ignored) expect(ignored.ignoredReason).toBeTruthy();
}, 30_000);
