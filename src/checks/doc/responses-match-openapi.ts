import { defineCheck, type CheckContext, type MessageData } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { UNKNOWN_PATH } from '../support/provoke-errors.js';
import { supportsMethod, type Target } from '../../core/profile/target.js';
import { fetchOwnOpenApi } from '../support/api-openapi.js';
import { ContractValidator } from './support/contract-validator.js';
import { judgeExchange } from './support/judge-exchange.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';
import { answerReportedBy } from '../support/reported-server-errors.js';
import { isOwnValue } from '../support/own-input.js';

const MAX_PROBES = 20;
/** How judge-exchange.ts names a response the document declares without content. */
const NO_BODY = '(no body)';
/** One validator per document: judging recorded traffic runs this check once per batch (src/traffic/judge.ts). */
const validators = new WeakMap<Record<string, unknown>, ContractValidator>();

/** A bounded set of GETs with known outcomes: first pages, a sample, an absent and a malformed id, an unknown URI. */
function probeUrls(target: Target): string[] {
  const urls = target.collections.map((collection) => collection.firstPage({ pageSize: 3 }));
  for (const document of target.documents.filter((d) => supportsMethod(d, 'GET'))) {
    const ids = [document.sampleIds[0], document.absentId, document.malformedIds[0]];
    for (const id of ids) if (id !== undefined) urls.push(document.url(id));
  }
  urls.push(UNKNOWN_PATH);
  return [...new Set(urls)].slice(0, MAX_PROBES);
}

/**
 * Schema errors by the member they name, wherever it was found: `/items/0/employerId must be integer` in a list and
 * `/employerId must be integer` in a document are one fault of the schema both share, as are `/items/0` and
 * `(root)` refusing the same additional property.
 */
const schemaFault = (errors: string): string =>
  [
    ...new Set(
      errors
        .replace(/ \(\+\d+ more\)$/, '')
        .split('; ')
        .map((error) => error.replace(/^\S*\/(?=[^/\s]+\s)/, ''))
        // An item's own errors: `(root)` of the document, `/items/0` of the list (express-openapi-validator's
        // Election refused on both for the same additional `id`).
        .map((error) => error.replace(/^(?:\(root\)|\d+)(?= )/, '(object)')),
    ),
  ]
    .sort()
    .join('; ');

/** The value at a JSON pointer (ajv's instancePath) of a body. */
function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = value[Number(key)];
    else if (typeof value === 'object' && value !== null) value = (value as Record<string, unknown>)[key];
    else return undefined;
  }
  return value;
}

/**
 * The schema errors of an answer less those on a member holding a bad value the run stored there itself
 * (input.declared-body reported it taken): undefined when nothing else is wrong. Errors cut short (`+3 more`) stay.
 */
function beyondOwnValues(ctx: CheckContext<string>, exchange: Exchange, errors: string): string | undefined {
  if (/ \(\+\d+ more\)$/.test(errors)) return errors;
  const kept = errors.split('; ').filter((error) => {
    const pointer = /^(\/\S*) /.exec(error)?.[1];
    if (pointer === undefined) return true;
    const member = pointer.split('/').pop() ?? '';
    return !isOwnValue(ctx, member.replace(/~1/g, '/').replace(/~0/g, '~'), valueAt(exchange.response.json, pointer));
  });
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** `GET /a or GET /b`, `GET /a, GET /b, GET /c or 2 more operations`. */
function namedOperations(operations: readonly string[]): string {
  if (operations.length <= 1) return operations.join('');
  const shown = operations.slice(0, 3);
  const rest = operations.length - shown.length;
  return rest > 0
    ? `${shown.join(', ')} or ${rest} more operations`
    : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

interface Mismatch {
  data: MessageData;
  exchange: Exchange;
}

/**
 * The fault each schema mismatch is one answer of: the same errors (array positions aside) anywhere, or errors
 * sharing a member on one operation's response. FastAPI's null optional members showed on `?status=granted` as
 * `description`, on `?status=submitted` as `surfaceM2`, and on one page as both: one schema, one finding.
 */
function schemaFaults(mismatches: readonly Mismatch[]): Array<Mismatch & { fault: string }> {
  const leaves = mismatches.map((m) => schemaFault(String(m.data['errors'])));
  const members = leaves.map((fault) => new Set(fault.split('; ')));
  const where = mismatches.map((m) => `${String(m.data['operation'])} ${String(m.data['response'])}`);
  const parent = mismatches.map((_, index) => index);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i] as number)));
  for (let i = 0; i < mismatches.length; i++)
    for (let j = 0; j < i; j++) {
      const shared =
        leaves[i] === leaves[j] || (where[i] === where[j] && [...members[i]!].some((leaf) => members[j]!.has(leaf)));
      if (shared) parent[find(i)] = find(j);
    }
  return mismatches.map((m, index) => ({ ...m, fault: leaves[find(index)] as string }));
}

/**
 * Client errors the document does not declare, one finding for all: a document that lists only its successes
 * (what many frameworks generate) has one gap, not one per operation and status.
 */
class UndocumentedErrors {
  private readonly statuses = new Map<string, Set<string>>();
  private readonly evidence: Exchange[] = [];
  private answers = 0;

  add(messageId: string, data: MessageData, exchange: Exchange): boolean {
    const status = Number(data['status']);
    if (messageId !== 'undocumentedStatus' || status < 400 || status > 499) return false;
    const operation = String(data['operation']);
    this.statuses.set(operation, (this.statuses.get(operation) ?? new Set()).add(String(status)));
    if (this.evidence.length < 3) this.evidence.push(exchange);
    this.answers++;
    return true;
  }

  flush(ctx: CheckContext<'undocumentedErrors'>): void {
    if (this.answers === 0) return;
    const list = [...this.statuses].map(([operation, statuses]) => `${operation} ${[...statuses].sort().join(', ')}`);
    ctx.report('undocumentedErrors', { count: this.answers, list: list.join('; ') }, ...this.evidence);
  }
}

// Severity error although oas-contra is a SHOULD: that rule is about having a contract; once an API
// publishes one, a response contradicting it breaks every client built from it — a defect, not a style.
export default defineCheck({
  meta: {
    id: 'doc.responses-match-openapi',
    rule: 'oas-contra',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title:
      "Responses match the OpenAPI document (--openapi, else the API's own): documented status, media type and schema",
    messages: {
      undocumentedStatus:
        '{{method}} {{url}} answered {{status}}, a status {{operation}} does not document (no matching code, range or default){{also}}.',
      undocumentedErrors:
        'The document declares none of the client error statuses {{count}} answers had: {{list}} (no matching code, range or default).',
      undocumentedMediaType:
        '{{method}} {{url}} answered {{status}} with {{mediaType}}, not a media type {{operation}} documents for response {{response}} ({{documented}}){{also}}.',
      schemaMismatch:
        '{{method}} {{url}} answered {{status}} with a {{mediaType}} body that does not match the schema {{operation}} documents for response {{response}}: {{errors}}{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    // The document given with --openapi is the contract; only without one is the API's own fetched.
    const contract = api.contract ?? (await fetchOwnOpenApi(ctx, api));
    if (typeof contract === 'string') return ctx.skip(`${contract}: nothing to hold the responses to`);
    let validator = validators.get(contract);
    if (!validator) validators.set(contract, (validator = new ContractValidator(contract)));
    const probes = await Promise.all(probeUrls(ctx.target).map((url) => ctx.get(url)));
    // Every answer of the run is held to the document; one finding per operation, response and fault. The same
    // schema errors (array positions aside) on several operations are one fault of a shared schema, and a response
    // declared without content but answered with one, on several operations, is one habit of the framework (NestJS's
    // @ApiNotFoundResponse() on GET and DELETE, answered with JSON).
    const causes = new Causes(ctx, (id, data) =>
      id === 'schemaMismatch'
        ? `${id} ${String(data['fault'])}`
        : id === 'undocumentedMediaType' && data['documented'] === NO_BODY
          ? `${id} ${NO_BODY} ${String(data['response'])} ${String(data['mediaType'])}`
          : id === 'undocumentedMediaType'
            ? `${id} ${String(data['response'])} ${String(data['documented'])} ${String(data['mediaType'])}`
            : `${id} ${String(data['operation'])} ${String(data['response'] ?? data['status'])} ${String(data['mediaType'])}`,
    );
    // One framework page (Flask's HTML 404 for a malformed id) on several operations is one finding naming them.
    const mediaOperations = new Map<string, string[]>();
    const media: Mismatch[] = [];
    const notJudged = new Set<string>();
    const errors = new UndocumentedErrors();
    const leftTo = new Set<string>();
    const probesLeftTo = new Set<string>();
    let ownValues = 0;
    let judged = 0;
    const mismatches: Mismatch[] = [];
    for (const exchange of await judgeableTraffic(ctx, probes)) {
      const verdict = judgeExchange(contract, validator, ctx.baseUrl, exchange);
      if (verdict.kind === 'undocumented') notJudged.add(`undocumentedPath ${verdict.what}`);
      else if (verdict.kind === 'unjudged') notJudged.add(verdict.why);
      else {
        judged++;
        // One cause, one finding: a 5xx another check reported as a server error for the run's input is its, and so
        // is any answer to a check's own probe that the check reported (Django's 500 to a JSON Patch).
        const reportedBy = verdict.kind === 'fail' ? answerReportedBy(ctx, exchange) : undefined;
        if (reportedBy !== undefined) (exchange.response.status >= 500 ? leftTo : probesLeftTo).add(reportedBy);
        else if (verdict.kind === 'pass') causes.pass();
        else if (verdict.messageId === 'schemaMismatch') {
          const errors = beyondOwnValues(ctx, exchange, String(verdict.data['errors']));
          if (errors === undefined) ownValues++;
          else mismatches.push({ data: { ...verdict.data, errors }, exchange });
        } else if (verdict.messageId === 'undocumentedMediaType' && verdict.data['documented'] !== NO_BODY) {
          const key = `${String(verdict.data['response'])} ${String(verdict.data['documented'])} ${String(verdict.data['mediaType'])}`;
          const operations = mediaOperations.get(key) ?? [];
          if (!operations.includes(String(verdict.data['operation'])))
            operations.push(String(verdict.data['operation']));
          mediaOperations.set(key, operations);
          media.push({ data: { ...verdict.data, key }, exchange });
        } else if (!errors.add(verdict.messageId, verdict.data, exchange))
          causes.report(verdict.messageId, verdict.data, exchange);
      }
    }
    for (const {
      data: { key, ...data },
      exchange,
    } of media) {
      const operations = mediaOperations.get(String(key)) ?? [];
      causes.report('undocumentedMediaType', { ...data, operation: namedOperations(operations) }, exchange);
    }
    for (const { data, exchange, fault } of schemaFaults(mismatches))
      causes.report('schemaMismatch', { ...data, fault }, exchange);
    causes.flush();
    errors.flush(ctx);
    if (leftTo.size > 0)
      ctx.note?.(
        `5xx answers to the run's own input are left to ${[...leftTo].sort().join(', ')}, which reported them`,
      );
    if (probesLeftTo.size > 0)
      ctx.note?.(
        `answers to the run's own probes are left to ${[...probesLeftTo].sort().join(', ')}, which reported them`,
      );
    if (ownValues > 0)
      ctx.note?.(
        `${ownValues} answers carrying back a bad body value the run stored are left to input.declared-body, which reported it taken`,
      );
    if (judged === 0) ctx.skip(`no response could be held to the document: ${[...notJudged].slice(0, 5).join('; ')}`);
  },
});
