import { defineRule, type RuleCase } from '../define.js';
import { base, withSchemas } from '../documents.js';
import { entries, isObject } from '../../support/json.js';
import { isUpperCamel } from '../../support/naming.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** oas-comp: component names are UpperCamelCase. */
const componentNames = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const [type, group] of entries(root.components)) {
    if (type.startsWith('x-')) continue;
    for (const name of Object.keys(isObject(group) ? group : {})) {
      if (!isUpperCamel(name))
        out.push(finding(`Component name "${name}" should be UpperCamelCase`, ['components', type, name]));
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-comp',
  severity: 'warn',
  description: 'Component names are UpperCamelCase',
  then: componentNames,
});

export const cases = (): RuleCase[] => [
  {
    name: 'lower, snake, dotted names',
    errors: [
      { path: ['components', 'schemas', 'employer'] },
      { path: ['components', 'schemas', 'Employer_V2'] },
      { path: ['components', 'parameters', 'page.size'] },
    ],
    document: base({
      components: {
        schemas: { employer: { type: 'object' }, Employer_V2: { type: 'object' } },
        parameters: { 'page.size': { name: 'pageSize', in: 'query', schema: { type: 'integer' } } },
      },
    }),
  },
  {
    name: 'UpperCamelCase',
    errors: [],
    document: withSchemas({
      Employer: { type: 'object' },
      HttpLink: { type: 'object' },
      EmployerV2: { type: 'object' },
    }),
  },
];
