// Compares an old and a new schema in one direction: a response schema breaks clients when it can
// now produce what it could not; a request schema breaks them when it now refuses what it accepted.
// The opposite changes are compatible, and listed as such. One finding per cause: when the types
// no longer overlap, the type change is the finding, not what the new type's keywords then say.
import { compareAlternatives } from './compare-alternatives.js';
import type { Differ, Direction } from './differ.js';
import { keyOf, type Node } from './nodes.js';
import { bothAccept, typesOverlap, viewOf, type Bound, type SchemaView } from './schema-view.js';

const show = (value: unknown): string => JSON.stringify(value);
const list = (set?: Set<string>): string => (set ? [...set].sort().join('|') : 'any');
/** The types with null: when a value's types no longer overlap, its null is part of the one type change. */
const withNull = (view: SchemaView): string => `${list(view.types)}${view.nullable ? '|null' : ''}`;

/** Every type of `inner` is accepted by `outer` (undefined: any; an integer is a number). */
function typesWithin(inner: Set<string> | undefined, outer: Set<string> | undefined): boolean {
  if (!outer) return true;
  if (!inner) return false;
  return [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));
}

const sameTypes = (a?: Set<string>, b?: Set<string>): boolean => list(a) === list(b);

export function compareSchema(
  d: Differ,
  oldSchema: Node,
  newSchema: Node,
  direction: Direction,
  where: string,
  at: string,
): void {
  const o = d.old.deref(oldSchema);
  const n = d.new_.deref(newSchema);
  if (o.value === undefined || n.value === undefined) return;
  d.reached.add(keyOf(o));
  const pair = `${direction}\u0000${keyOf(o)}\u0000${keyOf(n)}`;
  if (d.compared.has(pair)) return;
  d.compared.add(pair);
  const merged = new Set<string>();
  const ov = viewOf(d.old, o, merged);
  for (const key of merged) d.reached.add(key); // allOf members are judged here, not again as loose components
  const nv = viewOf(d.new_, n);
  const label = `${where}: ${at}`;

  if (!ov.deprecated && nv.deprecated && d.once(`deprecated\u0000${keyOf(n)}`))
    d.add('evo-deprec-deprecated', `${label} is now deprecated`, o, n);
  const overlap = typesOverlap(ov, nv);
  if (direction === 'response') compareResponseValue(d, ov, nv, label, overlap);
  else compareRequestValue(d, ov, nv, label, overlap);
  if (!overlap) return;

  if (bothAccept(ov, nv, 'object')) compareProperties(d, ov, nv, direction, where, at);
  if (ov.items && nv.items && bothAccept(ov, nv, 'array'))
    compareSchema(d, ov.items, nv.items, direction, where, `${at}[]`);
  if (ov.additional && nv.additional && bothAccept(ov, nv, 'object'))
    compareSchema(d, ov.additional, nv.additional, direction, where, `${at}{}`);
  compareAlternatives(d, ov, nv, direction, label, (oldAlternative, newAlternative, name) =>
    compareSchema(d, oldAlternative, newAlternative, direction, where, `${at}<${name}>`),
  );
}

/** A value's change of type, one finding; `disjoint` (no type in common) names the types with their null. */
function typeChanged(
  d: Differ,
  id: 'evo-compat-response-property-type-changed' | 'evo-compat-request-type-changed',
  label: string,
  ov: SchemaView,
  nv: SchemaView,
  disjoint = false,
): void {
  const [from, to] = disjoint ? [withNull(ov), withNull(nv)] : [list(ov.types), list(nv.types)];
  d.add(id, `${label} changed type from ${from} to ${to}`, ov.node, nv.node, 'type');
}

function compareResponseValue(d: Differ, ov: SchemaView, nv: SchemaView, label: string, overlap: boolean): void {
  const { node: o } = ov;
  const { node: n } = nv;
  const narrowed = (what: string, cause: string) =>
    d.add('evo-compat-response-narrowed', `${label}: ${what}`, o, n, cause);
  if (!overlap) return typeChanged(d, 'evo-compat-response-property-type-changed', label, ov, nv, true);
  if (!typesWithin(nv.types, ov.types)) typeChanged(d, 'evo-compat-response-property-type-changed', label, ov, nv);
  else {
    if (!sameTypes(ov.types, nv.types)) narrowed(`type narrowed from ${list(ov.types)} to ${list(nv.types)}`, 'type');
    if (ov.format !== undefined && ov.format !== nv.format)
      d.add(
        'evo-compat-response-property-type-changed',
        `${label} changed format from ${ov.format} to ${nv.format ?? 'none'}`,
        o,
        n,
        'format',
      );
    else if (ov.format === undefined && nv.format !== undefined) narrowed(`format ${nv.format} added`, 'format');
  }
  if (!ov.nullable && nv.nullable)
    d.add('evo-compat-response-property-nullable', `${label} may now be null`, o, n, 'nullable');
  else if (ov.nullable && !nv.nullable) narrowed('no longer null', 'nullable');

  if (ov.enum && nv.enum) {
    const now = new Set(nv.enum.map(show));
    const removed = ov.enum.filter((v) => !now.has(show(v)));
    if (removed.length)
      narrowed(`no longer ${removed.map(show).join(', ')} (clients still understand the values left)`, 'enum-removed');
  } else if (!ov.enum && nv.enum && !nv.extensible) narrowed(`now limited to ${show(nv.enum)}`, 'enum-removed');
  if (nv.extensible || !ov.enum) return;
  if (!nv.enum)
    d.add(
      'evo-compat-response-enum-value-added',
      `${label} is no longer limited to ${show(ov.enum)}`,
      o,
      n,
      'enum-added',
    );
  else {
    const known = new Set(ov.enum.map(show));
    const added = nv.enum.filter((v) => !known.has(show(v)));
    if (added.length)
      d.add(
        'evo-compat-response-enum-value-added',
        `${label} may now be ${added.map(show).join(', ')} (mark the enum x-extensible-enum if clients must expect new values)`,
        o,
        n,
        'enum-added',
      );
  }
}

const LENGTHS = [
  ['maxLength', 'minLength', 'string'],
  ['maxItems', 'minItems', 'array'],
  ['maxProperties', 'minProperties', 'object'],
] as const;

const showBound = (bound: Bound, lower: boolean): string =>
  `${lower ? '>' : '<'}${bound.exclusive ? '' : '='} ${bound.value}`;

/** `maximum lowered from 200 to 100`; where exclusiveness changes too, both bounds as written (`<= 200` to `< 100`). */
function boundChange(name: string, before: Bound, after: Bound, lower: boolean): string {
  if (before.exclusive !== after.exclusive || before.value === after.value)
    return `${name} changed from ${showBound(before, lower)} to ${showBound(after, lower)}`;
  return `${name} ${after.value < before.value ? 'lowered' : 'raised'} from ${before.value} to ${after.value}`;
}

/** `after` refuses a value `before` accepted (for a lower bound: a larger value, or now exclusive). */
function tightens(before: Bound | undefined, after: Bound | undefined, lower: boolean): boolean {
  if (!after) return false;
  if (!before) return true;
  if (after.value !== before.value) return lower ? after.value > before.value : after.value < before.value;
  return after.exclusive && !before.exclusive;
}

function compareRequestValue(d: Differ, ov: SchemaView, nv: SchemaView, label: string, overlap: boolean): void {
  const { node: o } = ov;
  const { node: n } = nv;
  const relaxed = (what: string, cause: string) =>
    d.add('evo-compat-request-validation-relaxed', `${label}: ${what}`, o, n, cause);
  const tightened = (what: string, cause: string) =>
    d.add('evo-compat-request-bound-tightened', `${label} ${what}`, o, n, cause);
  if (!overlap) return typeChanged(d, 'evo-compat-request-type-changed', label, ov, nv, true);
  if (!typesWithin(ov.types, nv.types)) typeChanged(d, 'evo-compat-request-type-changed', label, ov, nv);
  else if (!sameTypes(ov.types, nv.types)) relaxed(`type widened from ${list(ov.types)} to ${list(nv.types)}`, 'type');
  if (ov.nullable && !nv.nullable)
    d.add('evo-compat-request-type-changed', `${label} no longer accepts null`, o, n, 'nullable');
  else if (!ov.nullable && nv.nullable) relaxed('now accepts null', 'nullable');

  for (const keyword of ['format', 'pattern'] as const) {
    if (keyword === 'pattern' && !bothAccept(ov, nv, 'string')) continue;
    if (nv[keyword] !== undefined && nv[keyword] !== ov[keyword])
      d.add(
        'evo-compat-request-pattern-changed',
        `${label} ${keyword} ${ov[keyword] === undefined ? 'added' : `changed from ${show(ov[keyword])}`}: ${show(nv[keyword])}`,
        o,
        n,
        keyword,
      );
    else if (ov[keyword] !== undefined && nv[keyword] === undefined)
      relaxed(`${keyword} ${show(ov[keyword])} removed`, keyword);
  }

  if (nv.enum && !nv.extensible) {
    if (!ov.enum)
      d.add(
        'evo-compat-request-enum-value-removed',
        `${label} is now limited to ${show(nv.enum)}`,
        o,
        n,
        'enum-removed',
      );
    else {
      const now = new Set(nv.enum.map(show));
      const before = new Set(ov.enum.map(show));
      const removed = ov.enum.filter((v) => !now.has(show(v)));
      const added = nv.enum.filter((v) => !before.has(show(v)));
      if (removed.length)
        d.add(
          'evo-compat-request-enum-value-removed',
          `${label} no longer accepts ${removed.map(show).join(', ')}`,
          o,
          n,
          'enum-removed',
        );
      if (added.length) relaxed(`enum gained ${added.map(show).join(', ')}`, 'enum-added');
    }
  } else if (ov.enum && !ov.extensible) relaxed('enum removed', 'enum-added');

  for (const [max, min, family] of LENGTHS) {
    if (!bothAccept(ov, nv, family)) continue;
    const [maxBefore, maxAfter] = [ov.numbers[max], nv.numbers[max]];
    if (maxAfter !== undefined && (maxBefore === undefined || maxAfter < maxBefore))
      tightened(
        maxBefore === undefined ? `${max} added: ${maxAfter}` : `${max} lowered from ${maxBefore} to ${maxAfter}`,
        max,
      );
    else if (maxBefore !== undefined && (maxAfter === undefined || maxAfter > maxBefore))
      relaxed(`${max} raised from ${maxBefore} to ${maxAfter ?? 'none'}`, max);
    const [minBefore, minAfter] = [ov.numbers[min], nv.numbers[min]];
    if (minAfter !== undefined && (minBefore === undefined ? minAfter > 0 : minAfter > minBefore))
      tightened(
        minBefore === undefined ? `${min} added: ${minAfter}` : `${min} raised from ${minBefore} to ${minAfter}`,
        min,
      );
    else if (minBefore !== undefined && (minAfter === undefined || minAfter < minBefore))
      relaxed(`${min} lowered from ${minBefore} to ${minAfter ?? 'none'}`, min);
  }
  if (bothAccept(ov, nv, 'number')) {
    for (const [name, lower] of [
      ['minimum', true],
      ['maximum', false],
    ] as const) {
      const [before, after] = lower ? [ov.lower, nv.lower] : [ov.upper, nv.upper];
      if (tightens(before, after, lower))
        tightened(
          before ? boundChange(name, before, after!, lower) : `${name} added: ${showBound(after!, lower)}`,
          name,
        );
      else if (before && (!after || tightens(after, before, lower)))
        relaxed(
          after ? boundChange(name, before, after, lower) : `${name} changed from ${showBound(before, lower)} to none`,
          name,
        );
    }
  }
  if (bothAccept(ov, nv, 'array')) {
    if (!ov.uniqueItems && nv.uniqueItems)
      tightened('uniqueItems added: an array with a repeated item is refused', 'uniqueItems');
    else if (ov.uniqueItems && !nv.uniqueItems) relaxed('uniqueItems removed', 'uniqueItems');
  }
  if (!bothAccept(ov, nv, 'object')) return;
  if (ov.additional !== false && nv.additional === false)
    d.add(
      'evo-compat-request-additional-properties-closed',
      `${label} no longer accepts additional properties`,
      o,
      n,
      'additionalProperties',
    );
  else if (ov.additional === false && nv.additional !== false)
    relaxed('accepts additional properties', 'additionalProperties');
}

function compareProperties(
  d: Differ,
  ov: SchemaView,
  nv: SchemaView,
  direction: Direction,
  where: string,
  at: string,
): void {
  const label = `${where}: ${at}`;
  // A client never receives writeOnly properties, nor sends readOnly ones.
  const skipped = (p: Node, side: 'old' | 'new') => {
    const v = viewOf(side === 'old' ? d.old : d.new_, p);
    return direction === 'response' ? v.writeOnly : v.readOnly;
  };
  for (const [name, property] of ov.properties) {
    const counterpart = nv.properties.get(name);
    const cause = `property:${name}`;
    if (!counterpart) {
      if (skipped(property.node, 'old')) continue;
      if (direction === 'response')
        d.add(
          'evo-compat-response-property-removed',
          `${label} property \`${name}\` removed or renamed`,
          property.node,
          nv.node,
          cause,
        );
      else
        d.add(
          'evo-compat-request-property-removed',
          `${label} property \`${name}\` removed or renamed: clients still send it, and unknown input is refused with 400 (req-valid)`,
          property.node,
          nv.node,
          cause,
        );
      continue;
    }
    compareSchema(d, property.node, counterpart.node, direction, where, `${at}.${name}`);
    if (skipped(counterpart.node, 'new')) continue;
    const required = `required:${name}`;
    const [before, after] = [ov.required.has(name), nv.required.has(name)];
    if (direction === 'response' && before && !after) {
      d.add(
        'evo-compat-response-property-optional',
        `${label} property \`${name}\` is no longer required: clients relied on it`,
        property.node,
        counterpart.node,
        required,
      );
    } else if (direction === 'response' && !before && after) {
      d.add(
        'evo-compat-response-narrowed',
        `${label}: property \`${name}\` is now always present`,
        property.node,
        counterpart.node,
        required,
      );
    } else if (direction === 'request' && !before && after) {
      d.add(
        'evo-compat-request-property-required',
        `${label} property \`${name}\` is now required`,
        property.node,
        counterpart.node,
        required,
      );
    } else if (direction === 'request' && before && !after) {
      d.add(
        'evo-compat-request-validation-relaxed',
        `${label} property \`${name}\` is now optional`,
        property.node,
        counterpart.node,
        required,
      );
    }
  }
  for (const [name, property] of nv.properties) {
    if (ov.properties.has(name) || skipped(property.node, 'new')) continue;
    const oldOwner = ov.properties.size ? [...ov.properties.values()][0]!.owner : ov.node;
    const cause = `property:${name}`;
    if (direction === 'response')
      d.add(
        'evo-compat-response-property-added',
        `${label} property \`${name}\` added`,
        oldOwner,
        property.node,
        cause,
      );
    else if (nv.required.has(name))
      d.add(
        'evo-compat-request-property-required',
        `${label} property \`${name}\` added as required`,
        oldOwner,
        property.node,
        cause,
      );
    else
      d.add(
        'evo-compat-request-property-added',
        `${label} optional property \`${name}\` added`,
        oldOwner,
        property.node,
        cause,
      );
  }
}
