// The ctx a check receives: HTTP through the run's client plus the verdict bookkeeping.
import type { CheckContext, FollowOptions, FollowResult, MessageData } from './define-check.js';
import { renderMessage } from './define-check.js';
import type { Exchange } from './exchange.js';
import type { HttpClient, Query, RequestSpec } from './http-client.js';
import { isObject } from './json.js';
import type { Target } from './target.js';

export interface Finding {
  messageId: string;
  message: string;
  evidence: Exchange[];
}

/** Thrown by ctx.skip; the runner turns it into a skip result. */
export class SkipSignal extends Error {
  override readonly name = 'SkipSignal';
}

const CLEANUP_TIMEOUT_MS = 5000;

export class RunContext implements CheckContext<string> {
  readonly findings: Finding[] = [];
  assertions = 0;
  requests = 0;
  private readonly cleanups: Array<() => Promise<unknown>> = [];
  private cleaningUp = false;

  constructor(
    private readonly client: HttpClient,
    readonly target: Target,
    private readonly messages: Record<string, string>,
    readonly signal: AbortSignal,
    /** Epoch ms of the run's deadline (when `signal` aborts). */
    readonly deadlineAt = Number.POSITIVE_INFINITY,
  ) {}

  get baseUrl(): string { return this.client.baseUrl; }
  get allowWrites(): boolean { return this.client.allowWrites; }

  url(path: string, query?: Query): string { return this.client.url(path, query); }

  async request(spec: RequestSpec): Promise<Exchange> {
    this.requests++;
    if (!this.cleaningUp) return this.client.request(spec);
    return this.client.request({ ...spec, ignoreDeadline: true, timeoutMs: Math.min(spec.timeoutMs ?? CLEANUP_TIMEOUT_MS, CLEANUP_TIMEOUT_MS) });
  }

  get(url: string, init: Omit<RequestSpec, 'url' | 'method'> = {}): Promise<Exchange> {
    return this.request({ ...init, url, method: 'GET' });
  }

  head(url: string, init: Omit<RequestSpec, 'url' | 'method'> = {}): Promise<Exchange> {
    return this.request({ ...init, url, method: 'HEAD' });
  }

  async followRedirect(exchange: Exchange, init: Omit<RequestSpec, 'url' | 'method'> = {}): Promise<Exchange | undefined> {
    const { status, headers } = exchange.response;
    const location = headers['location'];
    if (status < 300 || status > 399 || !location) return undefined;
    const next = new URL(location, exchange.request.url);
    if (next.origin !== new URL(exchange.request.url).origin) return undefined;
    return this.get(next.href, init);
  }

  async follow(first: Exchange, options: FollowOptions): Promise<FollowResult> {
    const linkOf = typeof options.link === 'function'
      ? options.link
      : (exchange: Exchange) => {
        const body = exchange.response.json;
        const value = isObject(body) ? body[typeof options.link === 'string' ? options.link : 'next'] : undefined;
        return typeof value === 'string' ? value : undefined;
      };
    const exchanges = [first];
    const visited = new Set([normalize(first.request.url)]);
    let current = first;
    for (;;) {
      if (current.response.status < 200 || current.response.status > 299) return { exchanges, stop: 'status' };
      const link = linkOf(current);
      if (link === undefined) return { exchanges, stop: 'end' };
      const next = new URL(link, current.request.url);
      if (next.origin !== new URL(this.client.baseUrl).origin) return { exchanges, stop: 'cross-origin', url: next.href };
      if (visited.has(normalize(next.href))) return { exchanges, stop: 'cycle', url: next.href };
      if (exchanges.length > options.max) return { exchanges, stop: 'max', url: next.href };
      visited.add(normalize(next.href));
      current = await this.get(next.href, options.headers ? { headers: options.headers } : {});
      exchanges.push(current);
    }
  }

  report(messageId: string, data?: MessageData, ...evidence: Exchange[]): void {
    this.assertions++;
    const template = this.messages[messageId];
    if (template === undefined) throw new Error(`unknown message id ${messageId}`);
    const message = renderMessage(template, data);
    // The same failure seen twice (e.g. on two probes) is reported once, with all its evidence.
    const same = this.findings.find((f) => f.message === message);
    if (same) same.evidence.push(...evidence.filter((e) => !same.evidence.includes(e)));
    else this.findings.push({ messageId, message, evidence: [...evidence] });
  }

  expect(ok: boolean, messageId: string, data?: MessageData, ...evidence: Exchange[]): boolean {
    if (ok) this.assertions++;
    else this.report(messageId, data, ...evidence);
    return ok;
  }

  pass(): void { this.assertions++; }

  skip(reason: string): never { throw new SkipSignal(reason); }

  onCleanup(cleanup: () => Promise<unknown>): void { this.cleanups.push(cleanup); }

  /** Runs cleanups newest first; returns the messages of those that failed. */
  async runCleanups(): Promise<string[]> {
    this.cleaningUp = true;
    const failures: string[] = [];
    for (const cleanup of this.cleanups.reverse()) {
      try { await cleanup(); } catch (error) { failures.push((error as Error).message); }
    }
    return failures;
  }
}

/** Query order and fragments do not make a page new. */
function normalize(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.searchParams.sort();
  return parsed.href;
}
