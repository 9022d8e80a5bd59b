import type { IncomingMessage } from 'node:http';
import { badRequest, issue, ProblemError } from './problems.js';

/** Largest accepted request body (bytes); larger bodies get 413 payloadTooLarge. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** Deepest accepted JSON nesting; deeper documents get 400. */
const JSON_DEPTH_LIMIT = 32;
/** Past this many bytes the connection is cut instead of drained, so a huge upload cannot tie the server up. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads the whole body; a body over the limit is drained (not buffered) and answered with 413. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) {
    // Known too large up front: answer at once and close, instead of receiving what we would drop.
    throw tooLarge({ Connection: 'close' });
  }
  const { body, size } = await readCapped(req, DRAIN_LIMIT_BYTES, BODY_LIMIT_BYTES, tooLarge);
  if (size > BODY_LIMIT_BYTES) throw tooLarge();
  return body;
}

/**
 * A request body, buffered up to `keep` bytes (the rest counted, not kept); past `cut` bytes the connection is cut
 * and `tooLarge()` thrown, so a huge upload cannot tie the server up.
 */
export async function readCapped(
  req: IncomingMessage,
  cut: number,
  keep: number,
  tooLarge: () => Error,
): Promise<{ body: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cut) {
      req.destroy();
      throw tooLarge();
    }
    if (size <= keep) chunks.push(chunk);
  }
  return { body: Buffer.concat(chunks), size };
}

const tooLarge = (headers: Record<string, string> = {}) =>
  new ProblemError('payloadTooLarge', { limit: BODY_LIMIT_BYTES }, { extra: { limit: BODY_LIMIT_BYTES }, headers });

/**
 * Parses JSON into null-prototype objects (so `__proto__` or `constructor` keys are plain data and
 * can never reach a prototype) and refuses nesting deeper than JSON_DEPTH_LIMIT.
 */
export function parseJson(buffer: Buffer): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw badRequest([issue('schemaViolation', 'body', '', undefined, 'The request body is not valid UTF-8')]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unparseable';
    throw badRequest([
      issue('schemaViolation', 'body', '', undefined, `The request body is not valid JSON: ${reason}`),
    ]);
  }
  return detach(raw, 0);
}

function detach(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= JSON_DEPTH_LIMIT) {
    throw badRequest([
      issue('schemaViolation', 'body', '', undefined, `The request body nests deeper than ${JSON_DEPTH_LIMIT} levels`),
    ]);
  }
  if (Array.isArray(value)) return value.map((item) => detach(item, depth + 1));
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key] = detach(item, depth + 1);
  return copy;
}
