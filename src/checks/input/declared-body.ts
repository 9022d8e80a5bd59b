import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { isObject, type JsonObject } from '../../core/util/json.js';
import { supportsMethod, type CollectionTarget } from '../../core/profile/target.js';
import { declaredOpenApi, derefIn } from '../support/api-openapi.js';
import { exchangeData } from '../support/provoke-errors.js';
import { breakingMember, type Obj } from './support/param-values.js';
import { postProbe, updateProbe } from './support/write-probes.js';
import { writableBody } from '../support/writable-body.js';
import { SkipSignal } from '../../core/engine/check-context.js';
import { PROBLEM_MEDIA_TYPE_ROOT, problemResponseFault } from '../support/problem-response.js';
import { isHandlerStatus, VALIDATION_STATUS_ROOT } from '../support/validation-status.js';
import { markReportedServerError } from '../support/reported-server-errors.js';
import { markOwnValue } from '../support/own-input.js';

/** Members probed per run: each is a POST, which a lax server may turn into a record the run then removes. */
export const MAX_PROBED_MEMBERS = 8;
const INPUT_VALIDATION = /[:/](?:schemaViolation|invalidInput|outOfRange|invalidStructure)(?:\.html)?$/;

/** The properties of an operation's JSON body schema, with allOf members' properties merged (one level). */
function bodyProperties(doc: Obj, template: string, method: string): Obj {
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const item = derefIn(doc, paths[template]);
  const operation = isObject(item) ? derefIn(doc, item[method]) : undefined;
  const body = isObject(operation) ? derefIn(doc, operation['requestBody']) : undefined;
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  const key = Object.keys(content).find((type) => /json/i.test(type));
  const media = key === undefined ? undefined : content[key];
  const schema = isObject(media) ? derefIn(doc, media['schema']) : undefined;
  if (!isObject(schema)) return {};
  const parts = [schema, ...(Array.isArray(schema['allOf']) ? schema['allOf'] : [])].map((part) => derefIn(doc, part));
  return Object.assign(
    {},
    ...parts.map((part) => (isObject(part) && isObject(part['properties']) ? part['properties'] : {})),
  ) as Obj;
}

/** Whether the answer's problem has an input-validation issue in the body naming the member. */
function namesMember(exchange: Exchange, member: string): boolean {
  const body = exchange.response.json;
  const issues = isObject(body) && Array.isArray(body['issues']) ? body['issues'] : [];
  return issues.some(
    (issue) =>
      isObject(issue) &&
      typeof issue['type'] === 'string' &&
      INPUT_VALIDATION.test(issue['type']) &&
      issue['in'] === 'body' &&
      issue['name'] === member,
  );
}

type Told = 'accepted' | 'not400' | 'noIssue';

/** ` (the same by PUT)`: the methods besides the first's that answered the same member alike. */
function alsoBy(first: Exchange, others: readonly Exchange[]): string {
  const methods = [...new Set(others.map((e) => e.request.method))].filter((m) => m !== first.request.method);
  return methods.length > 0 ? ` (the same by ${methods.join(' and ')})` : '';
}

export default defineCheck({
  meta: {
    id: 'input.declared-body',
    rule: 'req-valid',
    severity: 'error',
    writes: true,
    title:
      "A write body member breaking its declared schema (enum, range, pattern, length, format) answers 400 with an issue naming it: creates, and updates of the run's own record",
    messages: {
      accepted:
        '{{method}} {{url}} answered {{status}}: body member {{name}} took {{breaks}} instead of a 400 naming it{{also}}.',
      not400: '{{method}} {{url}} (body member {{name}}: {{breaks}}) answered {{status}} instead of 400{{also}}.',
      notProblem:
        '{{method}} {{url}} (body member {{name}}: {{breaks}}) answered 400 with {{contentType}} instead of a problem (application/problem+json){{also}}.',
      noIssue:
        '{{method}} {{url}} (body member {{name}}: {{breaks}}) answered 400 without an issue of an input-validation type (schemaViolation, invalidInput), in body, named {{name}}{{also}}.',
    },
  },
  appliesTo: 'collection',
  // A framework refusing every bad value with its own error body (problem.media-type) or its own status (422,
  // input.declared-params) is one cause, told there once.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT, VALIDATION_STATUS_ROOT],
  requires: { what: 'collection with a create body', test: (collection) => collection.create !== undefined },
  async run(ctx, collection) {
    const doc = await declaredOpenApi(ctx);
    if (typeof doc === 'string') return ctx.skip(`${doc}: no declared body schema to break`);
    const properties = bodyProperties(doc, collection.template ?? collection.path, 'post');
    const sample = collection.createBody();
    // Only members the run's create body sends: the probe changes one value of a body known to create.
    const probes = Object.keys(sample)
      .map((name) => ({ name, bad: breakingMember(doc, properties[name]) }))
      .filter((probe): probe is { name: string; bad: NonNullable<typeof probe.bad> } => probe.bad !== undefined)
      .slice(0, MAX_PROBED_MEMBERS);
    if (probes.length === 0)
      return ctx.skip(
        `no member of the create body of ${collection.path} has a declared constraint a value can break (types are input.wrong-type's)`,
      );
    // One cause, one finding: a 400 that is no problem, or one validation handler's status (422), whatever the
    // member, is one finding naming the first and counting the others; the same member answered alike by POST and
    // by the update (finale's `day` by POST and PUT) is one finding naming both methods.
    const alike = new Map<string, Array<{ exchange: Exchange; data: Record<string, string | number> }>>();
    const told = new Map<string, { id: Told; data: Record<string, string | number>; exchanges: Exchange[] }>();
    const tell = (id: Told, data: Record<string, string | number>, exchange: Exchange): void => {
      // A take is one finding whatever 2xx said so: POST's 201 and the update's 200 took the same member alike.
      const status = id === 'accepted' ? '2xx' : exchange.response.status;
      const key = `${id} ${String(data['name'])} ${status}`;
      const known = told.get(key);
      if (known) known.exchanges.push(exchange);
      else told.set(key, { id, data, exchanges: [exchange] });
    };
    const judge = (exchange: Exchange, name: string, breaks: string, value: string | number): void => {
      const { status } = exchange.response;
      const data = { ...exchangeData(exchange), name, breaks };
      const fault = status === 400 ? problemResponseFault(exchange) : undefined;
      if (status >= 200 && status < 300) {
        tell('accepted', data, exchange);
        // Answers that carry the taken value back show this finding again, not a response of the API's own.
        markOwnValue(ctx, name, value);
      } else if (isHandlerStatus(status))
        alike.set(`not400 ${status}`, [...(alike.get(`not400 ${status}`) ?? []), { exchange, data }]);
      else if (fault?.startsWith('its Content-Type') === true) {
        // The bad value was refused with 400, which is this check's to judge; the error's format is
        // problem.media-type's (then this finding is dropped, and the check passes with a note).
        ctx.pass();
        const contentType = mediaTypeOf(exchange.response) ?? '(none)';
        alike.set('notProblem', [...(alike.get('notProblem') ?? []), { exchange, data: { ...data, contentType } }]);
      } else if (status !== 400) {
        tell('not400', data, exchange);
        // A 5xx to the bad value is this finding: doc.responses-match-openapi leaves it here.
        markReportedServerError(ctx, 'input.declared-body', exchange);
      } else if (namesMember(exchange, name)) ctx.pass();
      else tell('noIssue', data, exchange);
    };
    for (const { name, bad } of probes) {
      const body = collection.createBody();
      const json: JsonObject = { ...body, [name]: bad.value };
      // A lax server may store the bad value as it likes: the record is proven the run's own by the rest of the body.
      const proof = Object.fromEntries(Object.entries(body).filter(([member]) => member !== name)) as JsonObject;
      judge(await postProbe(ctx, collection, { json, proof }), name, bad.breaks, bad.value);
    }
    await updateOwnRecord(ctx, collection, doc, judge);
    for (const { id, data, exchanges } of told.values()) {
      const [first, ...others] = exchanges as [Exchange, ...Exchange[]];
      ctx.report(id, { ...data, also: alsoBy(first, others) }, first, ...others);
    }
    for (const [key, answers] of alike) {
      const [first, ...others] = answers;
      if (first === undefined) continue;
      const members = new Set(others.map((o) => o.data['name']).filter((name) => name !== first.data['name'])).size;
      const also =
        alsoBy(
          first.exchange,
          others.filter((o) => o.data['name'] === first.data['name']).map((o) => o.exchange),
        ) + (members > 0 ? ` (and ${members} more of its members alike)` : '');
      ctx.report(
        key === 'notProblem' ? 'notProblem' : 'not400',
        { ...first.data, also },
        first.exchange,
        ...others.map((o) => o.exchange),
      );
    }
  },
});

/**
 * The update of a record the run creates and proves its own (never the API's): one member its PUT or PATCH schema
 * constrains, broken. A lax server's change is to the run's own record, which its cleanup removes.
 */
async function updateOwnRecord(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  doc: Obj,
  judge: (exchange: Exchange, name: string, breaks: string, value: string | number) => void,
): Promise<void> {
  const document = ctx.target.documents.find(
    (d) => d.creator === collection && d.update !== undefined && supportsMethod(d, d.update),
  );
  if (!document?.update) return;
  const properties = bodyProperties(doc, document.template ?? document.path, document.update);
  // Nothing the update schema constrains: no record is made for nothing.
  if (!Object.values(properties).some((schema) => breakingMember(doc, schema) !== undefined)) return;
  let probe: { name: string; bad: { value: string | number; breaks: string } } | undefined;
  try {
    const { exchange } = await updateProbe(ctx, document, (current) => {
      const patch = document.update === 'patch';
      const body = writableBody(patch ? (document.patch ?? current) : current, document);
      // A merge patch may set any member its schema declares; a PUT sends the whole record, one member broken.
      for (const name of patch ? Object.keys(properties) : Object.keys(body)) {
        const schema = derefIn(doc, properties[name]);
        // The record's key stays: a lax server that took a new one would move the record away from its cleanup.
        if (name === collection.key || name === document.param) continue;
        if (isObject(schema) && schema['readOnly'] === true) continue;
        const bad = breakingMember(doc, schema);
        if (bad) {
          probe = { name, bad };
          break;
        }
      }
      if (!probe) return { json: body };
      return { json: patch ? { [probe.name]: probe.bad.value } : { ...body, [probe.name]: probe.bad.value } };
    });
    if (probe) judge(exchange, probe.name, probe.bad.breaks, probe.bad.value);
  } catch (error) {
    // No record of its own to write to: the POST probes stand alone.
    if (error instanceof SkipSignal) return;
    throw error;
  }
}
