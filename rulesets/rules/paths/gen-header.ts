import { defineRule, type RuleCase } from '../define.js';
import { base, enumOf, O, op, param } from '../documents.js';
import { operationsOf, parametersOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';

/** The one value a parameter's schema allows (a one-value enum or a const), as JSON; undefined when it allows more. */
function pinnedValue(parameter: Json | undefined): string | undefined {
  const schema = parameter && isObject(parameter.schema) ? parameter.schema : undefined;
  const values = schema ? enumerated(schema)?.values : undefined;
  return values?.length === 1 ? JSON.stringify(values[0]) : undefined;
}
/**
 * gen-header: a header parameter documented on every operation belongs in general documentation,
 * unless each operation pins it to a value of its own.
 */
const generalHeaders = defineRuleFunction<{ minOperations: number }>(
  {
    type: 'object',
    properties: { minOperations: { type: 'integer', minimum: 2 } },
    required: ['minOperations'],
    additionalProperties: false,
  },
  (root, { minOperations }) => {
    const ops = operationsOf(root);
    if (ops.length < minOperations) return [];
    const perOperation = ops.map((op) => parametersOf(op).filter((p) => p.parameter.in === 'header'));
    const first = perOperation[0] ?? [];
    const out: Finding[] = [];
    for (const { parameter, at } of first) {
      const name = String(parameter.name).toLowerCase();
      const everywhere = perOperation.map(
        (params) => params.find((p) => String(p.parameter.name).toLowerCase() === name)?.parameter,
      );
      if (!everywhere.every((p) => p !== undefined)) continue;
      // Pinned to a value of each operation's own (X-Amz-Target: one action per operation), the header
      // says what the operation is: operation-specific, to be documented where it is.
      if (new Set(everywhere.map(pinnedValue)).size > 1) continue;
      out.push(
        finding(
          `Header "${String(parameter.name)}" is documented on all ${ops.length} operations: describe it once in the API documentation instead`,
          at,
        ),
      );
    }
    return out;
  },
);

export const rule = defineRule({
  code: 'gen-header',
  severity: 'warn',
  description:
    'Headers present on every operation are documented once, not per operation (unless each operation pins its own value)',
  then: { function: generalHeaders, functionOptions: { minOperations: 2 } },
});

const header = (name: string, schema: Json): Json => ({ name, in: 'header', required: true, schema });

export const cases = (): RuleCase[] => [
  {
    name: 'a header on every operation',
    errors: [{ path: param('/a', 'get') }],
    document: base({
      paths: {
        '/a': {
          get: op({
            operationId: 'a',
            parameters: [{ name: 'BelGov-Trace-Id', in: 'header', schema: { type: 'string' } }],
          }),
        },
        '/b': {
          get: op({
            operationId: 'b',
            parameters: [{ name: 'belgov-trace-id', in: 'header', schema: { type: 'string' } }],
          }),
        },
      },
    }),
  },
  {
    name: 'an operation-specific header',
    errors: [],
    document: base({
      paths: {
        '/a': {
          put: op({ operationId: 'a', parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }] }),
        },
        '/b': { get: op({ operationId: 'b' }) },
      },
    }),
  },
  // "Operation-specific HTTP header parameters SHOULD be documented": a header each operation pins to its own value is one.

  {
    name: 'FP: a header every operation pins to a value of its own',
    errors: [],
    document: base({
      paths: {
        '/#X-Amz-Target=Logs.CreateLogGroup': {
          post: op({
            operationId: 'createLogGroup',
            parameters: [header('X-Amz-Target', enumOf('Logs.CreateLogGroup'))],
          }),
        },
        '/#X-Amz-Target=Logs.DeleteLogGroup': {
          post: op({
            operationId: 'deleteLogGroup',
            parameters: [header('X-Amz-Target', enumOf('Logs.DeleteLogGroup'))],
          }),
        },
      },
    }),
  },
  {
    name: 'a header every operation pins to the same value',
    errors: [{ path: O('/a', 'get', 'parameters', 0) }],
    document: base({
      paths: {
        '/a': { get: op({ operationId: 'a', parameters: [header('Api-Version', enumOf('2024-01-01'))] }) },
        '/b': { get: op({ operationId: 'b', parameters: [header('Api-Version', enumOf('2024-01-01'))] }) },
      },
    }),
  },
];
