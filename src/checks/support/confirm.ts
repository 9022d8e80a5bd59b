// A deployed API has other clients: a failing comparison of shared data counts only when it holds on reads that
// agree with a re-read of each (nothing changed while they were made), and repeats.
import type { CheckContext, FollowOptions, FollowResult, MessageData } from '../../core/engine/define-check.js';
import { renderMessage } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { Query, RequestSpec } from '../../core/http/http-client.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { fingerprint } from './fingerprint.js';
import { ownWritesSince, whileOwnWritesRest } from './own-writes.js';
import { pause } from '../../core/util/pause.js';

/** How many times a failing observation is made in all (the first and its repeats). */
const CONFIRM_READS = 3;
const PAUSE_MS = 150;
/** The re-reads one attempt may spend proving its evidence consistent; evidence beyond them is left unproven. */
const MAX_REREADS = 8;

interface Seen {
  messageId: string;
  data: MessageData | undefined;
  evidence: Exchange[];
}

/** A ctx that keeps the findings of one attempt to itself; everything else goes to the real ctx. */
class AttemptContext<M extends string> implements CheckContext<M> {
  readonly findings: Seen[] = [];
  /** Every exchange of the attempt, in order: a read is not re-read once the check itself wrote there. */
  readonly log: Exchange[] = [];
  assertions = 0;
  constructor(private readonly ctx: CheckContext<M>) {}
  get target() {
    return this.ctx.target;
  }
  get baseUrl() {
    return this.ctx.baseUrl;
  }
  get allowWrites() {
    return this.ctx.allowWrites;
  }
  get signal() {
    return this.ctx.signal;
  }
  get deadlineAt() {
    return this.ctx.deadlineAt;
  }
  url(path: string, query?: Query): string {
    return this.ctx.url(path, query);
  }
  request(spec: RequestSpec): Promise<Exchange> {
    return this.logged(this.ctx.request(spec));
  }
  get(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange> {
    return this.logged(this.ctx.get(url, init));
  }
  head(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange> {
    return this.logged(this.ctx.head(url, init));
  }
  followRedirect(exchange: Exchange, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange | undefined> {
    return this.ctx.followRedirect(exchange, init);
  }
  follow(first: Exchange, options: FollowOptions): Promise<FollowResult> {
    return this.ctx.follow(first, options);
  }
  report(messageId: M, data?: MessageData, ...evidence: Exchange[]): void {
    this.findings.push({ messageId, data, evidence });
  }
  expect(ok: boolean, messageId: M, data?: MessageData, ...evidence: Exchange[]): boolean {
    if (ok) this.assertions++;
    else this.report(messageId, data, ...evidence);
    return ok;
  }
  pass(): void {
    this.assertions++;
  }
  skip(reason: string): never {
    return this.ctx.skip(reason);
  }
  onCleanup(cleanup: () => Promise<unknown>): void {
    this.ctx.onCleanup(cleanup);
  }
  judgeLocationsItself(): void {
    this.ctx.judgeLocationsItself();
  }
  traffic(): readonly Exchange[] {
    return this.ctx.traffic();
  }
  trafficSettled(): Promise<void> {
    return this.ctx.trafficSettled();
  }
  private async logged(sent: Promise<Exchange>): Promise<Exchange> {
    const exchange = await sent;
    this.log.push(exchange);
    return exchange;
  }
}

const keyOf = (seen: Seen): string => `${seen.messageId} ${JSON.stringify(seen.data ?? {})}`;

/** Headers that ask for the same representation again; credentials are added afresh (a token may have been renewed). */
const readAgainHeaders = (sent: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(sent).filter(([name]) => name !== 'authorization' && name !== 'user-agent'));

const readKey = (exchange: Exchange): string =>
  `${exchange.request.url} ${JSON.stringify(readAgainHeaders(exchange.request.headers))}`;

/**
 * Whether two answers to one GET show the same state: an entity tag on both decides (a version needs no body
 * compare, and a body may carry a timestamp); else the status, the Last-Modified date and the body must agree.
 */
export function sameState(a: Exchange, b: Exchange): boolean {
  if (a.response.status !== b.response.status) return false;
  const tagA = a.response.headers['etag'];
  const tagB = b.response.headers['etag'];
  if (tagA !== undefined && tagB !== undefined) return tagA.replace(/^W\//, '') === tagB.replace(/^W\//, '');
  const modifiedA = a.response.headers['last-modified'];
  const modifiedB = b.response.headers['last-modified'];
  if (modifiedA !== undefined && modifiedB !== undefined && modifiedA !== modifiedB) return false;
  const jsonA = a.response.json;
  const jsonB = b.response.json;
  if (jsonA !== undefined && jsonB !== undefined) return fingerprint(jsonA, []) === fingerprint(jsonB, []);
  return a.response.text === b.response.text;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write's 2xx answer and a later read of the same URL carry the same entity tag (when both carry one). */
function sameVersion(write: Exchange, read: Exchange): boolean {
  const status = write.response.status;
  const tagWritten = write.response.headers['etag'];
  const tagRead = read.response.headers['etag'];
  if (
    status < 200 ||
    status > 299 ||
    tagWritten === undefined ||
    tagRead === undefined ||
    write.request.url !== read.request.url
  )
    return true;
  return tagWritten.replace(/^W\//, '') === tagRead.replace(/^W\//, '');
}

/** Re-reads of one attempt, shared by its findings: each distinct GET is asked again once. */
class ReReads {
  private readonly answers = new Map<string, Promise<Exchange | undefined>>();
  constructor(
    private readonly ctx: CheckContext<string>,
    private readonly log: readonly Exchange[] = [],
  ) {}

  /** Whether the check itself wrote to the URL of `read` after reading it (its own write changed what a re-read shows). */
  private rewrittenAfter(read: Exchange): boolean {
    const index = this.log.indexOf(read);
    return (
      index >= 0 &&
      this.log
        .slice(index + 1)
        .some((later) => !READS.has(later.request.method) && later.request.url === read.request.url)
    );
  }

  /**
   * The first GET of `evidence` that no longer shows the state it showed: a re-read answers differently, or,
   * after a write of the check's own, its entity tag is not the one the write answered. Undefined when every
   * such read holds, so what was compared was one consistent state. One answer judged alone needs no re-read;
   * reads made before the check's last write are not re-read (that write changed them).
   */
  async changed(evidence: Exchange[]): Promise<string | undefined> {
    if (evidence.length < 2) return undefined;
    const lastWrite = evidence.findLastIndex((exchange) => !READS.has(exchange.request.method));
    const written = lastWrite >= 0 ? evidence[lastWrite] : undefined;
    const reads = evidence.slice(lastWrite + 1).filter((exchange) => exchange.request.method === 'GET');
    for (const read of reads) {
      if (written && !sameVersion(written, read)) return read.request.url;
      if (this.rewrittenAfter(read)) continue;
      const again = await this.again(read);
      if (again && !sameState(read, again)) return read.request.url;
    }
    return undefined;
  }

  private again(read: Exchange): Promise<Exchange | undefined> {
    const key = readKey(read);
    let answer = this.answers.get(key);
    if (!answer) {
      answer =
        this.answers.size >= MAX_REREADS
          ? Promise.resolve(undefined)
          : this.ctx.request({ method: 'GET', url: read.request.url, headers: readAgainHeaders(read.request.headers) });
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/**
 * Wraps the run of a check that compares reads of shared data. When an attempt finds a fault, every GET its
 * evidence compared is read again: a read that no longer agrees means another client changed the data while
 * it was read, and that sighting proves nothing. The whole observation is made again (bounded): a fault seen
 * on consistent reads in every attempt is reported; a clean attempt passes; anything else ends as skip with
 * the reason — never a fail.
 */
export function confirming<M extends string, R>(
  messages: Record<M, string>,
  run: (ctx: CheckContext<M>, resource: R) => Promise<void>,
  reads = CONFIRM_READS,
): (ctx: CheckContext<M>, resource: R) => Promise<void> {
  return async (ctx, resource) => {
    let common: Map<string, Seen> | undefined;
    let first: Seen | undefined;
    let moved: { seen: Seen; url: string } | undefined;
    // A change seen while the run's own writes to the collection went on (the wait for them is bounded) is theirs.
    let ownMoved: { seen: Seen; url: string } | undefined;
    for (let attempt = 1; attempt <= reads; attempt++) {
      if (attempt > 1) await pause(PAUSE_MS * attempt, ctx.signal);
      const local = new AttemptContext(ctx);
      // The reads and their re-reads are made while no check of this run writes to the collection: a re-read that
      // differs then shows another client's write, never the run's own creates (own-writes.ts).
      const consistent = await whileOwnWrites(ctx, resource, async (ownWrites) => {
        await run(local, resource);
        const found = new Map<string, Seen>();
        if (local.findings.length === 0) return found;
        const rereads = new ReReads(ctx as CheckContext<string>, local.log);
        for (const seen of local.findings) {
          const url = await rereads.changed(seen.evidence);
          if (url === undefined) found.set(keyOf(seen), seen);
          else if (ownWrites()) ownMoved ??= { seen, url };
          else moved ??= { seen, url };
        }
        return found;
      });
      if (local.findings.length === 0) {
        if (local.assertions > 0) ctx.pass();
        return;
      }
      first ??= local.findings[0];
      common = common === undefined ? consistent : new Map([...consistent].filter(([key]) => common?.has(key)));
      // A fault seen only on moving data may still be the data moving: a clean attempt can yet pass.
      if (common.size === 0 && !moved && !ownMoved) break;
    }
    if (common && common.size > 0) {
      for (const seen of common.values()) ctx.report(seen.messageId as M, seen.data, ...seen.evidence);
      return;
    }
    if (moved) {
      const message = renderMessage(messages[moved.seen.messageId as M], moved.seen.data);
      ctx.skip(
        `could not confirm "${message}": the resource changed during the run (${moved.url} answered differently when read again; other clients may be writing)`,
      );
    }
    if (ownMoved) {
      const message = renderMessage(messages[ownMoved.seen.messageId as M], ownMoved.seen.data);
      ctx.skip(
        `could not confirm "${message}": the run's own writes to the collection went on while it was read (${ownMoved.url} answered differently when read again)`,
      );
    }
    const message = first ? renderMessage(messages[first.messageId as M], first.data) : 'a fault';
    ctx.skip(
      `could not confirm a failing observation: "${message}" did not repeat on re-reading (other clients may have changed the data)`,
    );
  };
}

/**
 * Wraps the run of a check that writes and then compares what it wrote with a read: a write is not sent twice,
 * so the one attempt's findings are kept only where the reads compared still hold (see ReReads.changed): one
 * that no longer does was another client writing too, and when every finding is such, the check skips.
 */
export function confirmingWrites<M extends string, R>(
  messages: Record<M, string>,
  run: (ctx: CheckContext<M>, resource: R) => Promise<void>,
): (ctx: CheckContext<M>, resource: R) => Promise<void> {
  return async (ctx, resource) => {
    const local = new AttemptContext(ctx);
    await run(local, resource);
    if (local.findings.length === 0) {
      if (local.assertions > 0) ctx.pass();
      return;
    }
    const rereads = new ReReads(ctx as CheckContext<string>, local.log);
    let moved: { seen: Seen; url: string } | undefined;
    let reported = 0;
    for (const seen of local.findings) {
      const url = await rereads.changed(seen.evidence);
      if (url !== undefined) moved ??= { seen, url };
      else {
        reported++;
        ctx.report(seen.messageId as M, seen.data, ...seen.evidence);
      }
    }
    if (reported === 0 && moved) {
      const message = renderMessage(messages[moved.seen.messageId as M], moved.seen.data);
      ctx.skip(
        `could not confirm "${message}": the resource changed during the run (${moved.url} no longer shows what was compared; other clients may be writing)`,
      );
    }
  };
}

/**
 * Runs `attempt` while the run's own writes to `resource` rest, when it is a collection; at once otherwise.
 * `attempt` is told whether own writes to it went on all the same (the wait for them is bounded).
 */
function whileOwnWrites<T>(
  ctx: CheckContext<string>,
  resource: unknown,
  attempt: (ownWrites: () => boolean) => Promise<T>,
): Promise<T> {
  const collection = resource as Partial<CollectionTarget> | undefined;
  if (collection?.kind !== 'collection') return attempt(() => false);
  return whileOwnWritesRest(ctx, collection as CollectionTarget, () =>
    attempt(ownWritesSince(collection as CollectionTarget)),
  );
}
