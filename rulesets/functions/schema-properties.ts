// Schema-level conventions: codes, titles, property names, nullable, readOnly, required,
// additionalProperties, decimals, multi-language texts, `embedded`, numeric identifiers.
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { type SchemaVisit } from '../support/inventory.js';
import { asArray, isObject, type Json, type JsonPath } from '../support/json.js';
import { definitionPath } from './define.js';

/** The parameter a schema belongs to (itself or through array items). */
export function owningParameter(visit: SchemaVisit): Json | undefined {
  for (let v: SchemaVisit | undefined = visit; v; v = v.relation === 'items' ? v.parent : undefined) {
    if (v.parameter) return v.parameter;
  }
  return undefined;
}

/** Component names along a path (`components.schemas.<name>...`). */
export const componentNameIn = (path: JsonPath): string | undefined =>
  path[0] === 'components' && path[1] === 'schemas' && typeof path[2] === 'string' ? path[2] : undefined;

/** Whether a schema is, or inherits through allOf, the component `name` (of any file). */
export function inheritsFrom(
  schema: Json,
  at: JsonPath,
  name: string,
  context: RulesetFunctionContext,
  depth = 0,
): boolean {
  if (componentNameIn(definitionPath(context, at)) === name) return true;
  if (depth > 16) return false;
  return asArray(schema.allOf).some(
    (m, i) => isObject(m) && inheritsFrom(m, [...at, 'allOf', i], name, context, depth + 1),
  );
}

// JSON-LD 1.1's keywords (W3C JSON-LD 1.1, section 9.16): a JSON-LD document must spell them so, as
// OAuth's members above; a property the API names is judged, whatever the document's format.
export const JSON_LD_KEYWORDS = new Set([
  '@base',
  '@container',
  '@context',
  '@direction',
  '@graph',
  '@id',
  '@import',
  '@included',
  '@index',
  '@json',
  '@language',
  '@list',
  '@nest',
  '@none',
  '@prefix',
  '@propagate',
  '@protected',
  '@reverse',
  '@set',
  '@type',
  '@value',
  '@version',
  '@vocab',
]);

/**
 * A property of an object inheriting from AsynchronousMessageBase (declared by it or an inline allOf member):
 * CloudEvents lets such context attributes be null. Nested objects and the event itself are not exempt.
 */
export function isCloudEventsAttribute(visit: SchemaVisit, context: RulesetFunctionContext): boolean {
  if (visit.relation !== 'properties') return false;
  let owner = visit.parent;
  while (owner?.relation === 'allOf' && owner.parent) owner = owner.parent;
  if (owner === undefined) return false;
  let inherits = ownerIsMessage.get(owner);
  if (inherits === undefined)
    ownerIsMessage.set(owner, (inherits = inheritsFrom(owner.schema, owner.at, 'AsynchronousMessageBase', context)));
  return inherits;
}
/**
 * Per owning schema's visit (one per resolved document): its properties ask the same question,
 * each looking up where the owner is defined (1,000 nullable properties on Twilio's description).
 */
const ownerIsMessage = new WeakMap<SchemaVisit, boolean>();

const PATCH_NAME = /patch|update/i;

/**
 * A component name that allows nullable: a merge-patch schema's. CloudEvents context attributes are
 * spared by inheritance (isCloudEventsAttribute), as belgif's validator does, not by name: the data
 * payload of a message is JSON like any other.
 */
export const exempt = (name: string | undefined): boolean => name !== undefined && PATCH_NAME.test(name);
