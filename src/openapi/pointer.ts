// JSON pointers (RFC 6901) and the URI fragments `$ref`s write them in (RFC 3986: percent-encoded).
// The only place that escapes or unescapes a pointer token.

import { isObject } from './json.js';

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/** A pointer token for a key: `~` and `/` escaped. */
export const escapeToken = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** A key from its pointer token: `~1` then `~0` (in that order, so `~01` stays `~1`). */
export const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The pointer of a path: `['paths', '/a']` → `/paths/~1a`; `[]` → `` (the root). */
export const pointerOf = (path: readonly (string | number)[]): string =>
  path.map((key) => `/${escapeToken(key)}`).join('');

/**
 * The keys of a plain pointer (`/a/b~1c`, as ajv's instancePath writes it; a leading `#` is allowed):
 * `` is the root, `/` the key ``. Nothing is percent-decoded.
 */
export function parsePointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body === '' ? [] : body.split('/').slice(1).map(unescapeToken);
}

/** Percent-decoding that leaves a malformed escape (`%zz`, a lone `%`) as written instead of throwing. */
export function decodePercent(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The keys a `$ref`'s fragment (what follows `#`) names: each token percent-decoded, then unescaped.
 * Undefined for a fragment that is no pointer (`#anchor`).
 */
export function fragmentPath(fragment: string): string[] | undefined {
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return undefined;
  return fragment
    .slice(1)
    .split('/')
    .map((token) => unescapeToken(decodePercent(token)));
}

/** A `$ref`'s file part (`` for a local one) and the path its fragment names (undefined when it is no pointer). */
export function splitRef(ref: string): { file: string; path: string[] | undefined } {
  const hash = ref.indexOf('#');
  return hash < 0 ? { file: ref, path: [] } : { file: ref.slice(0, hash), path: fragmentPath(ref.slice(hash + 1)) };
}

/** The value at a path: own keys of objects, decimal indexes of arrays; undefined when any step is missing. */
export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const step of path) {
    const key = String(step);
    if (Array.isArray(node)) node = ARRAY_INDEX.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}
