import type { RequestContext } from './context.js';
import { badRequest, issue, ProblemError } from './problems.js';

/** A parsed If-Match / If-None-Match value: `*`, or the entity tags listed (possibly none). */
type Condition = { any: true } | { any: false; tags: string[] };

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text (RFC 9110 §8.8.3).
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * Parses `"*" / #entity-tag`; undefined when the value is not that syntax. Empty list elements
 * (`If-Match: ,`) are allowed by the list rule and name no tag: the list is then empty, never absent.
 */
function parseCondition(header: string | string[]): Condition | undefined {
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return { any: true };
  const tags: string[] = [];
  for (const element of value.split(',')) {
    const tag = element.trim();
    if (tag === '') continue;
    if (!ENTITY_TAG.test(tag)) return undefined;
    tags.push(tag);
  }
  return { any: false, tags };
}

/**
 * Optimistic locking ([prf-lock]): a present If-Match is always a condition. It holds for `*` or when it
 * names the current ETag (strong comparison, RFC 9110 §13.1.1); otherwise 412 preconditionFailed, also
 * for a list naming no tag at all. A value that is not entity-tag syntax is 400, never "no condition".
 * Callers check and write in one synchronous step, so parallel updates cannot both pass.
 */
export function requireIfMatch(ctx: RequestContext, etag: string): void {
  const header = ctx.headers['if-match'];
  if (header === undefined) return;
  const condition = parseCondition(header);
  const shown = (Array.isArray(header) ? header.join(', ') : header).slice(0, 100);
  if (!condition) {
    throw badRequest([
      issue('schemaViolation', 'header', 'If-Match', shown, 'If-Match must be * or a list of quoted entity tags'),
    ]);
  }
  if (condition.any || condition.tags.includes(etag)) return;
  throw new ProblemError('preconditionFailed', { ifMatch: shown === '' ? '(empty)' : shown });
}

/** Whether If-None-Match names the current ETag (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ctx: RequestContext, etag: string): boolean {
  const header = ctx.headers['if-none-match'];
  if (header === undefined) return false;
  const condition = parseCondition(header);
  // A malformed If-None-Match is ignored (RFC 9110 lets a GET proceed): the full representation is sent.
  if (!condition) return false;
  return condition.any || condition.tags.some((t) => t.replace(/^W\//, '') === etag);
}
