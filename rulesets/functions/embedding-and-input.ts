// col-embed: full representations of collection items go in the root `embedded` map, not in the
// items; req-valid: unknown input is refused with 400, so an operation taking input says how.
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../support/inventory.js';
import { bareMediaType, entries, isJsonMediaType, isObject, type Json, type JsonPath } from '../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';

/** The JSON body schema of a response, with its path. */
function jsonBody(response: Json, at: JsonPath): { schema: Json; at: JsonPath } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonMediaType(mediaType) && isObject(media) && isObject(media.schema)) return { schema: media.schema, at: [...at, 'content', mediaType, 'schema'] };
  }
  return undefined;
}

/** col-embed: a collection's items carry no `embedded` of their own; `?embed=` is answered by a root `embedded`. */
export const collectionEmbedding = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (op.method !== 'get') continue;
    const ok = responsesOf(op).find((r) => r.code === '200');
    const body = ok ? jsonBody(ok.response, ok.at) : undefined;
    if (!body) continue;
    const properties = declaredProperties(body.schema);
    const items = properties.get('items');
    if (!isObject(items) || effectiveType(items) !== 'array') continue;
    const item = isObject(items.items) ? items.items : undefined;
    if (item && declaredProperties(item).has('embedded')) {
      out.push(finding(`Items of ${op.path} declare "embedded": full representations go in the collection's root "embedded" map, keyed by the items' href`, body.at));
    }
    const embed = parametersOf(op).find((p) => p.parameter.in === 'query' && p.parameter.name === 'embed');
    if (embed && !properties.has('embedded')) {
      out.push(finding(`${op.path} accepts ?embed= but its response has no root "embedded" map for the embedded items`, body.at));
    }
  }
  return out;
});

const declaresBadRequest = (responses: unknown): boolean =>
  Object.keys(isObject(responses) ? responses : {}).some((code) => code === '400' || code.toUpperCase() === '4XX' || code === 'default');

/** A free-form object query parameter (form, exploded): every unknown query parameter would be taken as input. */
const isFreeFormQuery = (parameter: Json): boolean => {
  const schema = isObject(parameter.schema) ? parameter.schema : undefined;
  if (!schema || effectiveType(schema) !== 'object') return false;
  const open = schema.additionalProperties === undefined || schema.additionalProperties === true || isObject(schema.additionalProperties);
  return open && (parameter.style === undefined || parameter.style === 'form') && parameter.explode !== false;
};

/**
 * req-valid: an operation taking query parameters or a body declares 400 (or 4XX, or a default problem
 * response) to refuse unknown input; no query parameter swallows every unknown one.
 */
export const unknownInputRefused = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const query = parametersOf(op).filter((p) => p.parameter.in === 'query');
    const body = isObject(op.operation.requestBody) && Object.keys(isObject(op.operation.requestBody.content) ? op.operation.requestBody.content : {}).some((m) => bareMediaType(m) !== '');
    if ((query.length > 0 || body) && !declaresBadRequest(op.operation.responses)) {
      out.push(finding(`${op.method.toUpperCase()} ${op.path} takes input but declares no 400 (or default) response to refuse unknown input`, isObject(op.operation.responses) ? [...op.at, 'responses'] : op.at));
    }
    for (const { parameter, at } of query) {
      if (isFreeFormQuery(parameter)) out.push(finding(`Query parameter "${String(parameter.name)}" is a free-form object: unknown query parameters should be refused with 400, not collected`, at));
    }
  }
  return out;
});
