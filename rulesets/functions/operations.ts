// Operation-level rules: status codes, problem responses, payload presence, request bodies,
// operation ids, tags, summaries.
import { SWAGGER_2_METHODS } from '../../src/openapi/operations.js';
import { operationsOf, responsesOf, type OperationVisit } from '../support/inventory.js';
import { bareMediaType, isObject, type Json } from '../support/json.js';
import { defineRuleFunction, finding, type Finding } from './define.js';

export const PROBLEM_JSON = 'application/problem+json';
export const hasContent = (response: Json): boolean =>
  isObject(response.content) && Object.keys(response.content).length > 0;
export const hasMedia = (response: Json, mediaType: string): boolean =>
  Object.keys(isObject(response.content) ? response.content : {}).some((m) => bareMediaType(m) === mediaType);
export const isHeadOrOptions = (op: OperationVisit): boolean => op.method === 'head' || op.method === 'options';

/** stat-codes-<method>: status codes the guide's matrix marks as SHOULD NOT for this method. */
export const statusCodesForMethod = defineRuleFunction<{ method: string; forbidden: number[] }>(
  {
    type: 'object',
    properties: {
      method: { type: 'string', enum: [...SWAGGER_2_METHODS] },
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

/** oas-descr (operations): every operation has a summary. */
export const operationSummaries = (root: Json): Finding[] =>
  operationsOf(root)
    .filter((op) => typeof op.operation.summary !== 'string' || op.operation.summary.trim() === '')
    .map((op) => finding(`${op.method.toUpperCase()} ${op.path} should have a summary`, op.at));
