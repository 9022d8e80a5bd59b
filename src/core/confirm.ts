// A deployed API has other clients: a failing observation of shared data counts only when a re-read repeats it.
import type { CheckContext, FollowOptions, FollowResult, MessageData } from './define-check.js';
import { renderMessage } from './define-check.js';
import type { Exchange } from './exchange.js';
import type { Query, RequestSpec } from './http-client.js';

/** How many times a failing observation is made in all (the first read and its re-reads). */
const CONFIRM_READS = 3;
const PAUSE_MS = 150;

interface Seen { messageId: string; data: MessageData | undefined; evidence: Exchange[] }

/** A ctx that keeps the findings of one attempt to itself; everything else goes to the real ctx. */
class AttemptContext<M extends string> implements CheckContext<M> {
  readonly findings: Seen[] = [];
  assertions = 0;
  constructor(private readonly ctx: CheckContext<M>) {}
  get target() { return this.ctx.target; }
  get baseUrl() { return this.ctx.baseUrl; }
  get allowWrites() { return this.ctx.allowWrites; }
  get signal() { return this.ctx.signal; }
  get deadlineAt() { return this.ctx.deadlineAt; }
  url(path: string, query?: Query): string { return this.ctx.url(path, query); }
  request(spec: RequestSpec): Promise<Exchange> { return this.ctx.request(spec); }
  get(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange> { return this.ctx.get(url, init); }
  head(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange> { return this.ctx.head(url, init); }
  followRedirect(exchange: Exchange, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange | undefined> { return this.ctx.followRedirect(exchange, init); }
  follow(first: Exchange, options: FollowOptions): Promise<FollowResult> { return this.ctx.follow(first, options); }
  report(messageId: M, data?: MessageData, ...evidence: Exchange[]): void { this.findings.push({ messageId, data, evidence }); }
  expect(ok: boolean, messageId: M, data?: MessageData, ...evidence: Exchange[]): boolean {
    if (ok) this.assertions++;
    else this.report(messageId, data, ...evidence);
    return ok;
  }
  pass(): void { this.assertions++; }
  skip(reason: string): never { return this.ctx.skip(reason); }
  onCleanup(cleanup: () => Promise<unknown>): void { this.ctx.onCleanup(cleanup); }
  judgeLocationsItself(): void { this.ctx.judgeLocationsItself(); }
  traffic(): readonly Exchange[] { return this.ctx.traffic(); }
  trafficSettled(): Promise<void> { return this.ctx.trafficSettled(); }
}

const keyOf = (seen: Seen): string => `${seen.messageId} ${JSON.stringify(seen.data ?? {})}`;

/**
 * Wraps the run of a check that judges shared data: when an attempt finds a fault, the whole observation is made
 * again (bounded). A fault seen in every attempt is reported; one that did not repeat is the data moving, so a
 * clean re-read passes, and attempts that failed differently end as skip with the reason — never a fail.
 */
export function confirming<M extends string, R>(
  messages: Record<M, string>,
  run: (ctx: CheckContext<M>, resource: R) => Promise<void>,
  reads = CONFIRM_READS,
): (ctx: CheckContext<M>, resource: R) => Promise<void> {
  return async (ctx, resource) => {
    let common: Map<string, Seen> | undefined;
    let first: Seen | undefined;
    for (let attempt = 1; attempt <= reads; attempt++) {
      if (attempt > 1) await pause(PAUSE_MS * attempt, ctx.signal);
      const local = new AttemptContext(ctx);
      await run(local, resource);
      if (local.findings.length === 0) {
        if (local.assertions > 0) ctx.pass();
        return;
      }
      first ??= local.findings[0];
      const now = new Map(local.findings.map((seen) => [keyOf(seen), seen]));
      common = common === undefined ? now : new Map([...now].filter(([key]) => common?.has(key)));
      if (common.size === 0) break;
    }
    if (common && common.size > 0) {
      for (const seen of common.values()) ctx.report(seen.messageId as M, seen.data, ...seen.evidence);
      return;
    }
    const message = first ? renderMessage(messages[first.messageId as M], first.data) : 'a fault';
    ctx.skip(`could not confirm a failing observation: "${message}" did not repeat on re-reading (other clients may have changed the data)`);
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); }
    signal.addEventListener('abort', done, { once: true });
  });
}
