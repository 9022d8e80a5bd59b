// A generated 1 MB document lints (bounded by the test timeout; timings are in bench/, never here),
// with exactly the finding its generator leaves in on purpose (no /health).
import { expect, it } from 'vitest';
import { lintObject } from '../../src/lint/index.js';
import { generateDocument } from './generate-document.js';

it('lints a 1 MB document', async () => {
  const document = generateDocument(1024 * 1024);
  expect(JSON.stringify(document).length).toBeGreaterThan(900_000);
  const report = await lintObject(document, 'large.json');
  expect(report.findings.map((f) => f.code)).toEqual(['hlth-res']);
}, 120_000);
