// One cause, one finding (the ninth field pass): Django's 500 to the JSON Patch probe and CherryPy's 404 to the
// unknown-query-parameter probe are the findings of the checks whose probes they answer, not undocumented
// statuses of doc.responses-match-openapi again; an undocumented answer to a plain read is still its own.
import { describe, expect, it } from 'vitest';
import responsesMatch from '../../../src/checks/doc/responses-match-openapi.js';
import jsonPatch from '../../../src/checks/patch/json-patch-415.js';
import unknownParam from '../../../src/checks/input/unknown-query-param.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CheckReport } from '../../../src/core/report/types.js';
import { reference } from '../../helpers/check-harness.js';
import type { MutableResponse, Mutator } from '../../helpers/proxy.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

async function run(mutate: Mutator): Promise<CheckReport> {
  const running = await reference({ mutate }).start();
  try {
    return await runChecks([jsonPatch, unknownParam, responsesMatch], WRITE_PROFILE, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
  } finally {
    await running.close();
  }
}

const failing = (report: CheckReport) =>
  report.results
    .filter((r) => r.status === 'fail')
    .map((r) => `${r.id} ${r.messageId ?? ''}`)
    .sort();
const resultOf = (report: CheckReport, id: string) => report.results.filter((r) => r.id === id);

const isJsonPatch = (headers: Record<string, unknown>) => headers['content-type'] === 'application/json-patch+json';
const isUnknownParam = (url: string) => url.includes('restguideUnknownParam');
/** A framework's HTML error page (Django's 500, CherryPy's 404): a status and media type the document lacks. */
function htmlPage(res: MutableResponse, status: number): void {
  res.status = status;
  res.headers['content-type'] = 'text/html';
  res.text = `<h1>${status}</h1>`;
}
/** Django's 500 to the JSON Patch probe, CherryPy's 404 to the unknown-query-parameter probe. */
const frameworkPages: Mutator = (req, res) => {
  if (isJsonPatch(req.headers)) htmlPage(res, 500);
  else if (isUnknownParam(req.path)) htmlPage(res, 404);
};

describe('answers to a check’s own probe that the check reported', () => {
  it('are left to that check, with a note', async () => {
    const report = await run(frameworkPages);
    expect(failing(report)).toEqual(['input.unknown-query-param not400', 'patch.json-patch-415 not415']);
    const [match] = resultOf(report, 'doc.responses-match-openapi');
    expect(match?.status).toBe('pass');
    expect(match?.message).toMatch(/5xx answers to the run's own input are left to patch\.json-patch-415/);
    expect(match?.message).toMatch(/answers to the run's own probes are left to input\.unknown-query-param/);
  }, 60_000);

  it('an undocumented answer to a plain read still fails', async () => {
    const report = await run((req, res) => {
      frameworkPages(req, res);
      if (req.method === 'GET' && req.path === '/employers') htmlPage(res, 500);
    });
    expect(failing(report)).toContain('doc.responses-match-openapi undocumentedMediaType');
    const messages = resultOf(report, 'doc.responses-match-openapi').map((r) => r.message ?? '');
    expect(messages.some((m) => /GET \S+\/employers answered 500 with text\/html/.test(m))).toBe(true);
    expect(messages.some((m) => /restguideUnknownParam|PATCH /.test(m))).toBe(false);
  }, 60_000);

  it('the reference server passes all three', async () => {
    const report = await run(() => {});
    expect(failing(report)).toEqual([]);
    expect(resultOf(report, 'doc.responses-match-openapi').map((r) => r.status)).toEqual(['pass']);
  }, 60_000);
});
