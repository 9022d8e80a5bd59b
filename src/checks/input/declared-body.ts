import { defineCheck } from '../../core/define-check.js';
import type { Exchange } from '../../core/exchange.js';
import { isObject, type JsonObject } from '../../core/json.js';
import type { CollectionTarget } from '../../core/target.js';
import { declaredOpenApi, derefIn } from '../support/api-openapi.js';
import { exchangeData } from '../support/provoke-errors.js';
import { breakingMember, type Obj } from './support/param-values.js';
import { postProbe } from './support/write-probes.js';

/** Members probed per run: each is a POST, which a lax server may turn into a record the run then removes. */
export const MAX_PROBED_MEMBERS = 8;
const INPUT_VALIDATION = /[:/](?:schemaViolation|invalidInput|outOfRange|invalidStructure)(?:\.html)?$/;

/** The JSON schema of the collection's POST body, with allOf members' properties merged (one level). */
function createProperties(doc: Obj, collection: CollectionTarget): Obj {
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const item = derefIn(doc, paths[collection.template ?? collection.path]);
  const post = isObject(item) ? derefIn(doc, item['post']) : undefined;
  const body = isObject(post) ? derefIn(doc, post['requestBody']) : undefined;
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

export default defineCheck({
  meta: {
    id: 'input.declared-body',
    rule: 'req-valid',
    severity: 'error',
    writes: true,
    title:
      'A create body member breaking its declared schema (enum, range, pattern, length, format) answers 400 with an issue naming it',
    messages: {
      accepted: 'POST {{url}} answered {{status}}: body member {{name}} took {{breaks}} instead of a 400 naming it.',
      not400: 'POST {{url}} (body member {{name}}: {{breaks}}) answered {{status}} instead of 400.',
      noIssue:
        'POST {{url}} (body member {{name}}: {{breaks}}) answered 400 without an issue of an input-validation type (schemaViolation, invalidInput), in body, named {{name}}.',
    },
  },
  appliesTo: 'collection',
  requires: { what: 'collection with a create body', test: (collection) => collection.create !== undefined },
  async run(ctx, collection) {
    const doc = await declaredOpenApi(ctx);
    if (typeof doc === 'string') return ctx.skip(`${doc}: no declared body schema to break`);
    const properties = createProperties(doc, collection);
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
    for (const { name, bad } of probes) {
      const body = collection.createBody();
      const json: JsonObject = { ...body, [name]: bad.value };
      // A lax server may store the bad value as it likes: the record is proven the run's own by the rest of the body.
      const proof = Object.fromEntries(Object.entries(body).filter(([member]) => member !== name)) as JsonObject;
      const exchange = await postProbe(ctx, collection, { json, proof });
      const { status } = exchange.response;
      const data = { ...exchangeData(exchange), name, breaks: bad.breaks };
      if (status >= 200 && status < 300) ctx.report('accepted', data, exchange);
      else if (ctx.expect(status === 400, 'not400', data, exchange))
        ctx.expect(namesMember(exchange, name), 'noIssue', data, exchange);
    }
  },
});
