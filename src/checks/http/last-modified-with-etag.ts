import { defineCheck } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { readLinkSources } from '../support/gather-links.js';
import { isRecordingTarget, judgeableTraffic, judgingRecording } from '../support/traffic.js';

export default defineCheck({
  meta: {
    id: 'http.last-modified-with-etag',
    rule: 'prf-lstmod',
    severity: 'warning',
    writes: false,
    evidence: 'reads',
    title: 'A response with Last-Modified (one-second precision) also carries an ETag',
    messages: {
      lastModifiedOnly:
        'GET {{url}} answered Last-Modified: {{lastModified}} without an ETag; Last-Modified has only one-second precision, prefer an ETag.',
    },
  },
  appliesTo: 'api',
  requires: {
    what: 'collection or document with a sample id',
    test: (_api, target) =>
      target.collections.length > 0 ||
      target.documents.some((d) => d.sampleIds.length > 0) ||
      isRecordingTarget(target),
  },
  async run(ctx) {
    // Collection first pages and sample documents that answered 200 with JSON; of a recording, every such GET.
    const responses = judgingRecording(ctx)
      ? (await judgeableTraffic(ctx, [])).filter(
          (e) => e.request.method === 'GET' && e.response.status === 200 && isObject(e.response.json),
        )
      : await readLinkSources(ctx);
    if (responses.length === 0)
      return ctx.skip(
        judgingRecording(ctx)
          ? 'no recorded GET answered 200 with JSON'
          : 'no collection page or sample document answered 200',
      );
    let withLastModified = 0;
    for (const exchange of responses) {
      const lastModified = exchange.response.headers['last-modified'];
      if (lastModified === undefined) continue;
      withLastModified++;
      ctx.expect(
        exchange.response.headers['etag'] !== undefined,
        'lastModifiedOnly',
        { url: exchange.request.url, lastModified },
        exchange,
      );
    }
    // The rule is about answers that carry Last-Modified: with none, there was nothing to judge, and no pass.
    if (withLastModified === 0)
      ctx.skip(`not applicable: none of the ${responses.length} answers read carried Last-Modified`);
  },
});
