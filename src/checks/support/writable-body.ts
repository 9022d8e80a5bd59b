// A write body made from a read representation: what the server owns (read-only members, links) is not sent back.
import { isObject, type JsonObject } from '../../core/util/json.js';
import type { DocumentTarget } from '../../core/profile/target.js';

/**
 * The representation without the members the client may not write: those the update's body does not declare
 * (profile `writable`), the document's declared read-only paths (profile `readOnly`, derived from the OpenAPI
 * readOnly flags), else its links (a top-level `self`, and `href` inside nested objects; an object left empty is
 * dropped).
 */
export function writableBody(
  representation: Record<string, unknown>,
  document: Pick<DocumentTarget, 'readOnly' | 'writable'>,
): JsonObject {
  const body = structuredClone(representation) as JsonObject;
  // An answer may hold members no schema declares (koa-joi-router-docs documents no response): a validator that
  // holds the body to its schema refuses each one back.
  if (document.writable !== undefined)
    for (const name of Object.keys(body)) if (!document.writable.includes(name)) delete body[name];
  if (document.readOnly !== undefined) {
    for (const path of document.readOnly) removeAt(body, path.split('.'));
    return body;
  }
  delete body['self'];
  for (const [name, value] of Object.entries(body)) {
    if (!isObject(value) || !('href' in value)) continue;
    delete value['href'];
    if (Object.keys(value).length === 0) delete body[name];
  }
  return body;
}

/** Removes one dotted path; an array on the way applies it to every element. */
function removeAt(value: unknown, steps: string[]): void {
  const [step, ...rest] = steps;
  if (step === undefined) return;
  if (Array.isArray(value)) return void value.forEach((element) => removeAt(element, steps));
  if (!isObject(value)) return;
  if (rest.length === 0) delete value[step];
  else removeAt(value[step], rest);
}
