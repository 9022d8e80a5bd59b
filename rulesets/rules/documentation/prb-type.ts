import { defineRule, type RuleCase } from '../define.js';
import { ASYNC_BASE, definitions, ok, op, P, problem, v31, withPath, withSchemas } from '../documents.js';
import { allMediaTypes, declaredProperties, inventory, schemaClosure } from '../../support/inventory.js';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../../support/json.js';
import { isLowerCamel } from '../../support/naming.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';

const URN_PREFIX = 'urn:problem-type:';
// The guide gives <org> as a short identifier and sets no casing (belgif's own example: exampleOrganization).
const ORG = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
const API = /^[a-z][a-zA-Z0-9]*(?:-[a-zA-Z0-9]+)*$/;
const INPUT_VALIDATION = 'input-validation';
/** Why a problem (or issue) type value breaks the guide's URN scheme; undefined when it follows it. */
function problemTypeViolation(value: string, isSchemaDefault: boolean): string | undefined {
  if (value === 'about:blank')
    return isSchemaDefault
      ? undefined
      : 'about:blank is only acceptable as the schema default: give problems a urn:problem-type:<org>[:<api>]:<type> type';
  if (!value.startsWith(URN_PREFIX)) return `"${value}" should be urn:problem-type:<org>[:<api>]:<type>`;
  const parts = value.slice(URN_PREFIX.length).split(':');
  const org = parts[0] ?? '';
  if (org.includes('.')) return `"${value}": the organisation "${org}" should be a short name, not in reverse-DNS form`;
  if (!ORG.test(org)) return `"${value}": the organisation "${org}" should be a short name (letters, digits, hyphens)`;
  // Issue types put the API after input-validation: <org>:input-validation:[<api>:]<type>.
  const middle = parts[1] === INPUT_VALIDATION ? parts.slice(2, -1) : parts.slice(1, -1);
  const type = parts.length >= 2 ? (parts[parts.length - 1] ?? '') : '';
  if (parts.length < 2 || middle.length > 1 || (parts[1] === INPUT_VALIDATION && parts.length < 3)) {
    return `"${value}" should be urn:problem-type:<org>[:<api>]:<type> (issues: urn:problem-type:<org>:input-validation:[<api>:]<type>)`;
  }
  const api = middle[0];
  if (api !== undefined && !API.test(api)) return `"${value}": the API name "${api}" should be lowerCamelCase`;
  if (!isLowerCamel(type) || !/^[a-z]/.test(type)) return `"${value}": the type "${type}" should be lowerCamelCase`;
  return undefined;
}
const isProblemMedia = (mediaType: string): boolean => bareMediaType(mediaType) === 'application/problem+json';
const PROBLEM_COMPONENT = /Problem|Issue/;
const MAX_DEPTH = 64;
/** Schemas describing problems: under problem+json media types, or inside components named like *Problem* / *Issue*. */
function problemSchemas(root: Json): Set<Json> {
  const roots: unknown[] = [];
  for (const { mediaType, media } of allMediaTypes(root)) if (isProblemMedia(mediaType)) roots.push(media.schema);
  for (const { schema, componentName } of inventory(root).schemas)
    if (componentName && PROBLEM_COMPONENT.test(componentName)) roots.push(schema);
  const closure = schemaClosure(roots, MAX_DEPTH);
  // A CloudEvents message (AsynchronousProblemReplyMessage) carries a problem in `data`; its own `type` is a reverse-DNS event type.
  for (const schema of closure) if (declaredProperties(schema).has('specversion')) closure.delete(schema);
  return closure;
}
/** prb-type: one finding per problem or issue type value that breaks the URN scheme. */
const problemTypeValues = defineRuleFunction<null>(null, (root) => {
  const out: Finding[] = [];
  const check = (value: unknown, at: JsonPath, isSchemaDefault = false) => {
    if (typeof value !== 'string') return;
    const why = problemTypeViolation(value, isSchemaDefault);
    if (why) out.push(finding(`Problem type ${why}`, at));
  };
  // A problem instance (an example value): its type and its issues' types.
  const checkInstance = (value: unknown, at: JsonPath) => {
    if (!isObject(value)) return;
    check(value.type, [...at, 'type']);
    asArray(value.issues).forEach((issue, i) => isObject(issue) && check(issue.type, [...at, 'issues', i, 'type']));
  };

  const problems = problemSchemas(root);
  const typeSchemasSeen = new Set<Json>();
  for (const { schema, at } of inventory(root).schemas) {
    if (!problems.has(schema)) continue;
    const typeSchema = isObject(schema.properties) ? schema.properties.type : undefined;
    if (isObject(typeSchema) && !typeSchemasSeen.has(typeSchema)) {
      typeSchemasSeen.add(typeSchema);
      const typeAt = [...at, 'properties', 'type'];
      check(typeSchema.example, [...typeAt, 'example']);
      check(typeSchema.default, [...typeAt, 'default'], true);
      check(typeSchema.const, [...typeAt, 'const']);
      asArray(typeSchema.enum).forEach((v, i) => check(v, [...typeAt, 'enum', i]));
      asArray(typeSchema.examples).forEach((v, i) => check(v, [...typeAt, 'examples', i]));
    }
    checkInstance(schema.example, [...at, 'example']);
    checkInstance(schema.default, [...at, 'default']);
    asArray(schema.examples).forEach((v, i) => checkInstance(v, [...at, 'examples', i]));
  }
  for (const { mediaType, media, at } of allMediaTypes(root)) {
    if (!isProblemMedia(mediaType)) continue;
    checkInstance(media.example, [...at, 'example']);
    for (const [name, example] of entries(media.examples))
      if (isObject(example)) checkInstance(example.value, [...at, 'examples', name, 'value']);
  }
  return out;
});

export const rule = defineRule({
  code: 'prb-type',
  severity: 'warn',
  description:
    'Problem and issue types in examples, enums and defaults are urn:problem-type:<org>[:<api>]:<type> (lowerCamelCase type, no reverse-DNS org; issues urn:problem-type:<org>:input-validation:[<api>:]<type>); about:blank only as the schema default',
  then: problemTypeValues,
});

const problemWith = (example: unknown) => ({
  description: 'Problem',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' }, example } },
});

/**
 * GET /things answering `answer` and, on 400, a problem example; the Problem schema (with `members` beside it) types its `type` as a URI defaulting to about:blank, with `type`'s members.
 */
const things = (answer: Json, example: Json, type: Json, members: Json = {}): Json =>
  withPath(
    '/things',
    { get: op({ responses: { '200': ok(answer), '400': problemWith(example), default: problem() } }) },
    {
      components: {
        schemas: {
          Problem: {
            type: 'object',
            ...members,
            properties: { type: { type: 'string', format: 'uri', default: 'about:blank', ...type } },
          },
        },
      },
    },
  );

export const cases = (): RuleCase[] => [
  {
    name: 'reverse-DNS org, upper-case type, http URL, about:blank as an example, bad issue type',
    errors: [
      { path: P('Problem', 'properties', 'type', 'example'), message: 'reverse-DNS' },
      { path: P('Problem', 'properties', 'type', 'enum', 0), message: 'lowerCamelCase' },
      { path: P('Problem', 'example', 'type'), message: 'about:blank' },
      {
        path: ['paths', '/things', 'get', 'responses', '400', 'content', 'application/problem+json', 'example', 'type'],
        message: 'urn:problem-type',
      },
      {
        path: [
          'paths',
          '/things',
          'get',
          'responses',
          '400',
          'content',
          'application/problem+json',
          'example',
          'issues',
          0,
          'type',
        ],
        message: 'input-validation',
      },
    ],
    document: things(
      { type: 'object', properties: { a: { type: 'string' } } },
      { type: 'https://example.com/problems/bad', issues: [{ type: 'urn:problem-type:cbss:input-validation:a:b:c' }] },
      {
        example: 'urn:problem-type:be.fgov.cbss:tooBig',
        enum: ['urn:problem-type:cbss:TooBig', 'urn:problem-type:cbss:socialStatus:searchCriteriaTooWide'],
      },
      { example: { type: 'about:blank' } },
    ),
  },
  {
    name: 'belgif, API-specific and issue types; about:blank default; types outside problems ignored',
    errors: [],
    document: things(
      { type: 'object', properties: { type: { type: 'string', example: 'Car' } } },
      {
        type: 'urn:problem-type:belgif:badRequest',
        issues: [
          { type: 'urn:problem-type:belgif:input-validation:schemaViolation' },
          { type: 'urn:problem-type:belgif-ext:input-validation:invalidPeriod' },
          { type: 'urn:problem-type:cbss:input-validation:socialStatus:replacedSsin' },
        ],
      },
      { example: 'urn:problem-type:cbss:socialStatus:searchCriteriaTooWide' },
    ),
  },

  {
    name: 'FP: a short camelCase organisation; CloudEvents reply messages carrying a problem',
    errors: [],
    document: definitions({
      schemas: {
        Problem: {
          type: 'object',
          properties: { type: { type: 'string' } },
          example: { type: 'urn:problem-type:exampleOrganization:exampleProblem' },
        },
        AsynchronousMessageBase: ASYNC_BASE,
        AsynchronousProblemReplyMessage: {
          allOf: [
            { $ref: '#/components/schemas/AsynchronousMessageBase' },
            { properties: { data: { $ref: '#/components/schemas/Problem' } } },
          ],
          example: {
            specversion: '1.0',
            type: 'be.belgif.example.meeting.v3.meeting.create.problemReply',
            data: { type: 'urn:problem-type:belgif:badRequest' },
          },
        },
      },
    }),
  },
  {
    name: '3.1: a const problem type in reverse-DNS form',
    errors: [{ path: P('Problem', 'properties', 'type', 'const'), message: 'reverse-DNS' }],
    document: v31(
      withSchemas({
        Problem: {
          type: 'object',
          properties: { type: { type: ['string', 'null'], const: 'urn:problem-type:be.fgov.cbss:tooBig' } },
        },
      }),
    ),
  },
];
