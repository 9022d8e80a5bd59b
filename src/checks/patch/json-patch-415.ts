import { defineCheck } from '../../core/engine/define-check.js';
import { ownProblemFault } from '../support/problem-response.js';
import { PATCH_SUBJECT, patchSubject, sendPatch } from './support/patch-subject.js';
import { pointerOf } from '../../openapi/pointer.js';
import { markReportedAnswer } from '../support/reported-server-errors.js';

const statusOf = (message: string): string | undefined => /answered (\d{3}) instead of 415/.exec(message)?.[1];

export default defineCheck({
  meta: {
    id: 'patch.json-patch-415',
    rule: 'doc-patch',
    severity: 'warning',
    writes: true,
    title: 'A JSON Patch (application/json-patch+json) is refused with 415',
    messages: {
      not415: 'PATCH {{url}} with a JSON Patch (application/json-patch+json) answered {{status}} instead of 415.',
      notProblem: 'PATCH {{url}} with a JSON Patch answered 415, but {{reason}}.',
    },
  },
  appliesTo: 'document',
  requires: PATCH_SUBJECT,
  // An API that never reads Content-Type answers a JSON Patch as it answers text/plain: one cause, which
  // http.unsupported-media-type-415 reports (on the collection) when it saw the same status.
  dependsOn: [
    {
      check: 'http.unsupported-media-type-415',
      when: ['not415'],
      findings: ['not415'],
      anyResource: true,
      pairs: (failure, finding) => statusOf(failure.message) === statusOf(finding.message),
    },
  ],
  async run(ctx, document) {
    const subject = await patchSubject(ctx, document);
    const operations = Object.entries(subject.patch).map(([name, value]) => ({
      op: 'replace',
      path: pointerOf([name]),
      value,
    }));
    const exchange = await sendPatch(ctx, subject.url, operations, 'application/json-patch+json');
    const { status } = exchange.response;
    // The answer to this probe is told here, not again as a status or body the document does not declare.
    if (!ctx.expect(status === 415, 'not415', { url: subject.url, status }, exchange))
      return markReportedAnswer(ctx, 'patch.json-patch-415', exchange);
    const reason = await ownProblemFault(ctx, exchange);
    if (!ctx.expect(reason === undefined, 'notProblem', { url: subject.url, reason }, exchange))
      markReportedAnswer(ctx, 'patch.json-patch-415', exchange);
  },
});
