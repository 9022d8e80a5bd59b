// prb-type: problem type URIs written in the document (examples, enums, defaults of problem
// schemas and problem+json media types) follow urn:problem-type:<org>[:<api>]:<type>.
import { allMediaTypes, declaredProperties, inventory, schemaClosure } from '../support/inventory.js';
import { asArray, bareMediaType, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { isLowerCamel } from '../support/naming.js';
import { defineRuleFunction, finding, type Finding } from './define.js';

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
export const problemTypeValues = defineRuleFunction<null>(null, (root) => {
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
