// Small node:http servers on 127.0.0.1 port 0 for engine and check tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureHandler = (req: IncomingMessage, res: ServerResponse, server: FixtureServer) => void | Promise<void>;

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` plus the base path, no trailing slash. */
  url: string;
  origin: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Requests being handled right now, and the most ever at once. */
  inFlight: number;
  peakInFlight: number;
  close(): Promise<void>;
}

export async function startFixture(
  handler: FixtureHandler,
  options: { basePath?: string } = {},
): Promise<FixtureServer> {
  const fixture = { requests: [] as RecordedRequest[], inFlight: 0, peakInFlight: 0 } as FixtureServer;
  const server = createServer((req, res) => {
    fixture.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    fixture.inFlight++;
    fixture.peakInFlight = Math.max(fixture.peakInFlight, fixture.inFlight);
    res.on('close', () => {
      fixture.inFlight--;
    });
    Promise.resolve(handler(req, res, fixture)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fixture.origin = `http://127.0.0.1:${port}`;
  fixture.url = `${fixture.origin}${options.basePath ?? ''}`;
  fixture.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fixture;
}

/** Sends a JSON body with the given status and content type. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A loopback port that nothing listens on now (bound on port 0, then closed): for a server started later. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A request's body read whole as a JSON object; undefined when it is empty, not JSON, or not an object. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
