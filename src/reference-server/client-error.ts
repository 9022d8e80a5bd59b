// Requests node:http cannot parse (or will not hand to the router) never reach the pipeline; they still
// get a problem+json, written after every answer the connection still owes, so answers keep request order.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_TYPES } from './problem-types.js';
import { ProblemError, problemBody, referenceNaming, type ProblemNaming } from './problems.js';
import type { ProblemTypeName } from './problem-types.js';

/** Answers still owed per connection: requests handed to the router whose response is not yet written out. */
const owed = new WeakMap<Duplex, { count: number; idle: Array<() => void> }>();

/** Counts `req` as owed on its connection until its response has been written to the socket (or the socket died). */
export function trackAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  let entry = owed.get(socket);
  if (!entry) owed.set(socket, (entry = { count: 0, idle: [] }));
  entry.count++;
  let done = false;
  const settle = () => {
    if (done) return;
    done = true;
    entry.count--;
    if (entry.count === 0) for (const run of entry.idle.splice(0)) run();
  };
  // 'finish': the whole response is handed to the socket, so bytes written after it follow it on the wire.
  res.once('finish', settle);
  res.once('close', settle);
}

/** Runs `then` once every owed answer on the socket is written; after `graceMs` without that, cuts the connection. */
function afterOwedAnswers(socket: Duplex, graceMs: number, then: () => void): void {
  const entry = owed.get(socket);
  if (!entry || entry.count === 0) {
    then();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), graceMs);
  timer.unref();
  entry.idle.push(() => {
    clearTimeout(timer);
    if (!socket.destroyed) then();
  });
}

const answered = new WeakSet<Duplex>();
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/** Writes a problem straight to the socket, as the last answer on it, and closes the connection. */
export function answerOnSocket(
  socket: Duplex,
  kind: ProblemTypeName,
  apiBaseUrl: string,
  args: Record<string, string | number> = {},
  graceMs = 5000,
  naming: ProblemNaming = referenceNaming,
): void {
  if (answered.has(socket)) return; // the parser reports every later chunk again; one answer is enough
  answered.add(socket);
  afterOwedAnswers(socket, graceMs, () => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const traceId = randomUUID();
    const body = JSON.stringify(problemBody(new ProblemError(kind, args), traceId, 'en', apiBaseUrl, naming));
    const status = PROBLEM_TYPES[kind].status;
    socket.end(
      [
        `HTTP/1.1 ${status} ${REASONS[status] ?? PROBLEM_TYPES[kind].title}`,
        'Content-Type: application/problem+json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `BelGov-Trace-Id: ${traceId}`,
        'Content-Language: en',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}

/** Answers a parse error: oversized headers 431, a headers/request timeout 408, anything else 400. */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  apiBaseUrl: string,
  naming: ProblemNaming = referenceNaming,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const kind: ProblemTypeName =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'requestHeaderFieldsTooLarge'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'badRequest';
  // A timed-out request may be one still owed an answer (its body never came): do not wait long for it.
  answerOnSocket(socket, kind, apiBaseUrl, {}, kind === 'requestTimeout' ? 1000 : 5000, naming);
}
