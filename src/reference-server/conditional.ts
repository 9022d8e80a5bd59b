import type { RequestContext } from './context.js';
import { ProblemError } from './problems.js';

const tags = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((t) => t.trim()).filter(Boolean);

/**
 * Optimistic locking: an If-Match that does not name the current ETag answers 412 preconditionFailed.
 * Callers check and write in one synchronous step, so parallel updates cannot both pass.
 */
export function requireIfMatch(ctx: RequestContext, etag: string): void {
  const wanted = tags(ctx.headers['if-match']);
  if (wanted.length === 0 || wanted.includes('*') || wanted.includes(etag)) return;
  throw new ProblemError('preconditionFailed', { ifMatch: wanted.join(', ').slice(0, 100) });
}

/** Whether If-None-Match names the current ETag (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ctx: RequestContext, etag: string): boolean {
  if (ctx.headers['if-none-match'] === undefined) return false;
  const wanted = tags(ctx.headers['if-none-match']).map((t) => t.replace(/^W\//, ''));
  return wanted.includes('*') || wanted.includes(etag);
}
