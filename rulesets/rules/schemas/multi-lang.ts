import { defineRule, type RuleCase } from '../define.js';
import { P, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/** multi-lang: texts in several languages are one object keyed by language code, not one property per language. */
const SUFFIXED = /^[a-z][a-zA-Z0-9]*(Nl|Fr|De|En)$/;
const multiLanguage = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  inventory(root).schemas.flatMap(({ schema, at }) =>
    Object.keys(isObject(schema.properties) ? schema.properties : {})
      .filter((name) => SUFFIXED.test(name))
      .map((name) =>
        finding(
          `"${name}" holds one language: use one property with an object keyed by language code (nl, fr, de, en)`,
          [...at, 'properties', name],
        ),
      ),
  ),
);

export const rule = defineRule({
  code: 'multi-lang',
  severity: 'warn',
  description: 'Multi-language texts are one object keyed by language code',
  then: multiLanguage,
});

export const cases = (): RuleCase[] => [
  {
    name: 'one property per language',
    errors: [{ path: P('A', 'properties', 'nameNl') }, { path: P('A', 'properties', 'nameFr') }],
    document: withSchemas({
      A: { type: 'object', properties: { nameNl: { type: 'string' }, nameFr: { type: 'string' } } },
    }),
  },
  {
    name: 'a localized object',
    errors: [],
    document: withSchemas({
      A: {
        type: 'object',
        properties: { name: { type: 'object', properties: { nl: { type: 'string' }, fr: { type: 'string' } } } },
      },
    }),
  },
];
