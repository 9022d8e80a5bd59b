import { defineRule, type RuleCase } from '../define.js';
import { ASYNC_BASE, P, v31, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { asArray, type Json } from '../../support/json.js';
import { enumerated, singleType } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

const ID_NAME = /^(?:id|[a-z][a-zA-Z0-9]*Id)$/;
/** The sample values a schema gives (example, examples, default, enum, const). */
const sampleValues = (schema: Json): unknown[] =>
  [schema.example, ...asArray(schema.examples), schema.default, ...(enumerated(schema)?.values ?? [])].filter(
    (v) => v !== undefined,
  );
/**
 * The rule is about existing numerical identifiers: integers, or digit strings (leading zeros) whose
 * samples show they are numbers. A free-form string id (a UUID, a CloudEvents id) is none of its business.
 */
function numericIdProblem(schema: Json): string | undefined {
  const type = singleType(schema);
  if (type === 'integer') {
    const missing = ['format', 'minimum', 'maximum'].filter((k) => schema[k] === undefined);
    return missing.length > 0 ? `an integer identifier should declare ${missing.join(', ')}` : undefined;
  }
  if (type === 'string') {
    const samples = sampleValues(schema);
    const numeric = samples.length > 0 && samples.every((v) => typeof v === 'string' && /^\d+$/.test(v));
    const constrained =
      schema.pattern !== undefined || schema.format !== undefined || Array.isArray(schema.enum) || 'const' in schema;
    return numeric && !constrained ? 'a numerical identifier held as a string should declare a pattern' : undefined;
  }
  return undefined;
}
/** id-numer: identifiers are constrained: integers with format, minimum and maximum; strings with a pattern. */
const identifierSchemas = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    const name =
      visit.propertyName ??
      (visit.parameter && visit.parameter.in !== 'header' ? String(visit.parameter.name) : undefined) ??
      visit.componentName;
    const isId =
      name !== undefined &&
      (ID_NAME.test(name) || (visit.componentName !== undefined && /Id$/.test(visit.componentName)));
    if (!isId) continue;
    const problem = numericIdProblem(visit.schema);
    if (problem) out.push(finding(`Identifier "${name}": ${problem}`, visit.at));
  }
  return out;
});

export const rule = defineRule({
  code: 'id-numer',
  severity: 'warn',
  description: 'Integer identifiers declare format, minimum and maximum; string identifiers a pattern',
  then: identifierSchemas,
});

export const cases = (): RuleCase[] => [
  {
    name: 'FP: free-form string ids (a CloudEvents id, a meeting id)',
    errors: [],
    document: withSchemas({
      AsynchronousMessageBase: ASYNC_BASE,
      Meeting: { type: 'object', properties: { meetingId: { type: 'string', example: 'mtg-2024-a' } } },
    }),
  },
  {
    name: '3.1: a nullable integer id without bounds',
    errors: [{ path: P('A', 'properties', 'employerId') }],
    document: v31(withSchemas({ A: { type: 'object', properties: { employerId: { type: ['integer', 'null'] } } } })),
  },

  {
    name: 'unbounded integer id; digit-string id without pattern',
    errors: [{ path: P('A', 'properties', 'employerId') }, { path: P('A', 'properties', 'companyId') }],
    document: withSchemas({
      A: {
        type: 'object',
        properties: { employerId: { type: 'integer' }, companyId: { type: 'string', example: '0123456789' } },
      },
    }),
  },
  {
    name: 'bounded integer, patterned string',
    errors: [],
    document: withSchemas({
      A: {
        type: 'object',
        properties: {
          employerId: { type: 'integer', format: 'int64', minimum: 0, maximum: 5999999999 },
          companyId: { type: 'string', pattern: '^\\d{10}$' },
        },
      },
    }),
  },
];
