import { defineRule, type RuleCase } from '../define.js';
import { withSchemas } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding } from '../../functions/define.js';

/** oas-types: schema names carry business meaning, not generic terms. */
const schemaNamesMeaningful = defineRuleFunction<{ generic: string[]; genericSuffixes: string[] }>(
  {
    type: 'object',
    properties: {
      generic: { type: 'array', items: { type: 'string' } },
      genericSuffixes: { type: 'array', items: { type: 'string' } },
    },
    required: ['generic', 'genericSuffixes'],
    additionalProperties: false,
  },
  (root, { generic, genericSuffixes }) => {
    const schemas = isObject(root.components) && isObject(root.components.schemas) ? root.components.schemas : {};
    const isGeneric = (name: string) =>
      generic.includes(name) || genericSuffixes.some((s) => name.endsWith(s) && name !== s);
    return Object.keys(schemas)
      .filter(isGeneric)
      .map((name) =>
        finding(`Schema name "${name}" is generic: name it after its business meaning`, [
          'components',
          'schemas',
          name,
        ]),
      );
  },
);

export const rule = defineRule({
  code: 'oas-types',
  severity: 'warn',
  description: 'Schema names carry business meaning, not generic terms',
  then: {
    function: schemaNamesMeaningful,
    functionOptions: {
      generic: [
        'Data',
        'Info',
        'Object',
        'Item',
        'Items',
        'Result',
        'Response',
        'Request',
        'Body',
        'Payload',
        'Entity',
        'Model',
      ],
      genericSuffixes: ['Dto', 'DTO', 'Info', 'Data'],
    },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'generic names',
    errors: [{ path: ['components', 'schemas', 'Data'] }, { path: ['components', 'schemas', 'EmployerDto'] }],
    document: withSchemas({ Data: { type: 'object' }, EmployerDto: { type: 'object' } }),
  },
  {
    name: 'business names',
    errors: [],
    document: withSchemas({ Employer: { type: 'object' }, Company: { type: 'object' } }),
  },
];
