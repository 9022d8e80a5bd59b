// JSON narrowing helpers: response bodies are `unknown` until a check proves their shape.
import { isObject } from '../../openapi/json.js';

export { isObject };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * The value at a dotted path (`a.b.0.c`, as profiles name a property), or undefined when any step is
 * missing; `valueAt` of src/openapi/pointer.ts takes a path of keys instead.
 */
export function valueAtDotted(value: unknown, path: string): unknown {
  let current = value;
  for (const step of path.split('.')) {
    if (Array.isArray(current)) current = current[Number(step)];
    else if (isObject(current)) current = current[step];
    else return undefined;
  }
  return current;
}

/** The JSON type name used in messages: `string`, `integer`, `array`, `null`... */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
