import { isObject, type Json as JsonObject } from '../openapi/json.js';

/**
 * RFC 7386 JSON Merge Patch: present members overwrite, null removes, objects merge recursively.
 * Results are null-prototype objects, so a `__proto__` member is plain data, never a prototype.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result = Object.create(null) as JsonObject;
  if (isObject(target)) for (const [key, value] of Object.entries(target)) result[key] = value;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
