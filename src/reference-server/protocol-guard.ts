// Requests node:http parses but the server must not execute: they get a problem before any routing.
import type { IncomingMessage } from 'node:http';
import { issue, ProblemError } from './problems.js';

const CLOSE = { Connection: 'close' };

/** Refuses request-line versions other than 1.0/1.1 (505) and an HTTP/1.1 request without Host (400). */
export function checkProtocol(req: IncomingMessage): void {
  const version = req.httpVersion;
  if (version !== '1.1' && version !== '1.0') {
    throw new ProblemError('httpVersionNotSupported', { version: `HTTP/${version.slice(0, 10)}` }, { headers: CLOSE });
  }
  if (version === '1.1' && req.headers.host === undefined) {
    // RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request lacking a Host header field.
    throw new ProblemError(
      'badRequest',
      {},
      {
        issues: [issue('schemaViolation', 'header', 'Host', undefined, 'An HTTP/1.1 request must have a Host header')],
        headers: CLOSE,
      },
    );
  }
}

/** A request body in a Content-Encoding other than identity cannot be read as JSON: 415, before reading it. */
export function checkContentEncoding(req: IncomingMessage): void {
  const raw = req.headers['content-encoding'];
  if (raw === undefined) return;
  const codings = raw
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return;
  throw new ProblemError(
    'unsupportedContentEncoding',
    { encoding: codings.join(', ').slice(0, 100) },
    { headers: { 'Accept-Encoding': 'identity' } },
  );
}
