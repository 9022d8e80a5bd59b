// Operation-level rules: status codes, problem responses, payload presence, request bodies,
// operation ids, tags, summaries.
import { operationsOf, responsesOf, type OperationVisit } from '../support/inventory.js';
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { isLowerCamel } from '../support/naming.js';
import { followLocalRefs } from '../../src/openapi/refs.js';
import {
  defineRuleFunction,
  definedInOtherFile,
  finding,
  isReusableDefinitionsOnly,
  NO_OPTIONS,
  type Finding,
} from './define.js';

const PROBLEM_JSON = 'application/problem+json';
const isErrorCode = (code: string): boolean => /^[45]/.test(code) || code === 'default';
const hasContent = (response: Json): boolean => isObject(response.content) && Object.keys(response.content).length > 0;
const hasMedia = (response: Json, mediaType: string): boolean =>
  Object.keys(isObject(response.content) ? response.content : {}).some((m) => bareMediaType(m) === mediaType);
const isHeadOrOptions = (op: OperationVisit): boolean => op.method === 'head' || op.method === 'options';

/** stat-codes-<method>: status codes the guide's matrix marks as SHOULD NOT for this method. */
export const statusCodesForMethod = defineRuleFunction<{ method: string; forbidden: number[] }>(
  {
    type: 'object',
    properties: {
      method: { type: 'string', enum: ['get', 'head', 'put', 'post', 'patch', 'delete', 'options'] },
      forbidden: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 } },
    },
    required: ['method', 'forbidden'],
    additionalProperties: false,
  },
  (root, { method, forbidden }) => {
    const out: Finding[] = [];
    for (const op of operationsOf(root)) {
      if (op.method !== method) continue;
      for (const { code, at } of responsesOf(op)) {
        if (forbidden.includes(Number(code))) {
          out.push(
            finding(`${method.toUpperCase()} operation should not have this status code [statuscode: ${code}]`, at),
          );
        }
      }
    }
    return out;
  },
);

/** prb-defaul: every operation (but HEAD/OPTIONS) has a `default` problem response. */
export const defaultProblemResponse = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (isHeadOrOptions(op)) continue;
    if (!isObject(op.operation.responses) || !('default' in op.operation.responses)) {
      out.push(
        finding(
          `${op.method.toUpperCase()} ${op.path} should have a default response with a Problem schema`,
          isObject(op.operation.responses) ? [...op.at, 'responses'] : op.at,
        ),
      );
    }
  }
  return out;
});

/**
 * prb-defaul (schema): the default response's problem+json schema is a $ref to a Problem schema.
 * Runs on the unresolved document (`resolved: false`): only there are $refs visible.
 */
export const defaultUsesProblemSchema = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const [path, pathItem] of entries(root.paths)) {
    for (const [method, operation] of entries(pathItem)) {
      if (!isObject(operation) || !isObject(operation.responses) || method === 'head' || method === 'options') continue;
      const raw = operation.responses.default;
      if (raw === undefined) continue;
      if (isObject(raw) && typeof raw.$ref === 'string' && !raw.$ref.startsWith('#/')) continue; // external: judged in its own file
      const response = followLocalRefs(root, raw).value;
      if (!isObject(response)) continue;
      // A body of another media type is err-problem's finding, on the same response.
      if (hasContent(response) && !hasMedia(response, PROBLEM_JSON)) continue;
      const media = isObject(response.content)
        ? Object.entries(response.content).find(([m]) => bareMediaType(m) === PROBLEM_JSON)?.[1]
        : undefined;
      const schema = isObject(media) ? media.schema : undefined;
      const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : undefined;
      if (!ref || !ref.includes('/Problem')) {
        out.push(
          finding(
            'The default response should use a Problem schema ($ref to .../Problem) under application/problem+json',
            ['paths', path, method, 'responses', 'default'],
          ),
        );
      }
    }
  }
  return out;
});

/** err-problem: the body an error response declares is application/problem+json; success responses use other types. */
export const problemMediaType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (isHeadOrOptions(op)) continue;
    for (const { code, response, at } of responsesOf(op)) {
      if (isErrorCode(code)) {
        if (op.method === 'get' && op.path.endsWith('/health') && code === '503') continue;
        // "The Problem Details response body MAY be absent when the HTTP status code itself provides
        // sufficient information": a response declaring no content has no body to judge.
        if (hasContent(response) && !hasMedia(response, PROBLEM_JSON))
          out.push(finding(`Error response ${code} should have media type ${PROBLEM_JSON}`, at));
      } else if (/^[123]/.test(code)) {
        for (const mediaType of Object.keys(isObject(response.content) ? response.content : {})) {
          if (bareMediaType(mediaType) === PROBLEM_JSON) {
            out.push(
              finding(`${PROBLEM_JSON} is not allowed on a successful status code ${code}`, [
                ...at,
                'content',
                mediaType,
              ]),
            );
          }
        }
      }
    }
  }
  return out;
});

/** meth-http: no body on GET/HEAD/DELETE/OPTIONS requests or HEAD responses; 200 has a body, 204 has none. */
export const payloadPresence = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    if (['get', 'head', 'delete', 'options'].includes(op.method) && op.operation.requestBody !== undefined) {
      out.push(finding(`A ${op.method.toUpperCase()} request should not have a body`, [...op.at, 'requestBody']));
    }
    for (const { code, response, at } of responsesOf(op)) {
      if (op.method === 'head' && hasContent(response))
        out.push(finding('A HEAD response has no body', [...at, 'content']));
      else if (code === '200' && op.method !== 'head' && !hasContent(response))
        out.push(finding('A 200 response should have a body (use 204 for none)', at));
      else if (code === '204' && hasContent(response))
        out.push(finding('A 204 response must not have a body', [...at, 'content']));
    }
  }
  return out;
});

/** opbody-req: requestBody.required is set explicitly. */
export const requestBodyRequired = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const body = op.operation.requestBody;
    if (isObject(body) && typeof body.required !== 'boolean') {
      out.push(finding('requestBody should state `required` explicitly', [...op.at, 'requestBody']));
    }
  }
  return out;
});

/** openapi-opid: every operation has an operationId, unique in the document. */
export const operationIdPresentUnique = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const op of operationsOf(root)) {
    const id = op.operation.operationId;
    if (typeof id !== 'string' || id === '')
      out.push(finding(`${op.method.toUpperCase()} ${op.path} has no operationId`, op.at));
    else if (seen.has(id)) out.push(finding(`operationId "${id}" is not unique`, [...op.at, 'operationId']));
    else seen.add(id);
  }
  return out;
});

/** openapi-opid (case): operationIds are lowerCamelCase. */
export const operationIdCase = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const id = op.operation.operationId;
    if (typeof id === 'string' && id !== '' && !isLowerCamel(id))
      out.push(finding(`operationId "${id}" should be lowerCamelCase`, [...op.at, 'operationId']));
  }
  return out;
});

/**
 * oas-tags: at most one tag per operation, declared in the entry document's top-level tags, starting
 * with a capital. As belgif's validator: every operation reachable from the entry document is checked,
 * also one $ref'd from another file, except those of a file of reusable definitions only.
 */
export const tagGuidelines = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  const declared = new Set(asArray(root.tags).map((t) => (isObject(t) ? t.name : undefined)));
  // A file of reusable definitions declares no tags: the entry document that uses its paths does.
  const checkDeclared = !isReusableDefinitionsOnly(root);
  for (const op of operationsOf(root)) {
    const tags = asArray(op.operation.tags);
    if (tags.length > 1) out.push(finding('An operation should have at most one tag', [...op.at, 'tags']));
    tags.forEach((tag, i) => {
      if (typeof tag !== 'string') return;
      const at = [...op.at, 'tags', i];
      if (checkDeclared && !declared.has(tag) && !fromReusableDefinitions(context, at))
        out.push(finding(`Tag "${tag}" should be declared in the top-level tags`, at));
      if (!/^[A-Z]/.test(tag)) out.push(finding(`Tag "${tag}" should start with a capital`, at));
    });
  }
  return out;
});

/** Whether `at` is defined in another file that holds reusable definitions only (x-reusable-definitions-only). */
function fromReusableDefinitions(context: RulesetFunctionContext, at: JsonPath): boolean {
  if (!definedInOtherFile(context, at)) return false;
  try {
    const data = context.documentInventory.findAssociatedItemForPath(at, true)?.document.data;
    return isObject(data) && isReusableDefinitionsOnly(data);
  } catch {
    return false;
  }
}

/** oas-descr (operations): every operation has a summary. */
export const operationSummaries = (root: Json): Finding[] =>
  operationsOf(root)
    .filter((op) => typeof op.operation.summary !== 'string' || op.operation.summary.trim() === '')
    .map((op) => finding(`${op.method.toUpperCase()} ${op.path} should have a summary`, op.at));

/** oas-descr (REQUIRED): info.title is present. */
export const infoTitle = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const info = isObject(root.info) ? root.info : undefined;
  if (info && typeof info.title === 'string' && info.title.trim() !== '') return [];
  return [finding('info.title is required', info ? ['info'] : [])];
});
