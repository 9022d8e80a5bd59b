// 5xx answers a check reported as what they are, a server error for the run's own input (a filter value, a body
// restguide made): the checks that judge every answer of the run leave them to that check (one cause, one
// finding), while the checks of another rule (leaks in the body) still judge them.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { requestKey } from './traffic.js';

/** Per run: keyed by the run's traffic log, which every check of one run shares. */
const byRun = new WeakMap<object, Map<string, string>>();

function reportedOf(ctx: CheckContext<string>): Map<string, string> {
  const key = ctx.traffic();
  let reported = byRun.get(key);
  if (reported === undefined) byRun.set(key, (reported = new Map()));
  return reported;
}

// The same request answered the same status again (the read across the data, another check's create) is the same
// failure: keyed by method, URL and status, not by the exchange.
const keyOf = ({ request, response }: Exchange): string =>
  `${requestKey(request.method, request.url)} ${response.status}`;

/** The check `checkId` (of `ctx`) reported `exchange`, a 5xx, as a server error for the run's own input. */
export function markReportedServerError(ctx: CheckContext<string>, checkId: string, exchange: Exchange): void {
  if (exchange.response.status >= 500) reportedOf(ctx).set(keyOf(exchange), checkId);
}

/** The id of the check that reported this 5xx (or the same request's) as a server error for input, if one did. */
export function serverErrorReportedBy(ctx: CheckContext<string>, exchange: Exchange): string | undefined {
  return exchange.response.status >= 500 ? reportedOf(ctx).get(keyOf(exchange)) : undefined;
}
