import { defineCheck } from '../../core/define-check.js';
import { exchangeData } from '../support/provoke-errors.js';
import { fingerprint } from '../support/fingerprint.js';
import { hasIssue, UNKNOWN_INPUT } from './support/issues.js';
import { writableBody } from '../support/writable-body.js';
import { postProbe, updateProbe, writeTargets, WRITE_PROBE_TARGET } from './support/write-probes.js';
import { settledCreateBody } from '../support/created-document.js';

const PROPERTY = 'restguideUnknownProperty';

export default defineCheck({
  meta: {
    id: 'input.unknown-body-property',
    rule: 'req-valid',
    severity: 'warning',
    writes: true,
    title:
      'A write with an unknown body property answers 400 with an unknownInput issue in the body, and changes nothing',
    messages: {
      not400: '{{method}} {{url}} (unknown body property {{property}}) answered {{status}} instead of 400.',
      noUnknownInputIssue:
        '{{method}} {{url}} answered 400 without an issue of type …input-validation:unknownInput, in body, named {{property}}.',
      changed: '{{method}} {{url}} was refused with {{status}} but changed the document anyway.',
      created: '{{method}} {{url}} created a resource{{location}} from a body with an unknown property.',
    },
  },
  appliesTo: 'api',
  requires: WRITE_PROBE_TARGET,
  async run(ctx) {
    const { collection, document } = writeTargets(ctx);
    const judge = (exchange: Parameters<typeof exchangeData>[0]) => {
      const data = { ...exchangeData(exchange), property: PROPERTY };
      if (!ctx.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      ctx.expect(
        hasIssue(exchange, { type: UNKNOWN_INPUT, in: 'body', name: PROPERTY }),
        'noUnknownInputIssue',
        data,
        exchange,
      );
    };
    if (document) {
      const { before, exchange } = await updateProbe(ctx, document, (current) => ({
        json:
          document.update === 'patch' ? { [PROPERTY]: 'x' } : { ...writableBody(current, document), [PROPERTY]: 'x' },
      }));
      judge(exchange);
      if (exchange.response.status >= 400) {
        const after = await ctx.get(before.request.url);
        const same = (x: typeof after, y: typeof after) =>
          fingerprint(x.response.json) === fingerprint(y.response.json);
        // A change the write made stays; a document that reads differently each time (a mock serving
        // random data) shows nothing about the write, so that difference is no verdict.
        if (!same(after, before) && same(await ctx.get(before.request.url), after))
          ctx.report('changed', exchangeData(exchange), exchange, before, after);
      }
    }
    if (collection) {
      const exchange = await postProbe(ctx, collection, {
        json: { ...(await settledCreateBody(ctx, collection)), [PROPERTY]: 'x' },
      });
      const location = exchange.response.headers['location'];
      const created = exchange.response.status >= 200 && exchange.response.status < 300;
      // One cause, one finding: a create that succeeded is told as such, not also as "not 400".
      if (created)
        ctx.report('created', { ...exchangeData(exchange), location: location ? ` (${location})` : '' }, exchange);
      else judge(exchange);
    }
  },
});
