// Submitting a task and polling it: pollAfter is honoured (at most 2 s per wait) up to the task's maxWait.
import { defineCheck, type CheckContext, type CheckMeta } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { JsonValue } from '../../../core/util/json.js';
import { valueAtDotted } from '../../../core/util/json.js';
import type { TaskTarget } from '../../../core/profile/target.js';
import { sameOriginLocation } from '../../support/created-document.js';
import { pause } from '../../../core/util/pause.js';

type Ctx = CheckContext<string>;

const MAX_WAIT_MS = 2000;
/** Without a usable pollAfter: poll again this soon. */
const DEFAULT_WAIT_MS = 100;
const MIN_WAIT_MS = 20;
/** The derived maxWait: this many of the task's longest announced pollAfter interval, within these bounds. */
const HINTS_ALLOWED = 10;
const MIN_DERIVED_MS = 5000;
const MAX_DERIVED_MS = 300_000;
const DEADLINE_MARGIN_MS = 2000;
const MAX_POLLS = 500;

/** An ISO-8601 / RFC 3339 date-time with seconds and a zone (`Z` or `±hh:mm`). */
export const isZonedDateTime = (value: unknown): boolean =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
  !Number.isNaN(Date.parse(value));

export const stateOf = (exchange: Exchange): unknown => valueAtDotted(exchange.response.json, 'status.state');

interface Submission {
  exchange: Exchange;
  /** Absolute, same-origin URL of the task (its Location). */
  url?: string;
}

/**
 * A check of a task it submits and polls: `run` gets the accepted submission. No task accepted (not 202, or no
 * Location) is task.accepted-202's finding, with nothing to poll, so that check is its root.
 */
export function defineSubmittedTaskCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  run(ctx: CheckContext<M>, task: TaskTarget, submitted: Required<Submission>): Promise<void>;
}) {
  return defineCheck({
    meta: check.meta,
    appliesTo: 'task',
    dependsOn: [{ check: 'task.accepted-202', when: ['not202', 'noLocation'] }],
    run: async (ctx, task) => check.run(ctx, task, await submitAccepted(ctx, task)),
  });
}

export async function submit(ctx: Ctx, task: TaskTarget, body: JsonValue = task.body): Promise<Submission> {
  const exchange = await ctx.request({ method: 'POST', url: task.path, json: body });
  const url = exchange.response.status === 202 ? sameOriginLocation(ctx, exchange) : undefined;
  return url ? { exchange, url } : { exchange };
}

/** Submits and skips unless the task was accepted (202 with a same-origin Location): task.accepted-202 judges that. */
export async function submitAccepted(
  ctx: Ctx,
  task: TaskTarget,
  body: JsonValue = task.body,
): Promise<Required<Submission>> {
  const submission = await submit(ctx, task, body);
  if (!submission.url) {
    const { status, headers } = submission.exchange.response;
    // Say the real cause: a 202 whose Location lies elsewhere is not "no task" (the engine reports that Location).
    const why = !headers['location']
      ? ' without a Location'
      : status === 202
        ? ` with Location ${headers['location']}, not on the API's origin`
        : '';
    return ctx.skip(`POST ${task.path} answered ${status}${why}, so there is no task to poll`);
  }
  return { exchange: submission.exchange, url: submission.url };
}

interface Polled {
  /** The last poll: the task ended (state other than processing, or a redirect), or time ran out. */
  last: Exchange;
  ended: boolean;
  /** Every GET of the task, in order. */
  polls: Exchange[];
  waitedMs: number;
  /** What the task was allowed, and what set it. */
  allowedMs: number;
  bound: string;
}

/**
 * Polls the task until it leaves `processing`: each wait as its pollAfter says (at most 2 s, backing off without
 * one), for at most the task's maxWait (profile, else derived from its pollAfters), never past the run's deadline.
 */
export async function pollUntilEnded(ctx: Ctx, task: TaskTarget, url: string, submitted: Exchange): Promise<Polled> {
  const started = Date.now();
  // Leave the run time to report and clean up after the last poll.
  const deadlineEnd = ctx.deadlineAt - Math.min(DEADLINE_MARGIN_MS, (ctx.deadlineAt - started) / 10);
  let longestHint = hintOf(submitted) ?? 0;
  const budget = () => {
    const maxWait = task.maxWaitMs ?? Math.min(MAX_DERIVED_MS, Math.max(MIN_DERIVED_MS, HINTS_ALLOWED * longestHint));
    const why =
      task.maxWaitMs !== undefined
        ? "the profile's maxWait"
        : `${HINTS_ALLOWED} times its longest pollAfter, at least ${MIN_DERIVED_MS / 1000} s`;
    return started + maxWait <= deadlineEnd
      ? { end: started + maxWait, why }
      : { end: deadlineEnd, why: "bounded by the run's --deadline" };
  };
  const polls: Exchange[] = [];
  let last = submitted;
  for (let poll = 0; poll < MAX_POLLS && !ctx.signal.aborted; poll++) {
    const { end } = budget();
    if (Date.now() >= end) break;
    const floor = Math.min(MAX_WAIT_MS, MIN_WAIT_MS * 1.25 ** poll);
    await pause(
      Math.min(Math.max(floor, Math.min(MAX_WAIT_MS, hintOf(last) ?? DEFAULT_WAIT_MS)), end - Date.now()),
      ctx.signal,
    );
    if (ctx.signal.aborted) break;
    last = await ctx.get(url);
    polls.push(last);
    if (last.response.status !== 200 || stateOf(last) !== 'processing')
      return {
        last,
        ended: true,
        polls,
        waitedMs: Date.now() - started,
        allowedMs: budget().end - started,
        bound: budget().why,
      };
    longestHint = Math.max(longestHint, hintOf(last) ?? 0);
  }
  const { end, why } = budget();
  return {
    last,
    ended: false,
    polls,
    waitedMs: Date.now() - started,
    allowedMs: Math.max(0, Math.round(end - started)),
    bound: why,
  };
}

/** The evidence of a task that never ended: the submission, the first polls and the last ones. */
export const pollEvidence = (submitted: Exchange, polled: Polled): Exchange[] => [
  submitted,
  ...(polled.polls.length <= 4 ? polled.polls : [...polled.polls.slice(0, 2), ...polled.polls.slice(-2)]),
];

/** Milliseconds until the pollAfter of a processing answer; undefined without a usable one. */
function hintOf(exchange: Exchange): number | undefined {
  const pollAfter = valueAtDotted(exchange.response.json, 'status.pollAfter');
  const at = typeof pollAfter === 'string' ? Date.parse(pollAfter) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
