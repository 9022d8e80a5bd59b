import { defineCheck } from '../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { PROBLEM_MEDIA_TYPE_ROOT } from '../support/problem-response.js';
import type { JsonObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { hasIssue, SCHEMA_VIOLATION } from './support/issues.js';
import { writableBody } from '../support/writable-body.js';
import { postProbe, updateProbe, writeTargets, wrongType, WRITE_PROBE_TARGET } from './support/write-probes.js';
import { markOwnInput } from '../support/own-input.js';
import { Causes } from '../support/traffic.js';
import { settledCreateBody } from '../support/created-document.js';
import { markReportedServerError } from '../support/reported-server-errors.js';
import { VALIDATION_BODY_STATUS_ROOT, VALIDATION_STATUS_ROOT } from '../support/validation-status.js';

/** The body with its first non-null top-level property (a string one if any) given another JSON type. */
function breakType(
  body: JsonObject,
  probe: number,
  keep: ReadonlyArray<string | undefined> = [],
): { json: JsonObject; property: string } | undefined {
  const names = Object.keys(body).filter(
    (name) => body[name] !== null && body[name] !== undefined && !keep.includes(name),
  );
  const property = names.find((name) => typeof body[name] === 'string') ?? names[0];
  if (property === undefined) return undefined;
  return { json: { ...body, [property]: wrongType(body[property] ?? null, probe) }, property };
}

export default defineCheck({
  meta: {
    id: 'input.wrong-type',
    rule: 'req-valid',
    severity: 'error',
    writes: true,
    title: 'A body property of the wrong JSON type answers 400 with a schemaViolation issue',
    messages: {
      not400:
        '{{method}} {{url}} (property {{property}} of the wrong type) answered {{status}} instead of 400{{also}}.',
      serverError:
        '{{method}} {{url}} answered {{status}} to the body restguide made (property {{property}} of the wrong type): a server error for bad input, where a 400 was due{{also}}.',
      notProblem:
        '{{method}} {{url}} (property {{property}} of the wrong type) answered 400 with {{contentType}} instead of a problem (application/problem+json){{also}}.',
      noSchemaViolation:
        '{{method}} {{url}} answered 400 without an issue of type …input-validation:schemaViolation in body{{also}}.',
    },
  },
  appliesTo: 'api',
  // A framework's one validation status (FastAPI's 422) is input.declared-params' finding, and its one error format
  // (express-openapi-validator's JSON) problem.media-type's: each told once; so is the 422 input.declared-body told.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT, VALIDATION_BODY_STATUS_ROOT],
  requires: WRITE_PROBE_TARGET,
  async run(ctx) {
    const { collection, document } = writeTargets(ctx);
    let judged = 0;
    // One cause, one finding: an update repeating the create's fault (another member, another method) is the same
    // missing type validation, told once with both answers as evidence.
    const causes = new Causes(ctx, (messageId) => messageId);
    const judge = (exchange: Exchange, property: string) => {
      judged++;
      // A wrong type the API took is this check's own input wherever it shows next: the check reports it.
      if (exchange.response.status >= 200 && exchange.response.status < 300) {
        const location = exchange.response.headers['location'];
        markOwnInput(ctx, exchange.request.method === 'POST' ? location : exchange.request.url, exchange);
      }
      const data = { ...exchangeData(exchange), property };
      // A 5xx is what it is, a server error for the run's input, not another answer to type validation.
      if (!causes.expect(exchange.response.status < 500, 'serverError', data, exchange))
        return markReportedServerError(ctx, 'input.wrong-type', exchange);
      if (!causes.expect(exchange.response.status === 400, 'not400', data, exchange)) return;
      const contentType = mediaTypeOf(exchange.response) ?? '(none)';
      if (!causes.expect(contentType === 'application/problem+json', 'notProblem', { ...data, contentType }, exchange))
        return;
      causes.expect(hasIssue(exchange, { type: SCHEMA_VIOLATION, in: 'body' }), 'noSchemaViolation', data, exchange);
    };
    const created = collection ? breakType(await settledCreateBody(ctx, collection), 0) : undefined;
    // A lax server may store the wrong value coerced (0, null): the record is proven ours by the rest of the body.
    const proof = created && Object.fromEntries(Object.entries(created.json).filter(([n]) => n !== created.property));
    if (collection && created)
      judge(await postProbe(ctx, collection, { json: created.json, proof: proof as JsonObject }), created.property);
    if (document) {
      let property = '';
      const { exchange } = await updateProbe(ctx, document, (current) => {
        const base = document.update === 'patch' ? (document.patch ?? current) : writableBody(current, document);
        // Another wrong value than the POST's: that one may now be stored, coerced, in a unique member.
        // The record's key stays: a server that ignores a key in the body (Fastify's removeAdditional) shows
        // an unknown member there, not a type it took.
        const keep = [document.param, document.creator?.key];
        const broken = breakType(document.update === 'patch' ? writableBody(base, document) : base, 1, keep);
        property = broken?.property ?? '';
        return {
          json: broken
            ? document.update === 'patch'
              ? { [broken.property]: broken.json[broken.property] ?? null }
              : broken.json
            : {},
        };
      });
      if (property !== '') judge(exchange, property);
    }
    causes.flush();
    if (judged === 0) ctx.skip('no body property to give a wrong type');
  },
});
