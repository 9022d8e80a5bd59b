// col-embed: full representations of collection items go in the root `embedded` map, not in the
// items; req-valid: no query parameter collects every unknown one.
import { declaredProperties, effectiveType, operationsOf, parametersOf, responsesOf } from '../support/inventory.js';
import { entries, isJsonMediaType, isObject, type Json, type JsonPath } from '../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from './define.js';

/** The JSON body schema of a response, with its path. */
function jsonBody(response: Json, at: JsonPath): { schema: Json; at: JsonPath } | undefined {
  for (const [mediaType, media] of entries(response.content)) {
    if (isJsonMediaType(mediaType) && isObject(media) && isObject(media.schema))
      return { schema: media.schema, at: [...at, 'content', mediaType, 'schema'] };
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
      out.push(
        finding(
          `Items of ${op.path} declare "embedded": full representations go in the collection's root "embedded" map, keyed by the items' href`,
          body.at,
        ),
      );
    }
    const embed = parametersOf(op).find((p) => p.parameter.in === 'query' && p.parameter.name === 'embed');
    if (embed && !properties.has('embedded')) {
      out.push(
        finding(
          `${op.path} accepts ?embed= but its response has no root "embedded" map for the embedded items`,
          body.at,
        ),
      );
    }
  }
  return out;
});

/** A free-form object query parameter (form, exploded): every unknown query parameter would be taken as input. */
const isFreeFormQuery = (parameter: Json): boolean => {
  const schema = isObject(parameter.schema) ? parameter.schema : undefined;
  if (!schema || effectiveType(schema) !== 'object') return false;
  const open =
    schema.additionalProperties === undefined ||
    schema.additionalProperties === true ||
    isObject(schema.additionalProperties);
  return open && (parameter.style === undefined || parameter.style === 'form') && parameter.explode !== false;
};

// "If an operation does allow and process input that is not defined in OpenAPI, its description should
// explicitly indicate this": a description saying other parameters are accepted documents it.
const DOCUMENTS_OPEN_INPUT =
  /\b(?:arbitrary|additional|any(?: other)?|extra|custom|free[- ]form|unknown|other|undeclared|dynamic)\b[^.;]{0,40}?\b(?:(?:query )?parameters?|propert(?:y|ies)|keys?|fields?|filters?|attributes?|criteria)\b/i;
const documentsOpenInput = (...texts: unknown[]): boolean =>
  texts.some((t) => typeof t === 'string' && DOCUMENTS_OPEN_INPUT.test(t));

/**
 * req-valid: no query parameter swallows every unknown one (a free-form object, form-exploded), so
 * unknown query parameters can be refused. Whether an operation refuses unknown input is a run-time
 * matter (the input.* checks); the response documenting it is prb-defaul's default problem response.
 * A parameter whose description (or its operation's) says it takes other parameters is documented open input.
 */
export const unknownInputRefused = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    for (const { parameter, at } of parametersOf(op)) {
      if (parameter.in !== 'query' || !isFreeFormQuery(parameter)) continue;
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      if (
        !documentsOpenInput(parameter.description, schema.description, op.operation.description, op.operation.summary)
      ) {
        out.push(
          finding(
            `Query parameter "${String(parameter.name)}" is a free-form object: unknown query parameters should be refused with 400, not collected (or its description should say that other parameters are accepted)`,
            at,
          ),
        );
      }
    }
  }
  return out;
});
