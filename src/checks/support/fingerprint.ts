// Comparing two representations of one resource: key order and the `self` link do not count.
import { isObject } from '../../core/util/json.js';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key])]),
  );
};

/** A canonical JSON text of `body` without its top-level `ignore` members (default `self`). */
export function fingerprint(body: unknown, ignore: readonly string[] = ['self']): string {
  if (!isObject(body)) return JSON.stringify(body) ?? '';
  const rest = Object.fromEntries(Object.entries(body).filter(([key]) => !ignore.includes(key)));
  return JSON.stringify(sorted(rest));
}
