// A schema seen through its $ref and allOf: the keywords a compatibility judgement needs.
import { isObject } from '../openapi/json.js';
import { keyOf, type Node, type Side } from './nodes.js';

interface Property {
  node: Node;
  owner: Node;
}

/** A numeric bound: `minimum: 0` is >= 0; `exclusiveMinimum` (3.1 number, or 3.0 true beside minimum) makes it > 0. */
export interface Bound {
  value: number;
  exclusive: boolean;
}

export interface SchemaView {
  node: Node;
  /** undefined: any type. */
  types?: Set<string>;
  nullable: boolean;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  /** The enum is open: marked `x-extensible-enum` (true, or the list of known values instead of `enum`). */
  extensible: boolean;
  properties: Map<string, Property>;
  required: Set<string>;
  /** false: closed; a node: its schema; undefined: open. */
  additional?: Node | false;
  items?: Node;
  alternatives: Node[];
  numbers: Record<string, number>;
  lower?: Bound;
  upper?: Bound;
  uniqueItems: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  deprecated: boolean;
}

const BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'minLength', 'minItems', 'minProperties'] as const;

/** The tighter of two bounds on the same side: `larger` says which values are tighter (a minimum's larger). */
function tighter(a: Bound | undefined, b: Bound | undefined, larger: boolean): Bound | undefined {
  if (!a || !b) return a ?? b;
  if (a.value !== b.value) return a.value > b.value === larger ? a : b;
  return a.exclusive ? a : b;
}

function boundOf(
  schema: Record<string, unknown>,
  inclusive: 'minimum' | 'maximum',
  exclusive: 'exclusiveMinimum' | 'exclusiveMaximum',
): Bound | undefined {
  const plain =
    typeof schema[inclusive] === 'number'
      ? { value: schema[inclusive] as number, exclusive: schema[exclusive] === true }
      : undefined;
  const strict =
    typeof schema[exclusive] === 'number' ? { value: schema[exclusive] as number, exclusive: true } : undefined;
  return tighter(plain, strict, inclusive === 'minimum');
}

function typesOf(schema: Record<string, unknown>): { types?: Set<string>; nullable: boolean } {
  const type = schema.type;
  const list = Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : undefined;
  const nullable = schema.nullable === true || Boolean(list?.includes('null'));
  const types = list?.filter((t) => t !== 'null');
  return { types: types && types.length ? new Set(types) : undefined, nullable };
}

/** The view of a schema node; allOf members are merged in (cycle-safe), the schema's own keywords win. */
export function viewOf(side: Side, schemaNode: Node, seen = new Set<string>()): SchemaView {
  const node = side.deref(schemaNode);
  const schema = isObject(node.value) ? node.value : {};
  const { types, nullable } = typesOf(schema);
  const view: SchemaView = {
    node,
    types,
    nullable,
    format: typeof schema.format === 'string' ? schema.format : undefined,
    pattern: typeof schema.pattern === 'string' ? schema.pattern : undefined,
    enum: Array.isArray(schema.enum)
      ? schema.enum
      : Array.isArray(schema['x-extensible-enum'])
        ? (schema['x-extensible-enum'] as unknown[])
        : undefined,
    extensible: schema['x-extensible-enum'] !== undefined && schema['x-extensible-enum'] !== false,
    properties: new Map(),
    required: new Set(Array.isArray(schema.required) ? schema.required.map(String) : []),
    additional:
      schema.additionalProperties === false
        ? false
        : isObject(schema.additionalProperties)
          ? side.child(node, 'additionalProperties')
          : undefined,
    items: isObject(schema.items) ? side.child(node, 'items') : undefined,
    alternatives: [],
    numbers: {},
    lower: boundOf(schema, 'minimum', 'exclusiveMinimum'),
    upper: boundOf(schema, 'maximum', 'exclusiveMaximum'),
    uniqueItems: schema.uniqueItems === true,
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
    deprecated: schema.deprecated === true,
  };
  for (const bound of BOUNDS) if (typeof schema[bound] === 'number') view.numbers[bound] = schema[bound] as number;
  const owner = side.child(node, 'properties');
  if (isObject(owner.value))
    for (const name of Object.keys(owner.value)) view.properties.set(name, { node: side.child(owner, name), owner });
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((_, i) =>
        view.alternatives.push(side.child(side.child(node, keyword), i)),
      );
  }
  seen.add(keyOf(node));
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((_, i) => {
      const member = side.deref(side.child(side.child(node, 'allOf'), i));
      if (seen.has(keyOf(member))) return;
      mergeInto(view, viewOf(side, member, seen));
    });
  }
  return view;
}

const FAMILIES = { string: ['string'], number: ['integer', 'number'], array: ['array'], object: ['object'] } as const;
export type Family = keyof typeof FAMILIES;

/** The schema accepts values of the family (no type: any value). */
const accepts = (view: SchemaView, family: Family): boolean =>
  !view.types || FAMILIES[family].some((t) => view.types!.has(t));

/**
 * Both versions accept values of the family, so its keywords (maxLength for strings, properties
 * for objects...) judge values that both accept; otherwise a change of type is their one cause.
 */
export const bothAccept = (a: SchemaView, b: SchemaView, family: Family): boolean =>
  accepts(a, family) && accepts(b, family);

/** Some non-null value is of a type both accept (an integer is a number). */
export function typesOverlap(a: SchemaView, b: SchemaView): boolean {
  if (!a.types || !b.types) return true;
  return [...a.types].some(
    (t) =>
      b.types!.has(t) || (t === 'integer' && b.types!.has('number')) || (t === 'number' && b.types!.has('integer')),
  );
}

function mergeInto(view: SchemaView, member: SchemaView): void {
  view.types ??= member.types;
  view.nullable ||= member.nullable;
  view.format ??= member.format;
  view.pattern ??= member.pattern;
  view.enum ??= member.enum;
  view.extensible ||= member.extensible;
  for (const [name, property] of member.properties) if (!view.properties.has(name)) view.properties.set(name, property);
  for (const name of member.required) view.required.add(name);
  if (view.additional === undefined) view.additional = member.additional;
  view.items ??= member.items;
  view.alternatives.push(...member.alternatives);
  view.numbers = { ...member.numbers, ...view.numbers };
  view.lower ??= member.lower;
  view.upper ??= member.upper;
  view.uniqueItems ||= member.uniqueItems;
  view.deprecated ||= member.deprecated;
}
