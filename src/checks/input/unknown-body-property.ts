import { defineCheck } from '../../core/engine/define-check.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import { mediaTypeOf } from '../../core/engine/exchange.js';
import { exchangeData } from '../support/provoke-errors.js';
import { fingerprint } from '../support/fingerprint.js';
import { Causes } from '../support/traffic.js';
import { hasIssue, UNKNOWN_INPUT } from './support/issues.js';
import { writableBody } from '../support/writable-body.js';
import { postProbe, updateProbe, writeTargets, WRITE_PROBE_TARGET } from './support/write-probes.js';
import { settledCreateBody } from '../support/created-document.js';
import { markReportedServerError } from '../support/reported-server-errors.js';
import { VALIDATION_STATUS_ROOT } from '../support/validation-status.js';

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
      not400: '{{method}} {{url}} (unknown body property {{property}}) answered {{status}} instead of 400{{also}}.',
      serverError:
        '{{method}} {{url}} answered {{status}} to the body restguide made (unknown property {{property}}): a server error for bad input, where a 400 was due{{also}}.',
      notProblem:
        '{{method}} {{url}} (unknown body property {{property}}) answered 400 with {{contentType}} instead of a problem (application/problem+json){{also}}.',
      noUnknownInputIssue:
        '{{method}} {{url}} answered 400 without an issue of type …input-validation:unknownInput, in body, named {{property}}{{also}}.',
      changed: '{{method}} {{url}} was refused with {{status}} but changed the document anyway.',
      created: '{{method}} {{url}} created a resource{{location}} from a body with an unknown property{{also}}.',
    },
  },
  appliesTo: 'api',
  // A framework's one validation status (FastAPI's 422) is input.declared-params' finding, and its one error format
  // (hapi's bare 400) problem.media-type's: each told once.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT],
  requires: WRITE_PROBE_TARGET,
  async run(ctx) {
    const { collection, document } = writeTargets(ctx);
    // One cause, one finding: an update that takes the unknown property as the create did is the same fault
    // (the API does not validate its bodies), told once with both answers as evidence.
    const causes = new Causes(ctx, (messageId) => (messageId === 'created' ? 'not400' : messageId));
    const judge = (exchange: Parameters<typeof exchangeData>[0]) => {
      const data = { ...exchangeData(exchange), property: PROPERTY };
      // A 5xx is what it is, a server error for the run's input, not another answer to unknown input.
      if (!causes.expect(exchange.response.status < 500, 'serverError', data, exchange))
        return markReportedServerError(ctx, 'input.unknown-body-property', exchange);
      if (!causes.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      if (!causes.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange))
        return;
      causes.expect(
        hasIssue(exchange, { type: UNKNOWN_INPUT, in: 'body', name: PROPERTY }),
        'noUnknownInputIssue',
        data,
        exchange,
      );
    };
    // The create first: its words ("created a resource") stand for an update that repeats the fault.
    if (collection) {
      const exchange = await postProbe(ctx, collection, {
        json: { ...(await settledCreateBody(ctx, collection)), [PROPERTY]: 'x' },
      });
      const location = exchange.response.headers['location'];
      const created = exchange.response.status >= 200 && exchange.response.status < 300;
      // One cause, one finding: a create that succeeded is told as such, not also as "not 400".
      if (created)
        causes.report('created', { ...exchangeData(exchange), location: location ? ` (${location})` : '' }, exchange);
      else judge(exchange);
    }
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
    causes.flush();
  },
});
