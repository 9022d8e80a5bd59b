// Requests that node:http cannot parse never reach the router; they still get a problem+json.
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ProblemError, problemBody } from './problems.js';

const REASONS: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/** Answers a parse error (oversized headers → 431, anything else → 400) and closes the connection. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, apiBaseUrl: string): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = new ProblemError(error.code === 'HPE_HEADER_OVERFLOW' ? 'requestHeaderFieldsTooLarge' : 'badRequest');
  const traceId = randomUUID();
  const body = JSON.stringify(problemBody(problem, traceId, 'en', apiBaseUrl));
  const status = problem.kind === 'badRequest' ? 400 : 431;
  socket.end([
    `HTTP/1.1 ${status} ${REASONS[status]}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `BelGov-Trace-Id: ${traceId}`,
    'Content-Language: en',
    'Connection: close',
    '',
    body,
  ].join('\r\n'));
}
