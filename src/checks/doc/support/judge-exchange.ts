// One exchange against the contract: which operation and response the document promises, and whether the body keeps it.
import type { MessageData } from '../../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';
import { pointerOf } from '../../../openapi/pointer.js';
import { followLocalRefs } from '../../../openapi/refs.js';
import {
  candidatePaths,
  isJsonMediaType,
  matchPathTemplate,
  selectContent,
  selectResponse,
} from './contract-lookup.js';
import type { ContractValidator } from './contract-validator.js';

type Obj = Record<string, unknown>;

type ContractFinding = 'undocumentedStatus' | 'undocumentedMediaType' | 'schemaMismatch';

type Verdict =
  | { kind: 'pass' }
  | { kind: 'fail'; messageId: ContractFinding; data: MessageData }
  /** The document says nothing about this request (no path or no GET): nothing to hold it to. */
  | { kind: 'undocumented'; what: string }
  /** Something documented, but no verdict possible (truncated body, a schema ajv cannot compile). */
  | { kind: 'unjudged'; why: string };

const MAX_ERRORS = 3;
/** Statuses that never carry a body (RFC 9110), whatever the document lists as content. */
const BODILESS = new Set([204, 304]);

const isConditional = (headers: Record<string, string>): boolean =>
  Object.keys(headers).some((name) => /^if-(none-match|modified-since)$/i.test(name));

export function judgeExchange(
  document: Obj,
  validator: ContractValidator,
  baseUrl: string,
  exchange: Exchange,
): Verdict {
  const { request, response } = exchange;
  const method = request.method.toLowerCase();
  const paths = isObject(document['paths']) ? document['paths'] : {};
  const candidates = candidatePaths(request.url, baseUrl, document['servers']);
  const template = candidates
    .map((path) => matchPathTemplate(Object.keys(paths), path))
    .find((found) => found !== undefined);
  if (template === undefined)
    return {
      kind: 'undocumented',
      what: `${request.method} ${candidates[0] ?? new URL(request.url).pathname} (no documented path)`,
    };
  const item = followLocalRefs(document, paths[template], ['paths', template]);
  const operation = isObject(item.value) ? item.value[method] : undefined;
  if (!isObject(operation))
    return { kind: 'undocumented', what: `${request.method} ${template} (no documented operation)` };
  const operationPath = [...item.path, method];

  const data: MessageData = {
    method: request.method,
    url: request.url,
    status: response.status,
    operation: `${request.method} ${template}`,
  };
  const responseKey = selectResponse(operation['responses'], response.status);
  // A 304 answers the run's own conditional GET (RFC 9110 §15.4.5): the protocol's answer, not the operation's.
  if (responseKey === undefined && response.status === 304 && isConditional(request.headers)) {
    return { kind: 'unjudged', why: `${request.method} ${template} → 304 to a conditional request` };
  }
  if (responseKey === undefined) return { kind: 'fail', messageId: 'undocumentedStatus', data };
  const declared = followLocalRefs(document, (operation['responses'] as Obj)[responseKey], [
    ...operationPath,
    'responses',
    responseKey,
  ]);
  const content = isObject(declared.value) && isObject(declared.value['content']) ? declared.value['content'] : {};
  const documented = Object.keys(content).join(', ') || '(no body)';
  Object.assign(data, { response: responseKey, documented });
  if (response.truncated)
    return {
      kind: 'unjudged',
      why: `${request.method} ${template} → ${response.status}: body larger than the body cap`,
    };

  const mediaType = mediaTypeOf(response);
  if (response.text === '') {
    // An empty body keeps the contract when the response documents none (or the status allows none).
    if (Object.keys(content).length === 0 || BODILESS.has(response.status)) return { kind: 'pass' };
    return { kind: 'fail', messageId: 'undocumentedMediaType', data: { ...data, mediaType: '(empty body)' } };
  }
  const contentKey = mediaType === undefined ? undefined : selectContent(content, mediaType);
  if (contentKey === undefined)
    return { kind: 'fail', messageId: 'undocumentedMediaType', data: { ...data, mediaType: mediaType ?? '(none)' } };
  const media = content[contentKey];
  if (!isObject(media) || media['schema'] === undefined || !isJsonMediaType(mediaType ?? '')) return { kind: 'pass' };

  const body = response.json;
  if (body === undefined)
    return { kind: 'fail', messageId: 'schemaMismatch', data: { ...data, mediaType, errors: '(root) is not JSON' } };
  const result = validator.validate(`#${pointerOf([...declared.path, 'content', contentKey, 'schema'])}`, body);
  if (result.ok === true) return { kind: 'pass' };
  if (result.ok === 'unusable')
    return {
      kind: 'unjudged',
      why: `${request.method} ${template} → ${responseKey}: schema not compilable (${result.reason})`,
    };
  const more = result.errors.length > MAX_ERRORS ? ` (+${result.errors.length - MAX_ERRORS} more)` : '';
  return {
    kind: 'fail',
    messageId: 'schemaMismatch',
    data: { ...data, mediaType, errors: result.errors.slice(0, MAX_ERRORS).join('; ') + more },
  };
}
