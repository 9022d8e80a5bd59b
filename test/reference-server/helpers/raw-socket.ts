// Raw HTTP/1.x over node:net, for requests an HTTP client will not send (bad versions, CONNECT, pipelining).
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: any;
}

/**
 * Sends `request` (a string, or chunks written with `gapMs` between them) and collects everything until
 * the server closes the connection, or until `timeoutMs` (then resolves with what arrived).
 */
export function exchange(
  origin: string,
  request: string | string[],
  options: { timeoutMs?: number; gapMs?: number } = {},
): Promise<{ text: string; closed: boolean; ms: number }> {
  const { hostname, port } = new URL(origin);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), hostname, async () => {
      for (const chunk of Array.isArray(request) ? request : [request]) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
    socket.setEncoding('latin1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: Date.now() - started });
    }, options.timeoutMs ?? 5000);
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: Date.now() - started });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Splits a byte stream of HTTP/1.1 responses (each with Content-Length) into responses, in order. */
export function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) throw new Error(`truncated response head: ${rest.slice(0, 200)}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines)
      headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
    const length = Number(headers['content-length'] ?? 0);
    // latin1: one character per byte, so Content-Length counts characters here.
    const body = Buffer.from(rest.slice(end + 4, end + 4 + length), 'latin1').toString('utf8');
    rest = rest.slice(end + 4 + length);
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body,
      json: body && headers['content-type']?.includes('json') ? JSON.parse(body) : undefined,
    });
  }
  return responses;
}

/** Throws unless `response` is a problem+json of `status` whose instance is its BelGov-Trace-Id. */
export function expectRawProblem(response: RawResponse | undefined, status: number, typeEnd: string): any {
  const where = `expected ${status} …${typeEnd}, got ${response?.status} ${response?.body.slice(0, 300)}`;
  if (!response || response.status !== status) throw new Error(where);
  if (!response.headers['content-type']?.startsWith('application/problem+json'))
    throw new Error(`${where}: not problem+json`);
  if (!String(response.json?.type).endsWith(typeEnd) || response.json.status !== status) throw new Error(where);
  if (response.json.instance !== `urn:uuid:${response.headers['belgov-trace-id']}`)
    throw new Error(`${where}: instance ≠ BelGov-Trace-Id`);
  return response.json;
}
