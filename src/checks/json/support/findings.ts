// Distinct findings per response, at most a few listed, the rest counted in one line.
import type { MessageData } from '../../../core/define-check.js';
import type { Exchange } from '../../../core/exchange.js';

/** Where findings go: a check's ctx, or a tally of causes over many answers. */
interface Sink<M extends string> {
  report(messageId: M, data: MessageData, exchange: Exchange): void;
  pass(): void;
}

const MAX_LISTED = 5;

/** Reports each distinct path once (up to MAX_LISTED), then one `more` finding with the count left. */
export function reportPaths<M extends string>(
  ctx: Sink<M>,
  exchange: Exchange,
  paths: string[],
  one: M,
  more: M,
  data: (path: string) => MessageData,
): void {
  const distinct = [...new Set(paths)];
  if (distinct.length === 0) {
    ctx.pass();
    return;
  }
  for (const path of distinct.slice(0, MAX_LISTED)) ctx.report(one, data(path), exchange);
  const left = distinct.length - MAX_LISTED;
  if (left > 0) ctx.report(more, { url: exchange.request.url, count: left }, exchange);
}
