// The undici dispatcher every request of a run goes through: mutual TLS and the proxy environment.
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { replayDispatcher } from '../replay-scope.js';

/** PEM texts for mutual TLS: the client certificate and key, and the CA that signed the server. */
export interface TlsMaterial {
  cert?: string;
  key?: string;
  ca?: string;
}

/** HTTPS_PROXY / HTTP_PROXY / NO_PROXY as read from the environment (either case); '' is "none". */
export interface ProxyEnv {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

interface TransportOptions {
  connections: number;
  timeoutMs: number;
  tls?: TlsMaterial;
  /** Absent: no proxy, whatever the process environment says (e.g. the embedded loopback server). */
  proxy?: ProxyEnv;
}

/** The proxy settings of an environment, lower-case names first as curl and undici read them. */
export function proxyEnvOf(env: Record<string, string | undefined>): ProxyEnv | undefined {
  const pick = (name: string) => env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '';
  const proxy = { httpProxy: pick('http_proxy'), httpsProxy: pick('https_proxy'), noProxy: pick('no_proxy') };
  return proxy.httpProxy || proxy.httpsProxy ? proxy : undefined;
}

/** A plain Agent, or undici's env proxy agent when a proxy is configured; TLS material on every connection. */
export function createDispatcher(options: TransportOptions): Dispatcher {
  // A replay answers from its recording: no connection is ever opened.
  const replay = replayDispatcher();
  if (replay) return replay;
  const tls = options.tls && Object.keys(options.tls).length > 0 ? options.tls : undefined;
  const agent = {
    connections: options.connections,
    connectTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    ...(tls ? { connect: { ...tls } } : {}),
  };
  if (!options.proxy) return new Agent(agent);
  // Through a proxy the target's TLS runs inside the CONNECT tunnel: requestTls carries the client certificate there.
  return new EnvHttpProxyAgent({ ...agent, ...(tls ? { requestTls: { ...tls } } : {}), ...options.proxy });
}
