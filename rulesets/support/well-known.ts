// Paths under /.well-known/ (RFC 8615) serve metadata whose names other standards fix: OAuth2
// authorization server metadata (RFC 8414), OpenID Connect discovery, JWK sets. The guide lets
// "properties used from other standards, like OpenID Connect and OAuth2" deviate from its naming.
import { operationsOf, schemaClosure } from './inventory.js';
import { entries, isObject, type Json } from './json.js';

export const isWellKnownPath = (path: string): boolean => /(?:^|\/)\.well-known(?:\/|$)/.test(path);

const cache = new WeakMap<object, Set<Json>>();

/** Every schema the bodies of /.well-known/ operations use (their requests and responses, nested ones too). */
export function wellKnownSchemas(root: Json): Set<Json> {
  const known = cache.get(root);
  if (known) return known;
  const roots: unknown[] = [];
  for (const op of operationsOf(root)) {
    if (!isWellKnownPath(op.path)) continue;
    const bodies = [op.operation.requestBody, ...entries(op.operation.responses).map(([, r]) => r)];
    for (const body of bodies)
      if (isObject(body)) for (const [, media] of entries(body.content)) if (isObject(media)) roots.push(media.schema);
  }
  const found = roots.length > 0 ? schemaClosure(roots) : new Set<Json>();
  cache.set(root, found);
  return found;
}
