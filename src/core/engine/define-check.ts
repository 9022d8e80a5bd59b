// A check is static meta (read by `rules`, reporters and tests) plus one run function.
import type { Exchange } from './exchange.js';
import type { Query, RequestSpec } from '../http/http-client.js';
import type { Target, TargetKind, TargetOf } from '../profile/target.js';
import type { CheckResult, Severity } from '../report/types.js';
import { CHECK_AREAS } from '../report/types.js';

export type MessageData = Record<string, string | number | boolean | null | undefined>;

export interface CheckMeta<M extends string> {
  /** `<area>.<file name>`, e.g. `problem.media-type`. */
  id: string;
  /** The guide's rule id (`err-problem`); the documentation link is built from it. */
  rule: string;
  severity: Severity;
  /** True when the check sends POST/PUT/PATCH/DELETE: it runs only with --allow-writes. */
  writes: boolean;
  /** One line saying what a conforming API does; the message of a pass. */
  title: string;
  /** Failure messages by id; `{{name}}` is replaced from the data given to `report`. */
  messages: Record<M, string>;
  /** What it judges (see Evidence); absent: `probes`. A check that writes judges its own probes. */
  evidence?: Evidence;
}

/**
 * What a check judges, and so where it can reach a verdict (docs/architecture.md#adding-a-check):
 * - `probes` (the default): requests of its own that only a run sends (writes, provoked errors, odd headers):
 *   judged in a run; recorded traffic (--har, the proxy) leaves it "needs active probing";
 * - `reads`: reads of its own whose answers ordinary traffic holds too (pages, documents, revalidations): judged in
 *   a run and, answered from what was recorded, in recorded traffic;
 * - `traffic`: every answer the run received (`ctx.traffic()`): in a run it starts with the others, holds no
 *   worker and awaits `ctx.trafficSettled()` before reading it; in recorded traffic it judges all of it.
 */
export type Evidence = 'probes' | 'reads' | 'traffic';

export interface FollowOptions {
  /** The JSON property holding the next link (default `next`), or a function reading it. */
  link?: string | ((exchange: Exchange) => string | undefined);
  /** At most this many requests after the first exchange. */
  max: number;
  headers?: Record<string, string>;
}

export interface FollowResult {
  /** The first exchange and every one followed, in order. */
  exchanges: Exchange[];
  /**
   * end: no further link; cycle: a link pointed at a page already seen; max: the bound was hit;
   * cross-origin: no longer returned (a link out of the API makes follow throw, and the check fail); status: a page did not answer 2xx.
   */
  stop: 'end' | 'cycle' | 'max' | 'cross-origin' | 'status';
  /** The link not followed (cycle, max, cross-origin). */
  url?: string;
}

export interface CheckContext<M extends string = string> {
  /** The whole resolved target (e.g. documents, for a check that applies to the api). */
  readonly target: Target;
  /** The API base URL, no trailing slash. */
  readonly baseUrl: string;
  readonly allowWrites: boolean;
  /** Aborted at the run's deadline. */
  readonly signal: AbortSignal;
  /** Epoch ms when the run's deadline aborts `signal` (Infinity when there is none): a check that waits bounds itself by it. */
  readonly deadlineAt: number;
  /** An absolute URL from a path relative to the base URL (`/employers`) plus a query. */
  url(path: string, query?: Query): string;
  /** Any request; relative URLs resolve against the base URL. Throws TransportError when no response came. */
  request(spec: RequestSpec): Promise<Exchange>;
  get(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange>;
  head(url: string, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange>;
  /** Follows a 3xx Location if it stays on the target's origin; undefined otherwise. */
  followRedirect(exchange: Exchange, init?: Omit<RequestSpec, 'url' | 'method'>): Promise<Exchange | undefined>;
  /** Follows links (e.g. `next`) from a first exchange, bounded and cycle-safe, same origin only. */
  follow(first: Exchange, options: FollowOptions): Promise<FollowResult>;
  /** Records a failure with its evidence (counts as an assertion). */
  report(messageId: M, data?: MessageData, ...evidence: Exchange[]): void;
  /** An assertion: records the failure when `ok` is false; returns `ok`. */
  expect(ok: boolean, messageId: M, data?: MessageData, ...evidence: Exchange[]): boolean;
  /** Counts an assertion that held, for a check whose verdict is not a single `expect`. */
  pass(): void;
  /** Ends the check as not applicable (e.g. the resource lacks what the rule is about). */
  /** Ends the check without a verdict; `evidence`, the answers that decided it, is kept in the result. */
  skip(reason: string, ...evidence: Exchange[]): never;
  /** Says something in the result besides the verdict (what a bound left unjudged); optional for wrapping contexts. */
  note?(text: string): void;
  /** Runs after the check, also when it fails or errors (e.g. DELETE what it created). */
  onCleanup(cleanup: () => Promise<unknown>): void;
  /**
   * The check judges the Location of its writes itself, or reaches what it wrote another way (the item path
   * plus its key): the engine's own Location finding is left to the check that is about it.
   */
  judgeLocationsItself(): void;
  /** Every answer the run has received so far (discovery and other checks included), oldest first. */
  traffic(): readonly Exchange[];
  /** Resolves when every check that does not judge the traffic has ended: then `traffic()` holds their answers. */
  trafficSettled(): Promise<void>;
}

/**
 * A root of a check: another check whose failure on the same resource (or anywhere, for a root about the whole
 * API) is the cause of what this check would find. One cause, one finding: the root reports it, this check says
 * "not verified, see <root>".
 */
export interface Dependency<M extends string> {
  /** The root check's id. */
  check: string;
  /** The root's failures that are the cause: message ids, or a test of the failure (default: any failure of the root). */
  when?: readonly string[] | ((failure: CheckResult) => boolean);
  /**
   * Only these findings of this check follow from the root: they are dropped, the others stand (default: the
   * whole check follows from it, and it is not run).
   */
  findings?: readonly M[] | ((finding: { messageId: string; message: string }) => boolean);
  /** With `findings`: a finding follows only from a root failure it pairs with (the same status, say). */
  pairs?: (failure: CheckResult, finding: { messageId: string; message: string }) => boolean;
  /** The root's failures on any resource count, not only on this check's (a collection's root, an API-wide check). */
  anyResource?: boolean;
  /** With `findings`: of the root's failures, the one cited is the first this prefers (else the first). */
  prefers?: (failure: CheckResult, finding: { messageId: string; message: string }) => boolean;
}

export interface CheckDefinition<M extends string, K extends TargetKind> {
  meta: CheckMeta<M>;
  /** The kind of resource the runner runs this check against, once per resource. */
  appliesTo: K;
  /**
   * A guard read from the profile before anything is sent: resources that fail it get no result
   * (the check does not apply to them); when no resource passes it, the check reports one skip
   * saying what it needs.
   */
  requires?: { what: string; test(resource: TargetOf[K], target: Target): boolean };
  /**
   * Roots (see Dependency): the runner runs this check after them, on each resource. A check that does not judge
   * the traffic waits for no root that does (that root waits for every worker): such a root can only drop some
   * findings (`findings`), once the run has ended.
   */
  dependsOn?: ReadonlyArray<string | Dependency<NoInfer<M>>>;
  run(ctx: CheckContext<M>, target: TargetOf[K]): Promise<void> | void;
}

/** Any check, as held by the registry and the runner. */
export type AnyCheck = CheckDefinition<string, TargetKind>;

const ID = /^([a-z0-9]+)\.[a-z0-9]+(-[a-z0-9]+)*$/;

/** Declares a check; message ids are inferred from `meta.messages`, so a typo does not compile. */
export function defineCheck<const M extends string, K extends TargetKind>(
  definition: CheckDefinition<M, K>,
): CheckDefinition<M, K> {
  const { id } = definition.meta;
  const area = ID.exec(id)?.[1];
  if (!area || !(CHECK_AREAS as readonly string[]).includes(area))
    throw new Error(`check id ${id} is not <area>.<kebab-name> with a known area`);
  if (Object.keys(definition.meta.messages).length === 0) throw new Error(`check ${id} has no messages`);
  if (definition.meta.writes && (definition.meta.evidence ?? 'probes') !== 'probes')
    throw new Error(`check ${id} writes: its evidence is its own probes, not ${definition.meta.evidence}`);
  return Object.freeze(definition);
}

/** Fills `{{name}}` placeholders; a missing value shows as `?`. */
export function renderMessage(template: string, data: MessageData = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_whole, name: string) => {
    const value = data[name];
    return value === undefined ? '?' : String(value);
  });
}

/** What a check judges (its meta's `evidence`, `probes` when absent). */
export const evidenceOf = (check: AnyCheck): Evidence => check.meta.evidence ?? 'probes';

/**
 * Whether the check judges the run's traffic: it starts with the others but holds no worker, and awaits
 * `ctx.trafficSettled()` before it reads `ctx.traffic()`, so it sees every other check's answers. It takes no lock
 * and joins no writers before then: the checks it waits for could be waiting for it.
 */
export const judgesTraffic = (check: AnyCheck): boolean => evidenceOf(check) === 'traffic';

/** Whether the check reaches a verdict on traffic restguide did not send (a recording, the proxy's). */
export const judgesRecordings = (check: AnyCheck): boolean => evidenceOf(check) !== 'probes';

/** The dependencies of a check, each as a Dependency. */
export const dependenciesOf = (check: AnyCheck): Array<Dependency<string>> =>
  (check.dependsOn ?? []).map((d) => (typeof d === 'string' ? { check: d } : d));

export const areaOf = (id: string): string => id.split('.')[0] ?? id;
