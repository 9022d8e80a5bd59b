// 5xx answers a check reported as what they are, a server error for the run's own input (a filter value, a body
// restguide made): the checks that judge every answer of the run leave them to that check (one cause, one
// finding), while the checks of another rule (leaks in the body) still judge them.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { requestKey } from './traffic.js';

interface Reported {
  /** By method, URL and status: the answers reported. */
  answers: Map<string, string>;
  /** By method and path: the values the run made that drew them (a filter value other checks send too). */
  values: Map<string, Array<{ value: string; checkId: string }>>;
}

/** Per run: keyed by the run's traffic log, which every check of one run shares. */
const byRun = new WeakMap<object, Reported>();

function reportedOf(ctx: CheckContext<string>): Reported {
  const key = ctx.traffic();
  let reported = byRun.get(key);
  if (reported === undefined) byRun.set(key, (reported = { answers: new Map(), values: new Map() }));
  return reported;
}

const pathOf = ({ request }: Exchange): string => `${request.method} ${request.url.split(/[?#]/)[0] ?? ''}`;

/** The decoded query values of a request, where a value the run made shows whatever else the URL asks. */
function queryValuesOf({ request }: Exchange): string[] {
  try {
    return [...new URL(request.url).searchParams.values()];
  } catch {
    return [];
  }
}

// The same request answered the same status again (the read across the data, another check's create) is the same
// failure: keyed by method, URL and status, not by the exchange.
const keyOf = ({ request, response }: Exchange): string =>
  `${requestKey(request.method, request.url)} ${response.status}`;

/**
 * The check `checkId` (of `ctx`) reported `exchange`, a 5xx, as a server error for the run's own input; `value`, the
 * query value it made, stands for every request to that path that sends it (other checks page with it too).
 */
export function markReportedServerError(
  ctx: CheckContext<string>,
  checkId: string,
  exchange: Exchange,
  value?: string,
): void {
  if (exchange.response.status < 500) return;
  const reported = reportedOf(ctx);
  reported.answers.set(keyOf(exchange), checkId);
  if (value === undefined) return;
  const path = pathOf(exchange);
  reported.values.set(path, [...(reported.values.get(path) ?? []), { value, checkId }]);
}

/** The id of the check that reported this 5xx (or the same request's) as a server error for input, if one did. */
export function serverErrorReportedBy(ctx: CheckContext<string>, exchange: Exchange): string | undefined {
  if (exchange.response.status < 500) return undefined;
  const reported = reportedOf(ctx);
  const exact = reported.answers.get(keyOf(exchange));
  if (exact !== undefined) return exact;
  const values = reported.values.get(pathOf(exchange));
  if (values === undefined) return undefined;
  const query = queryValuesOf(exchange);
  return values.find(({ value }) => query.includes(value))?.checkId;
}
