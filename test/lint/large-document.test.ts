// A generated 1 MB document lints in bounded time (the full timing is in bench/), with exactly
// the finding its generator leaves in on purpose (no /health).
import { expect, it } from 'vitest';
import { lintObject } from '../../src/lint/index.js';
import { generateDocument } from './generate-document.js';

it('lints a 1 MB document in a few seconds', async () => {
  const document = generateDocument(1024 * 1024);
  expect(JSON.stringify(document).length).toBeGreaterThan(900_000);
  const started = Date.now();
  const report = await lintObject(document, 'large.json');
  expect(Date.now() - started).toBeLessThan(20_000);
  expect(report.findings.map((f) => f.code)).toEqual(['hlth-res']);
}, 30_000);
