import { defineRule, type RuleCase } from '../define.js';
import { base, enumOf, O, objectOf, op, P, queryParam, schemasOf, withPath, withSchemas } from '../documents.js';
import { allParameters, allResponseHeaders, inventory, operationsOf } from '../../support/inventory.js';
import { entries, isObject, type Json, type JsonPath } from '../../support/json.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

const NAMED_AFTER_DEPRECATION = /deprecat/i;
const MENTIONS_DEPRECATION = /\bdeprecated\b/i;
// A sentence (or line) mentioning deprecation.
const DEPRECATION_SENTENCE = /[^.!?\n]*\bdeprecated\b[^.!?\n]*/gi;
// "`number` is deprecated", "`a` and `b` are deprecated values": what is deprecated is a quoted value.
const VALUE_DEPRECATED =
  /`[^`\n]+`\s+(?:(?:is|are|was|were|has been|have been)\s+(?:now\s+)?)?deprecated\b|\bdeprecated\s+(?:values?|options?)\b/i;
// "Only set if the endpoint is deprecated": a condition on something else, not a statement about this element.
const CONDITIONAL = /\b(?:if|when|whether|once|unless)\b[^.!?\n]*\bdeprecated\b/i;
// "the link is to be deprecated at a future date": a deprecation to come, not one the element has now.
const FUTURE =
  /\b(?:is|are)\s+(?:about\s+)?to\s+be\s+deprecated\b|\b(?:will|shall|may|might|could|would)\s+(?:later\s+|soon\s+)?be\s+deprecated\b/i;
// What says the element itself is deprecated: a sentence opening with "Deprecated", "<this> is (being) deprecated",
// "deprecated since/in favour of". "deprecated keywords are not shown" speaks of business records instead.
const SAYS_OWN =
  /^[\s*_`"'([-]*deprecated\b|\b(?:is|are|was|were|been|being|now)\s+(?:now\s+|also\s+)?deprecated\b|\bdeprecated\s+(?:since|as of|from|in favou?r|in v(?:ersion)?\b)/i;
// "keywords that are deprecated": a relative clause about other things.
const RELATIVE = /\b(?:that|which|who)\s+(?:is|are|was|were|has been|have been)\s+deprecated\b/i;

/**
 * Whether a description says its own element is deprecated: some sentence mentioning deprecation
 * does not speak of one of the element's values (an enum value; the element itself stays in use).
 */
function describesOwnDeprecation(text: string, values: unknown[]): boolean {
  if (!MENTIONS_DEPRECATION.test(text)) return false;
  // A single line break wraps a sentence (YAML folding, generators); a blank line ends a paragraph.
  const unwrapped = text.replace(/\r?\n(?![ \t]*\r?\n)/g, ' ');
  for (const [sentence] of unwrapped.matchAll(DEPRECATION_SENTENCE)) {
    if (VALUE_DEPRECATED.test(sentence) || CONDITIONAL.test(sentence) || FUTURE.test(sentence)) continue;
    if (!SAYS_OWN.test(sentence) || RELATIVE.test(sentence)) continue;
    if (
      values.some(
        (v) => typeof v === 'string' && v !== '' && (sentence.includes(`\`${v}\``) || sentence.includes(`"${v}"`)),
      )
    )
      continue;
    return true;
  }
  return false;
}

/** The enum values an element declares: its own, or its (parameter or header) schema's. */
function declaredValues(holder: Json): unknown[] {
  const own = enumerated(holder)?.values;
  if (own) return own;
  return isObject(holder.schema) ? (enumerated(holder.schema)?.values ?? []) : [];
}
/** evo-deprec: what the description calls deprecated is marked `deprecated: true` (`x-deprecated` on security schemes). */
const deprecationMarked = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const check = (holder: unknown, at: JsonPath, flag = 'deprecated') => {
    if (
      isObject(holder) &&
      typeof holder.description === 'string' &&
      holder[flag] !== true &&
      describesOwnDeprecation(holder.description, declaredValues(holder))
    ) {
      out.push(finding(`Described as deprecated but not marked \`${flag}: true\``, at));
    }
  };
  for (const op of operationsOf(root)) check(op.operation, op.at);
  // A property or parameter named after deprecation (`deprecated`, a date; `deprecationDate`) holds business
  // data about it: its description speaks of the data, not of the element's own `deprecated: true` keyword.
  for (const { parameter, at } of allParameters(root))
    if (typeof parameter.name !== 'string' || !NAMED_AFTER_DEPRECATION.test(parameter.name)) check(parameter, at);
  for (const { header, at } of allResponseHeaders(root)) check(header, at);
  for (const { schema, at, propertyName } of inventory(root).schemas)
    if (propertyName === undefined || !NAMED_AFTER_DEPRECATION.test(propertyName)) check(schema, at);
  const schemes = isObject(root.components) ? root.components.securitySchemes : undefined;
  for (const [name, scheme] of entries(schemes)) check(scheme, ['components', 'securitySchemes', name], 'x-deprecated');
  return out;
});

export const rule = defineRule({
  code: 'evo-deprec',
  severity: 'warn',
  description:
    'What is described as deprecated (itself, not one of its values) is marked deprecated: true (x-deprecated on security schemes)',
  then: deprecationMarked,
});

/** Deprecated values and records beside the element, not the element itself. */
const wholeElementCases = (): RuleCase[] => [
  // "deprecated: true SHOULD be used ... on operations, parameters, headers and Schema Objects": for the element itself, not one of its values.

  {
    name: 'FP: a condition on another element being deprecated',
    errors: [],
    document: withSchemas({
      Endpoint: objectOf({
        sunsetAt: {
          type: 'string',
          format: 'date-time',
          description: 'When the endpoint stops working. Only set if the endpoint\nis deprecated.',
        },
      }),
    }),
  },
  {
    name: 'FP: one enum value deprecated, on a parameter and on a property',
    errors: [],
    document: withPath(
      '/things',
      {
        get: op({
          parameters: [
            queryParam('sort', enumOf('created', 'number'), {
              description: 'The property to sort by. `number` is deprecated - use `created` instead.',
            }),
          ],
        }),
      },
      schemasOf({
        Settings: objectOf({
          security: {
            ...enumOf('enabled', 'disabled', 'codeSecurity'),
            description: 'The status. `codeSecurity` is deprecated: use the `codeSecurity` field.',
          },
        }),
      }),
    ),
  },
  {
    name: 'the element itself deprecated, in words only',
    errors: [{ path: P('App', 'properties', 'smsStatusCallback') }, { path: O('/things', 'get') }],
    document: withPath(
      '/things',
      {
        get: op({ description: '**Deprecated**: use `GET /items` instead.' }),
      },
      schemasOf({
        App: objectOf({
          smsStatusCallback: {
            type: 'string',
            format: 'uri',
            description: 'The status callback. Deprecated, included for backwards compatibility.',
          },
        }),
      }),
    ),
  },
  // Issue 46 first pass (Helsinki Linked Events): deprecated business records, not a deprecated element.
  {
    name: 'FP: a description speaking of deprecated records; the operation that says it is deprecated',
    errors: [
      { path: ['paths', '/keywords/{id}', 'get'] },
      { path: ['components', 'schemas', 'Course', 'properties', 'fundingType'] },
    ],
    document: base({
      paths: {
        '/keywords': {
          get: op({
            description:
              'By default, deprecated keywords are not shown; keywords that are deprecated need showDeprecated.',
          }),
        },
        '/keywords/{id}': { get: op({ description: 'This operation is deprecated: use /keywords.' }) },
      },
      components: {
        schemas: {
          // UK DfE: a deprecation under way is one the element has now.
          Course: objectOf({
            fundingType: { type: 'string', description: 'This field is being deprecated after the 2025 cycle.' },
          }),
        },
      },
    }),
  },
  {
    name: 'FP: deprecated records only',
    errors: [],
    document: withPath('/keywords', {
      get: op({ description: 'By default, deprecated keywords are not shown; add showDeprecated=true to list them.' }),
    }),
  },
];

export const cases = (): RuleCase[] => [
  // The guide's deprecated is OpenAPI's keyword; a property recording a deprecation is business data.

  {
    name: 'FP: a property deprecated (a date), deprecationReason, a deprecated filter',
    errors: [],
    document: withPath(
      '/products',
      {
        get: op({
          parameters: [
            queryParam('deprecated', { type: 'boolean' }, { description: 'Also list products that are deprecated' }),
          ],
        }),
      },
      schemasOf({
        Product: objectOf({
          deprecated: { type: 'string', format: 'date', description: 'The day the product was deprecated' },
          deprecationReason: { type: 'string', description: 'Why the product is deprecated' },
        }),
      }),
    ),
  },
  {
    name: 'a property and a schema described as deprecated without the keyword',
    errors: [{ path: P('Product', 'properties', 'oldName') }, { path: P('LegacyProduct') }],
    document: withSchemas({
      Product: objectOf({
        deprecated: { type: 'string', format: 'date' },
        oldName: { type: 'string', description: 'Deprecated: use name.' },
      }),
      LegacyProduct: { type: 'object', description: 'This schema is deprecated.' },
    }),
  },
  // "deprecated: true" marks what is deprecated now; a deprecation still to come is not one yet.

  {
    name: 'FP: a deprecation to come, of the element or of what it points to',
    errors: [],
    document: withSchemas({
      Link: objectOf({
        sunset: {
          type: 'boolean',
          description: 'When present, the target of the link is to be deprecated (and removed) at a later date.',
        },
        legacyCode: { type: 'string', description: 'This field will be deprecated in the next major version.' },
      }),
    }),
  },
  {
    name: 'deprecated now, next to a sentence about the future',
    errors: [{ path: P('Link', 'properties', 'title') }],
    document: withSchemas({
      Link: objectOf({
        title: { type: 'string', description: 'Deprecated: use name. The whole schema will be deprecated later.' },
      }),
    }),
  },

  {
    name: 'described deprecated, not marked',
    errors: [{ path: O('/a', 'get') }, { path: ['components', 'schemas', 'Old'] }],
    document: withPath(
      '/a',
      { get: op({ description: 'Deprecated: use /b' }) },
      { components: { schemas: { Old: { type: 'object', description: 'deprecated since v1.2' } } } },
    ),
  },
  {
    name: 'marked deprecated',
    errors: [],
    document: withPath('/a', { get: op({ description: 'Deprecated: use /b', deprecated: true }) }),
  },
  ...wholeElementCases(),
];
