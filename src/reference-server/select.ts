import { badRequest, issue } from './problems.js';
import { isObject } from '../openapi/json.js';

/** A parsed `select` value: the named properties, each with optional nested selection. */
interface Selection {
  negate: boolean;
  items: SelectItem[];
}
interface SelectItem {
  name: string;
  children?: SelectItem[];
}

/** Property tree of a representation: a nested tree for object properties, true for leaves. */
export type Shape = { [name: string]: true | Shape };

const NAME = /[-_A-Za-z0-9]/;

/** Parses the [res-repres] grammar: [ "!" ] "(" items ")", item = name [ "(" items ")" ]. */
export function parseSelect(value: string): Selection {
  let pos = 0;
  const fail = (why: string): never => {
    throw badRequest([
      issue('schemaViolation', 'query', 'select', value, `select is malformed at position ${pos}: ${why}`),
    ]);
  };
  const negate = value.startsWith('!');
  if (negate) pos = 1;
  const items = (): SelectItem[] => {
    if (value[pos] !== '(') fail('expected (');
    pos++;
    const list: SelectItem[] = [];
    for (;;) {
      const start = pos;
      while (pos < value.length && NAME.test(value[pos]!)) pos++;
      if (pos === start) fail('expected a property name');
      const item: SelectItem = { name: value.slice(start, pos) };
      if (value[pos] === '(') item.children = items();
      list.push(item);
      if (value[pos] === ',') {
        pos++;
        continue;
      }
      if (value[pos] === ')') {
        pos++;
        return list;
      }
      fail('expected , or )');
    }
  };
  const result = items();
  if (pos !== value.length) fail('unexpected text after )');
  return { negate, items: result };
}

/** Applies a selection to a representation; unknown names (per `shape`) give 400. `self` is always kept. */
export function applySelect(
  rep: Record<string, unknown>,
  selection: Selection,
  shape: Shape,
  raw: string,
): Record<string, unknown> {
  checkNames(selection.items, shape, '', raw);
  const picked = selection.negate ? omit(rep, selection.items) : pick(rep, selection.items);
  if ('self' in rep) picked.self = rep.self;
  return picked;
}

function checkNames(items: SelectItem[], shape: Shape, prefix: string, raw: string): void {
  for (const item of items) {
    // Own properties only: `__proto__` or `constructor` would otherwise find Object.prototype's members.
    const sub = Object.hasOwn(shape, item.name) ? shape[item.name] : undefined;
    const name = prefix + item.name;
    if (!sub)
      throw badRequest([issue('schemaViolation', 'query', 'select', raw, `select names an unknown property ${name}`)]);
    if (item.children) {
      if (sub === true)
        throw badRequest([
          issue('schemaViolation', 'query', 'select', raw, `select nests into ${name}, which is not an object`),
        ]);
      checkNames(item.children, sub, `${name}.`, raw);
    }
  }
}

function pick(rep: Record<string, unknown>, items: SelectItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    const value = rep[item.name];
    if (value === undefined) continue;
    out[item.name] = item.children && isObject(value) ? pick(value, item.children) : value;
  }
  return out;
}

function omit(rep: Record<string, unknown>, items: SelectItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...rep };
  for (const item of items) {
    const value = out[item.name];
    if (item.children && isObject(value)) out[item.name] = omit(value, item.children);
    else delete out[item.name];
  }
  return out;
}
