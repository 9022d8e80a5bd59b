// A response-rewriting proxy in front of the reference server: tests break exactly one rule.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** The path relative to the API base path, with its query: `/employers?pageSize=2`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body as text ('' when none), e.g. to refuse a write body the way a validating server does. */
  body: string;
}

export interface MutableResponse {
  status: number;
  /** Lower-cased names; delete one to strip the header. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when not JSON); change it in place or replace it. */
  json: unknown;
  /** The raw body; set it to replace the body with non-JSON text. */
  text: string;
}

export type Mutator = (request: ProxiedRequest, response: MutableResponse) => void;
/**
 * Rewrites a request before it goes upstream: its body (a server that ignores a media type sees `{}`) or its path
 * relative to the base path (a server that ignores a query parameter); undefined members are kept.
 */
export type RequestRewriter = (request: ProxiedRequest) => { body?: string; path?: string } | undefined;

export interface Proxy {
  origin: string;
  close(): Promise<void>;
}

/**
 * Forwards everything to `upstream` and lets `mutate` rewrite responses. Like a reverse proxy with URL
 * rewriting, it puts its own origin in place of the upstream's in bodies and headers, so absolute links
 * (which the reference server builds from its configured URL, never from Host) point at the proxy.
 */
export async function startProxy(
  upstream: string,
  basePath: string,
  mutate: Mutator,
  rewrite?: RequestRewriter,
  options: { delayMs?: number } = {},
): Promise<Proxy> {
  const target = new URL(upstream);
  let origin = '';
  const toProxy = (text: string) => text.replaceAll(target.origin, origin);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A delay widens the time between a check's reads, as a remote API's round trips do.
    req.on('end', () => (options.delayMs ? void setTimeout(forward, options.delayMs) : forward()));
    const forward = () => {
      const received = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '/';
      const path = url.startsWith(basePath) ? url.slice(basePath.length) || '/' : url;
      const rewritten = rewrite?.({ method: req.method ?? 'GET', path, headers: req.headers, body: received });
      const sent = rewritten?.body === undefined ? Buffer.concat(chunks) : Buffer.from(rewritten.body);
      const headers =
        rewritten?.body === undefined ? req.headers : { ...req.headers, 'content-length': String(sent.length) };
      const upstreamRequest = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: rewritten?.path === undefined ? req.url : `${basePath}${rewritten.path}`,
          headers,
        },
        (upstreamResponse) => {
          const body: Buffer[] = [];
          upstreamResponse.on('data', (chunk: Buffer) => body.push(chunk));
          upstreamResponse.on('end', () => {
            const text = toProxy(Buffer.concat(body).toString('utf8'));
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            const responseHeaders: Record<string, string> = {};
            for (const [name, value] of Object.entries(upstreamResponse.headers)) {
              if (value !== undefined) responseHeaders[name] = toProxy(Array.isArray(value) ? value.join(', ') : value);
            }
            const response: MutableResponse = {
              status: upstreamResponse.statusCode ?? 502,
              headers: responseHeaders,
              json,
              text,
            };
            mutate({ method: req.method ?? 'GET', path, headers: req.headers, body: received }, response);
            const out =
              response.text !== text || response.json === undefined ? response.text : JSON.stringify(response.json);
            delete response.headers['content-length'];
            delete response.headers['transfer-encoding'];
            if (req.method !== 'HEAD') response.headers['content-length'] = String(Buffer.byteLength(out));
            res.writeHead(response.status, response.headers);
            res.end(req.method === 'HEAD' ? undefined : out);
          });
        },
      );
      upstreamRequest.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      upstreamRequest.end(sent);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
