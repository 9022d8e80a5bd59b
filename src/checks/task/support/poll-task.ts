// Submitting a task and polling it: pollAfter is honoured, but never more than 2 s per wait nor 10 s in all.
import type { CheckContext } from '../../../core/define-check.js';
import type { Exchange } from '../../../core/exchange.js';
import type { JsonValue } from '../../../core/json.js';
import { valueAt } from '../../../core/json.js';
import type { TaskTarget } from '../../../core/target.js';
import { sameOriginLocation } from '../../create/support/created-document.js';

type Ctx = CheckContext<string>;

export const MAX_WAIT_MS = 2000;
export const MAX_TOTAL_MS = 10_000;
/** Without a usable pollAfter: poll again this soon. */
const DEFAULT_WAIT_MS = 100;
const MIN_WAIT_MS = 20;

/** An ISO-8601 / RFC 3339 date-time with seconds and a zone (`Z` or `±hh:mm`). */
export const isZonedDateTime = (value: unknown): boolean =>
  typeof value === 'string'
  && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value)
  && !Number.isNaN(Date.parse(value));

export const stateOf = (exchange: Exchange): unknown => valueAt(exchange.response.json, 'status.state');

export interface Submission {
  exchange: Exchange;
  /** Absolute, same-origin URL of the task (its Location). */
  url?: string;
}

export async function submit(ctx: Ctx, task: TaskTarget, body: JsonValue = task.body): Promise<Submission> {
  const exchange = await ctx.request({ method: 'POST', url: task.path, json: body });
  const url = exchange.response.status === 202 ? sameOriginLocation(ctx, exchange) : undefined;
  return url ? { exchange, url } : { exchange };
}

/** Submits and skips unless the task was accepted (202 with a same-origin Location): task.accepted-202 judges that. */
export async function submitAccepted(ctx: Ctx, task: TaskTarget, body: JsonValue = task.body): Promise<Required<Submission>> {
  const submission = await submit(ctx, task, body);
  if (!submission.url) {
    const { status, headers } = submission.exchange.response;
    // Say the real cause: a 202 whose Location lies elsewhere is not "no task" (the engine reports that Location).
    const why = !headers['location'] ? ' without a Location' : status === 202 ? ` with Location ${headers['location']}, not on the API's origin` : '';
    return ctx.skip(`POST ${task.path} answered ${status}${why}, so there is no task to poll`);
  }
  return { exchange: submission.exchange, url: submission.url };
}

export interface Polled {
  /** The last poll: the task ended (state other than processing, or a redirect), or time ran out. */
  last: Exchange;
  ended: boolean;
}

/** Polls the task until it leaves `processing`, waiting as its pollAfter says (capped). */
export async function pollUntilEnded(ctx: Ctx, url: string, submitted: Exchange): Promise<Polled> {
  const started = Date.now();
  let last = submitted;
  for (let poll = 0; poll < 100; poll++) {
    const elapsed = Date.now() - started;
    if (elapsed >= MAX_TOTAL_MS) break;
    await sleep(Math.min(waitFor(last), MAX_TOTAL_MS - elapsed), ctx.signal);
    last = await ctx.get(url);
    if (last.response.status !== 200 || stateOf(last) !== 'processing') return { last, ended: true };
  }
  return { last, ended: false };
}

/** How long the last response asks us to wait, clamped. */
function waitFor(exchange: Exchange): number {
  const pollAfter = valueAt(exchange.response.json, 'status.pollAfter');
  const at = typeof pollAfter === 'string' ? Date.parse(pollAfter) : Number.NaN;
  const wait = Number.isNaN(at) ? DEFAULT_WAIT_MS : at - Date.now();
  return Math.max(MIN_WAIT_MS, Math.min(MAX_WAIT_MS, wait));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); }
    signal.addEventListener('abort', done, { once: true });
  });
}
