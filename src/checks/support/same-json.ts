// Structural JSON comparison for judging representations before and after a write.
import { isObject } from '../../core/util/json.js';

/** Deep equality of JSON values; member order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}

/** Whether every member of `expected` (recursively for objects) is in `actual` with the same value. */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (!isObject(expected)) return sameJson(actual, expected);
  return isObject(actual) && Object.entries(expected).every(([key, value]) => containsJson(actual[key], value));
}

/** A value as messages show it: compact JSON, `(absent)` for a missing member, capped. */
export function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The RFC 7386 merge patch that turns `current` back into `original`; empty when they are equal. */
export function restorePatch(
  current: Record<string, unknown>,
  original: Record<string, unknown>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(current)) if (!(key in original)) patch[key] = null;
  for (const [key, value] of Object.entries(original)) {
    const now = current[key];
    if (sameJson(now, value)) continue;
    patch[key] = isObject(now) && isObject(value) ? restorePatch(now, value) : value;
  }
  return patch;
}

/** Applies an RFC 7386 merge patch (for predicting what a conforming server stores). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
