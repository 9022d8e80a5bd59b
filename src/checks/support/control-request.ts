// Before a difference between two answers is blamed on what set the requests apart (a language, a leading zero,
// a page number), the first request goes again unchanged: an API whose answers differ between identical requests
// (a mock serving random data) shows nothing about that variable.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';

// The client sets these itself (credentials, a fresh trace id); everything else the check chose is repeated.
const CLIENT_HEADERS = new Set(['authorization', 'cookie', 'belgov-trace-id', 'user-agent', 'host', 'content-length']);

/** Sends `exchange`'s GET again; skips the check when the two answers differ by `same`. Returns the repeat. */
export async function skipIfAnswersVary(
  ctx: CheckContext<string>,
  exchange: Exchange,
  same: (a: Exchange, b: Exchange) => boolean,
): Promise<Exchange> {
  const headers = Object.fromEntries(
    Object.entries(exchange.request.headers).filter(([name]) => !CLIENT_HEADERS.has(name)),
  );
  const again = await ctx.get(exchange.request.url, { headers });
  if (!same(exchange, again)) {
    ctx.skip(
      `the API's answers vary between identical requests (GET ${exchange.request.url} twice), so a difference shows nothing about the variable under test`,
    );
  }
  return again;
}
