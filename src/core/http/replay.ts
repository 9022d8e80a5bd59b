// A run replayed from its own recording: every request a check sends is answered by the recorded answer to the
// same request, and nothing reaches the network. Matched on method, URL, the headers the check set and the body;
// repeated requests take their answers in recorded order; values a run generates (keys, names with a random
// suffix, timestamps) differ from one run to the next, so they are matched by position and mapped both ways:
// the recorded value in what is looked up, the value this run sent in the answer it gets.
import { Dispatcher } from 'undici';
import type { Exchange } from '../engine/exchange.js';
import { isSecretName, redactUrl } from '../report/redact.js';
import { currentJob } from './replay-scope.js';

/** A recorded exchange, and the job (`<check> <resource>`) that sent it when the recording says. */
export interface RecordedExchange {
  exchange: Exchange;
  job?: string;
}

/** A request of the replay that the recording does not hold: the check cannot reach a verdict on it. */
export class NotRecordedError extends Error {
  override readonly name = 'NotRecordedError';
  readonly code = 'NOT_RECORDED';
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Headers every request carries or that are redacted in a recording: no part of what a check asked. */
const IGNORED = new Set(['user-agent', 'content-length', 'host', 'connection']);
/**
 * Values a run generates: UUIDs, ISO timestamps, runs of 6+ digits (keys such as employer ids) and hex runs of 8+
 * holding a digit (a UUID's first part as a suffix). Everything else must be equal to match.
 */
const GENERATED =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?|\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b|\d{6,}/g;

interface Entry {
  readonly index: number;
  readonly method: string;
  readonly url: string;
  readonly headers: string;
  readonly body: string;
  readonly job: string | undefined;
  readonly exchange: Exchange;
  /** The request with its generated values blanked: what a request of another run must equal to take this answer. */
  readonly shape: string;
  used: boolean;
}

/** A recorded answer as the dispatcher hands it on. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

interface Asked {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const shapeOf = (method: string, url: string, headers: string, body: string): string =>
  `${method} ${url}\n${headers}\n${body}`.replace(GENERATED, '\u0000');

const tokensOf = (text: string): string[] => text.match(GENERATED) ?? [];

/** The headers a request was sent with, as one comparable line (names lower-cased, sorted; ignored ones left out). */
function headerLine(headers: Record<string, string>, ignored: ReadonlySet<string>): string {
  return Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => !IGNORED.has(name) && !ignored.has(name) && !isSecretName(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** What a replay answered and could not answer. */
export interface ReplayCounts {
  /** Requests answered from the recording. */
  answered: number;
  /** Requests the recording does not hold. */
  missing: number;
  /** Recorded exchanges that answered at least one request. */
  used: number;
}

/**
 * The recorded exchanges of a run, answering the requests of a replay of it. One per replay; every HTTP client of
 * the replay gets a dispatcher of it (`dispatcher()`).
 */
export class Recording {
  private readonly byUrl = new Map<string, Entry[]>();
  private readonly byShape = new Map<string, Entry[]>();
  /** A value this run generated → the value the recorded run generated in its place, and back. */
  private readonly toRecorded = new Map<string, string>();
  private readonly toSent = new Map<string, string>();
  private readonly ignored: ReadonlySet<string>;
  /** The recorded index of the last write answered to each URL (its path): reads recorded before it are stale. */
  private readonly lastWrite = new Map<string, number>();
  /** Every generated-looking value the recorded run sent. */
  private readonly sentTokens = new Set<string>();
  /** The first request each job asked that the recording lacks (`GET /employers?page=2`). */
  readonly misses = new Map<string, string>();
  readonly counts: ReplayCounts = { answered: 0, missing: 0, used: 0 };
  readonly size: number;
  /** Whether the recording says which job sent each request (`check --record` does). */
  private readonly namesJobs: boolean;

  constructor(
    recorded: Iterable<RecordedExchange>,
    private readonly baseUrl: string,
    /** Header names the run sets on every request (`--header`): not part of what a check asked. */
    configured: readonly string[] = [],
  ) {
    this.ignored = new Set(configured.map((name) => name.toLowerCase()));
    let index = 0;
    for (const { exchange, job } of recorded) {
      const { method, url, headers, body = '' } = exchange.request;
      const line = headerLine(headers, this.ignored);
      const entry: Entry = {
        index: index++,
        method,
        url,
        headers: line,
        body,
        job,
        exchange,
        shape: shapeOf(method, url, line, body),
        used: false,
      };
      for (const token of tokensOf(`${url}\n${line}\n${body}`)) this.sentTokens.add(token);
      push(this.byUrl, `${method} ${url}`, entry);
      push(this.byShape, entry.shape, entry);
    }
    this.size = index;
    this.namesJobs = [...this.byUrl.values()].some((entries) => entries.some((e) => e.job !== undefined));
  }

  /** A dispatcher answering from this recording, for one HTTP client. */
  dispatcher(): Dispatcher {
    return new ReplayDispatcher(this);
  }

  /** The recorded answer to a request, its generated values mapped to this run's; a NotRecordedError when none. */
  answer(asked: Asked, job: string | undefined): Answer {
    const url = this.mapped(redactUrl(asked.url), this.toRecorded);
    const headers = this.mapped(headerLine(asked.headers, this.ignored), this.toRecorded);
    const body = this.mapped(asked.body, this.toRecorded);
    const entry = this.find(asked.method, url, headers, body, job);
    if (!entry) {
      this.counts.missing++;
      const where = url.startsWith(this.baseUrl) ? url.slice(this.baseUrl.length) || '/' : url;
      const what = `${asked.method} ${where}`;
      if (job !== undefined && !this.misses.has(job)) this.misses.set(job, what);
      throw new NotRecordedError(`not in the recording: ${what}`);
    }
    this.counts.answered++;
    if (!entry.used) this.counts.used++;
    entry.used = true;
    if (!SAFE.has(entry.method)) {
      const path = pathOf(entry.url);
      this.lastWrite.set(path, Math.max(entry.index, this.lastWrite.get(path) ?? -1));
    }
    const { response } = entry.exchange;
    const back = (text: string) => this.mapped(text, this.toSent);
    return {
      status: response.status,
      headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, back(value)])),
      text: back(response.text),
    };
  }

  /**
   * In order: an equal recorded request not yet answered, this job's own, else one recorded after the last write to
   * its URL this replay answered; a read's last such answer again (a poll asked more often than recorded); an equal
   * one recorded before that write; one of the same shape whose generated values pair with the ones sent, this job's
   * first; for a read outside a check (discovery, probes) that URL's answer to other headers.
   */
  private find(method: string, url: string, headers: string, body: string, job: string | undefined) {
    const same = this.byUrl.get(`${method} ${url}`) ?? [];
    const equal = (e: Entry) => e.headers === headers && e.body === body;
    const own = (e: Entry) => job !== undefined && e.job === job;
    const written = this.lastWrite.get(pathOf(url)) ?? -1;
    const current = (e: Entry) => e.index > written;
    const fresh = same.filter((e) => !e.used && equal(e));
    // A job's own recorded requests came in its own order; another job's read recorded before a write this replay
    // answered saw the API before that write.
    const found = fresh.find(own) ?? fresh.find(current);
    if (found) return found;
    // Another job's answer given twice would show two requests one answer (one trace id for two): a read is
    // answered again only for the job that recorded it, outside any check, or from a recording that names no jobs.
    const repeats = job === undefined || !this.namesJobs;
    const again = SAFE.has(method)
      ? (same.findLast((e) => equal(e) && own(e) && current(e)) ??
        (repeats ? same.findLast((e) => equal(e) && current(e)) : undefined))
      : undefined;
    // A read recorded before a write this replay answered only when nothing recorded after it can answer.
    const stale = again ?? fresh[0];
    if (stale) return stale;
    const sent = `${url}\n${headers}\n${body}`;
    const alike = (this.byShape.get(shapeOf(method, url, headers, body)) ?? []).filter((e) => !e.used);
    // A value the API echoes in its answer (a created key in Location) is one the recorded run generated; another
    // (an out-of-range key a check sends on purpose) more likely one both runs send as it is.
    const echoed = (e: Entry) => {
      const answer = `${JSON.stringify(e.exchange.response.headers)}${e.exchange.response.text}`;
      return this.differing(sent, e).every((token) => answer.includes(token));
    };
    const ranked = [...alike.filter(own), ...alike.filter((e) => !own(e))];
    const pair = (e: Entry) => this.pairs(sent, `${e.url}\n${e.headers}\n${e.body}`);
    const shaped = ranked.find((e) => echoed(e) && pair(e)) ?? ranked.find(pair);
    if (shaped) return shaped;
    if (job === undefined && SAFE.has(method)) return same.find((e) => !e.used) ?? same[0];
    return undefined;
  }

  /**
   * Whether a request and a recorded one of the same shape pair up: each generated value sent maps to the recorded
   * one in its place, consistently with every pair seen before. When they do, the pairs are kept.
   */
  private pairs(sent: string, recorded: string): boolean {
    const ours = tokensOf(sent);
    const theirs = tokensOf(recorded);
    if (ours.length !== theirs.length) return false;
    const fresh = new Map<string, string>();
    for (const [i, value] of ours.entries()) {
      const other = theirs[i]!;
      // `value` is already mapped (the lookup applied it), so a known pair shows as equal values.
      if (value === other) continue;
      // A value the recorded run sent too is no generated one (a fixed out-of-range key): it must be equal.
      if (this.sentTokens.has(value)) return false;
      const known = fresh.get(value);
      if (known !== undefined ? known !== other : this.toSent.has(other) || this.toRecorded.has(value)) return false;
      fresh.set(value, other);
    }
    for (const [value, other] of fresh) {
      this.toRecorded.set(value, other);
      this.toSent.set(other, value);
    }
    return true;
  }

  /** The recorded values in an entry's request where the request sent holds other ones. */
  private differing(sent: string, entry: Entry): string[] {
    const ours = tokensOf(sent);
    return tokensOf(`${entry.url}\n${entry.headers}\n${entry.body}`).filter((token, i) => token !== ours[i]);
  }

  private mapped(text: string, map: ReadonlyMap<string, string>): string {
    return map.size === 0 ? text : text.replace(GENERATED, (token) => map.get(token) ?? token);
  }
}

const pathOf = (url: string): string => url.replace(/[?#].*$/, '');

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** An undici dispatcher that answers from a recording, as a server would, on the next turn; it never connects. */
class ReplayDispatcher extends Dispatcher {
  constructor(private readonly recording: Recording) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // The job is read now, in the check's own async context.
    const job = currentJob();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((options.headers ?? {}) as Record<string, unknown>))
      if (value !== undefined) headers[name] = String(value);
    const asked = {
      method: options.method,
      url: new URL(options.path, options.origin).href,
      headers,
      body: typeof options.body === 'string' ? options.body : '',
    };
    let aborted = false;
    handler.onConnect?.((error) => {
      aborted = true;
      handler.onError?.(error ?? new Error('aborted'));
    });
    setImmediate(() => {
      if (aborted) return;
      let response: Answer;
      try {
        response = this.recording.answer(asked, job);
      } catch (error) {
        handler.onError?.(error as Error);
        return;
      }
      const raw = Object.entries(response.headers).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]);
      handler.onHeaders?.(response.status, raw, () => {}, '');
      if (aborted) return;
      if (response.text.length > 0 && asked.method !== 'HEAD') handler.onData?.(Buffer.from(response.text));
      handler.onComplete?.([]);
    });
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    if (callback) return void setImmediate(callback);
    return Promise.resolve();
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const callback = typeof first === 'function' ? first : second;
    if (callback) return void setImmediate(callback);
    return Promise.resolve();
  }
}
