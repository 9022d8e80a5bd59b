// Answers that show what a check deliberately wrote wrong (a null it set, a value of the wrong type the API
// accepted): they are the run's own input, and the checks that judge representations leave them to the check
// that wrote it (one cause, one finding: json.no-null is not the cause of a null patch.null-removes sent).
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { listingOf } from '../../core/profile/list-shape.js';
import { withoutTrailingSlashes } from '../../core/profile/trailing-slashes.js';

interface OwnInput {
  urls: Set<string>;
  exchanges: WeakSet<Exchange>;
  /** `member value`: a bad value a check sent in a body member and the API took. */
  values: Set<string>;
}

/** Per run: keyed by the run's traffic log, which every check of one run shares. */
const byRun = new WeakMap<object, OwnInput>();

function ownInputOf(ctx: CheckContext<string>): OwnInput {
  const key = ctx.traffic();
  let own = byRun.get(key);
  if (own === undefined) {
    own = { urls: new Set(), exchanges: new WeakSet(), values: new Set() };
    byRun.set(key, own);
  }
  return own;
}

const KEY_MEMBER = /^(id|key|sid|uuid)$|(Id|_id|Key|Sid)$/;
const withoutQuery = (url: string): string => url.split(/[?#]/)[0] ?? url;

/** The resource at `url` now holds what the check wrote wrong; `exchanges` answered that write. */
export function markOwnInput(ctx: CheckContext<string>, url: string | undefined, ...exchanges: Exchange[]): void {
  const own = ownInputOf(ctx);
  if (url !== undefined) own.urls.add(withoutQuery(new URL(url, `${ctx.baseUrl}/`).href));
  for (const exchange of exchanges) own.exchanges.add(exchange);
}

/** Whether an answer shows the run's own wrong input rather than the API's representation. */
export function showsOwnInput(ctx: CheckContext<string>, exchange: Exchange): boolean {
  const own = ownInputOf(ctx);
  if (own.exchanges.has(exchange) || own.urls.has(withoutQuery(exchange.request.url))) return true;
  return own.urls.size > 0 && listsOwnInput(own.urls, exchange);
}

/** A page of the collection that lists one of those records while it exists: its item shows the same input. */
function listsOwnInput(urls: Set<string>, exchange: Exchange): boolean {
  const page = withoutTrailingSlashes(withoutQuery(exchange.request.url));
  const listed = [...urls].filter((url) => withoutTrailingSlashes(url).replace(/\/[^/]*$/, '') === page);
  if (listed.length === 0) return false;
  const items = listingOf(exchange.response.json, { knownList: true })?.items ?? [];
  return listed.some((url) => {
    const key = decodeURIComponent(withoutTrailingSlashes(url).split('/').pop() ?? '');
    // The item names the record by a key member (`id`, `employerId`) or a link to it.
    return items.some(
      (item) =>
        isObject(item) &&
        Object.entries(item).some(
          ([name, value]) =>
            (KEY_MEMBER.test(name) &&
              (typeof value === 'string' || typeof value === 'number') &&
              String(value) === key) ||
            (typeof value === 'string' && withoutTrailingSlashes(value) === withoutTrailingSlashes(url)),
        ),
    );
  });
}

const valueKey = (member: string, value: unknown): string => `${member} ${JSON.stringify(value)}`;

/**
 * The API took `value` for body `member` (input.declared-body's `2024-13-45` date): answers that carry it back
 * show the run's input on that member only, so a mismatch there is the input check's, and other members are judged.
 */
export function markOwnValue(ctx: CheckContext<string>, member: string, value: unknown): void {
  ownInputOf(ctx).values.add(valueKey(member, value));
}

/** Whether `value`, found under `member` in an answer, is a bad value the run itself stored there. */
export function isOwnValue(ctx: CheckContext<string>, member: string, value: unknown): boolean {
  const own = ownInputOf(ctx);
  return own.values.size > 0 && own.values.has(valueKey(member, value));
}
