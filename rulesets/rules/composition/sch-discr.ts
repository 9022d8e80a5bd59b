import { defineRule, type RuleCase } from '../define.js';
import { P, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { entries, isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

const URI_REFERENCE = /[#/]/;
/** sch-discr: a discriminator has an explicit mapping whose values are URI references (#/components/schemas/X). */
const discriminatorMapping = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { schema, at } of inventory(root).schemas) {
    const discriminator = schema.discriminator;
    if (!isObject(discriminator)) continue;
    if (!isObject(discriminator.mapping)) {
      out.push(finding('A discriminator should have an explicit mapping', [...at, 'discriminator']));
      continue;
    }
    for (const [key, target] of entries(discriminator.mapping)) {
      if (typeof target !== 'string' || !URI_REFERENCE.test(target)) {
        out.push(
          finding(
            `Discriminator mapping "${key}" should be a URI reference such as #/components/schemas/${String(target)}`,
            [...at, 'discriminator', 'mapping', key],
          ),
        );
      }
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'sch-discr',
  severity: 'warn',
  description: 'A discriminator has an explicit mapping to URI references (#/components/schemas/X)',
  then: discriminatorMapping,
});

export const cases = (): RuleCase[] => [
  {
    name: 'no mapping; a bare name in a mapping',
    errors: [{ path: P('A', 'discriminator') }, { path: P('B', 'discriminator', 'mapping', 'dog') }],
    document: withSchemas({
      A: { type: 'object', discriminator: { propertyName: 'kind' } },
      B: { type: 'object', discriminator: { propertyName: 'kind', mapping: { dog: 'Dog' } } },
    }),
  },
  {
    name: 'mapping to URI references',
    errors: [],
    document: withSchemas({
      A: { type: 'object', discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog' } } },
    }),
  },
];
