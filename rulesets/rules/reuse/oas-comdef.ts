import { defineRule, type RuleCase } from '../define.js';
import { base, definitions, op, P, PROBLEM_V1, withSchemas } from '../documents.js';
import { asArray, entries, isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, isSchemaOnly, type Finding } from '../../functions/define.js';

/** Schema names of belgif's openapi-* repositories, each with the domain of the file that publishes it (<domain>/v<major>/<domain>-v<major>.yaml). */
const BELGIF_COMMON_TYPES: Record<string, string> = {
  Problem: 'problem',
  InputValidationProblem: 'problem',
  InputValidationIssue: 'problem',
  InvalidParamProblem: 'problem',
  HttpLink: 'common',
  SelfLink: 'common',
  LocalizedString: 'common',
  HealthStatus: 'common',
  LongRunningTaskStatus: 'common',
  Uuid: 'common',
  BelgianLanguage: 'common',
  Ssin: 'person/identifier',
  EnterpriseNumber: 'organization/identifier',
  EstablishmentUnitNumber: 'organization/identifier',
  Period: 'time',
};

/**
 * Local schemas that are surely another type than belgif's of that name, so there is nothing to reuse:
 * belgif's Period is a period of dates, one of date-times is an own type (issue 46, Organisation Registry).
 */
const OTHER_TYPE: Record<string, (schema: Json) => boolean> = {
  Period: (schema) => {
    const formats = entries(schema.properties).map(([, p]) => (isObject(p) ? p.format : undefined));
    return formats.includes('date-time') && !formats.includes('date');
  },
};

/** Whether a schema takes its definition from another file: a $ref to it, directly or as an allOf member. */
const isReferencedFromFile = (schema: Json): boolean =>
  [schema, ...asArray(schema.allOf)].some((s) => isObject(s) && typeof s.$ref === 'string' && !s.$ref.startsWith('#'));
/** Whether `source` is the file belgif publishes `domain`'s types in: .../<domain>/v<major>/<domain joined by ->-v<major>.yaml. */
function isPublishedFile(source: string | null | undefined, domain: string): boolean {
  if (typeof source !== 'string') return false;
  const segments = source.replace(/\\/g, '/').split('/');
  const file = segments.pop() ?? '';
  const version = segments.pop() ?? '';
  const stem = domain.replace(/\//g, '-');
  return (
    /^v\d+$/.test(version) &&
    segments.slice(-domain.split('/').length).join('/') === domain &&
    new RegExp(`^${stem}-${version}\\.ya?ml$`).test(file)
  );
}
/**
 * oas-comdef: belgif's common types are referenced from its openapi-* files, not defined again locally.
 * Only the file belgif publishes a type in (problem/v1/problem-v1.yaml for Problem) defines it: another
 * definitions file redefining it is an own variant, which is what the guide asks to avoid.
 */
const commonDefinitionsReused = defineRuleFunction<{ domains: Record<string, string> }>(
  {
    type: 'object',
    properties: { domains: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 } },
    required: ['domains'],
    additionalProperties: false,
  },
  (root, { domains }, context) => {
    const schemas = isObject(root.components) ? root.components.schemas : undefined;
    const out: Finding[] = [];
    for (const [name, schema] of entries(schemas)) {
      const domain = domains[name];
      if (domain === undefined || !isObject(schema) || isReferencedFromFile(schema)) continue;
      if (OTHER_TYPE[name]?.(schema)) continue;
      if (isSchemaOnly(root) && isPublishedFile(context.document.source, domain)) continue;
      out.push(
        finding(
          `"${name}" redefines a common Belgif type: $ref it from belgif's openapi-* definitions (e.g. openapi-problem, openapi-common) instead`,
          ['components', 'schemas', name],
        ),
      );
    }
    return out;
  },
);

export const rule = defineRule({
  code: 'oas-comdef',
  severity: 'warn',
  description:
    "Common Belgif types (Problem, HttpLink, Ssin, EnterpriseNumber, ...) are referenced from belgif's openapi-* files, not defined locally",
  then: {
    function: commonDefinitionsReused,
    functionOptions: { domains: BELGIF_COMMON_TYPES },
  },
  resolved: false,
});

export const cases = (): RuleCase[] => [
  {
    name: 'Problem and Ssin defined locally by an API',
    errors: [{ path: P('Problem') }, { path: P('Ssin'), message: 'Ssin' }],
    document: withSchemas(
      {
        Ssin: { type: 'string', pattern: '^\\d{11}$' },
      },
      { paths: { '/a': { get: op() } } },
    ),
  },
  {
    name: 'Problem from a belgif file, extended by allOf; other names',
    errors: [],
    document: base({
      components: {
        schemas: {
          Problem: { $ref: PROBLEM_V1 },
          InputValidationProblem: {
            allOf: [{ $ref: PROBLEM_V1 }, { type: 'object', properties: { issues: { type: 'array' } } }],
          },
          Employer: { type: 'object' },
        },
      },
    }),
  },

  // belgif's own files (problem/v1/problem-v1.yaml...) stay clean: test/lint/corpus.test.ts lints them where they live.
  {
    name: 'a definitions file of another name redefining the common types: an own variant',
    errors: [{ path: P('Problem') }, { path: P('HttpLink') }, { path: P('Ssin') }],
    document: definitions({
      schemas: {
        Problem: { type: 'object' },
        HttpLink: { type: 'object', properties: { href: { type: 'string', format: 'uri' } } },
        Ssin: { type: 'string', pattern: '^\\d{11}$' },
      },
    }),
  },
  {
    name: 'a definitions file of other types',
    errors: [],
    document: definitions({ schemas: { Employer: { type: 'object' } } }),
  },
  // Issue 46 first pass (Organisation Registry): a Period of date-times is not belgif's Period of dates.
  {
    name: 'FP: a Period of date-times',
    errors: [],
    document: withSchemas(
      {
        Problem: { $ref: PROBLEM_V1 },
        Period: {
          type: 'object',
          properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
        },
      },
      { paths: {} },
    ),
  },
  {
    name: "a Period of dates under other member names: an own variant of belgif's",
    errors: [{ path: P('Period') }],
    document: withSchemas(
      {
        Problem: { $ref: PROBLEM_V1 },
        Period: {
          type: 'object',
          properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } },
        },
      },
      { paths: { '/a': { get: op() } } },
    ),
  },
];
