// 5xx answers a check reported as what they are, a server error for the run's own input (a filter value, a body
// restguide made): the checks that judge every answer of the run leave them to that check (one cause, one
// finding), while the checks of another rule (leaks in the body) still judge them.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { requestKey } from './traffic.js';

interface Reported {
  /** By method, URL and status: the answers reported. */
  answers: Map<string, string>;
  /** By method and path: the query parameters whose run-made values drew them (a filter other checks send too). */
  params: Map<string, Array<{ param: string; checkId: string }>>;
  /** By method, URL, request media type and status: answers to a check's own probe that it reported. */
  probes: Map<string, string>;
}

/** Per run: keyed by the run's traffic log, which every check of one run shares. */
const byRun = new WeakMap<object, Reported>();

function reportedOf(ctx: CheckContext<string>): Reported {
  const key = ctx.traffic();
  let reported = byRun.get(key);
  if (reported === undefined) byRun.set(key, (reported = { answers: new Map(), params: new Map(), probes: new Map() }));
  return reported;
}

const pathOf = ({ request }: Exchange): string => `${request.method} ${request.url.split(/[?#]/)[0] ?? ''}`;

/** The query parameters a request sends. */
function queryParamsOf({ request }: Exchange): string[] {
  try {
    return [...new URL(request.url).searchParams.keys()];
  } catch {
    return [];
  }
}

// The same request answered the same status again (the read across the data, another check's create) is the same
// failure: keyed by method, URL and status, not by the exchange.
const keyOf = ({ request, response }: Exchange): string =>
  `${requestKey(request.method, request.url)} ${response.status}`;

const probeKeyOf = (exchange: Exchange): string => {
  const [, type = ''] =
    Object.entries(exchange.request.headers).find(([name]) => name.toLowerCase() === 'content-type') ?? [];
  return `${keyOf(exchange)} ${type.split(';')[0]?.trim().toLowerCase() ?? ''}`;
};

/**
 * The check `checkId` (of `ctx`) reported `exchange`, a 5xx, as a server error for the run's own input; `param`, the
 * query parameter its made value went to, stands for every request to that path that sends one (other checks page
 * with a value of their own there too: the same column fails the same way).
 */
export function markReportedServerError(
  ctx: CheckContext<string>,
  checkId: string,
  exchange: Exchange,
  param?: string,
): void {
  if (exchange.response.status < 500) return;
  const reported = reportedOf(ctx);
  reported.answers.set(keyOf(exchange), checkId);
  if (param === undefined) return;
  const path = pathOf(exchange);
  reported.params.set(path, [...(reported.params.get(path) ?? []), { param, checkId }]);
}

/**
 * The check `checkId` judged `exchange`, the answer to its own probe, failing and reported it (whatever its
 * status: CherryPy's 404 to an unknown query parameter): the checks that judge every answer leave it to that check.
 * Keyed by the request's media type too, so another PATCH to the same URL is still judged on its own.
 */
export function markReportedAnswer(ctx: CheckContext<string>, checkId: string, exchange: Exchange): void {
  reportedOf(ctx).probes.set(probeKeyOf(exchange), checkId);
}

/** The id of the check that reported this answer to its own probe, or this 5xx as a server error for input. */
export function answerReportedBy(ctx: CheckContext<string>, exchange: Exchange): string | undefined {
  return reportedOf(ctx).probes.get(probeKeyOf(exchange)) ?? serverErrorReportedBy(ctx, exchange);
}

/** The id of the check that reported this 5xx (or the same request's) as a server error for input, if one did. */
export function serverErrorReportedBy(ctx: CheckContext<string>, exchange: Exchange): string | undefined {
  if (exchange.response.status < 500) return undefined;
  const reported = reportedOf(ctx);
  const exact = reported.answers.get(keyOf(exchange));
  if (exact !== undefined) return exact;
  const params = reported.params.get(pathOf(exchange));
  if (params === undefined) return undefined;
  const query = queryParamsOf(exchange);
  return params.find(({ param }) => query.includes(param))?.checkId;
}
