import { defineCheck } from '../../core/engine/define-check.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import type { CheckContext } from '../../core/engine/define-check.js';
import {
  guidePagingOrSkip,
  linkOf,
  onlyPageReason,
  pageOf,
  queryParam,
  totalOf,
  unpagedReason,
  type CollectionPage,
} from '../support/collection-page.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { judgingRecording, NotRecorded, recordedAnswer, recordedGet } from '../support/traffic.js';
import { PROBE_PAGE_SIZE, type Walk } from '../support/walk.js';
import { judgeWalk, type WalkFinding } from '../support/walk-findings.js';

/** Pages listing under `results` or `data` are walked as well: the list's name is collection.items-array's finding. */
const LISTED = { anyList: true } as const;

const MESSAGES = {
  missingNext: 'Page {{page}} ({{url}}) has no `next` link, but only {{seen}} of {{total}} items were reached.',
  // No item counts or cursor values in the words: the same missing link on two collections is one fault, not two
  // because their following pages hold 4 and 5 items (the evidence shows them).
  missingNextMore: 'Page {{page}} ({{url}}) has no `next` link, but the following page {{following}} still has items.',
  cursorWithoutNext:
    'Page {{page}} ({{url}}) has no `next` link but gives a cursor in `{{member}}`, and the page that cursor asks for ({{following}}) still has items: every page but the last links to the next.',
  nextOnLast: 'Page {{page}} ({{url}}) reaches all {{total}} items yet links to a `next` page.',
  nextEmpty: 'Page {{page}} ({{url}}) links to a `next` page that holds no items.',
  brokenNext: 'The `next` link of page {{page}} leads to {{url}}, which answered {{status}} without a collection page.',
} as const;
type Id = keyof typeof MESSAGES;

export default defineCheck({
  meta: {
    id: 'paging.next-link',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title: 'Every page but the last links to the next page; the last page has no `next`',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    // A recording without the run's walk is judged page by page, where offset paging and `total` tell.
    if (judgingRecording(ctx) && !recordedGet(ctx, collection.firstPage({ pageSize: PROBE_PAGE_SIZE })))
      return judgeRecordedPages(ctx, collection);
    await judgeWalk(ctx, collection, { maxRequests: 12, targetPages: 4, ...LISTED }, (walk) =>
      judge(ctx, collection, walk),
    );
  },
});

/**
 * Each recorded page of the collection whose number, size (asked or echoed) and `total` say whether a page
 * follows: one short of `total` without `next`, or one that reaches it with `next`, breaks the rule.
 */
function judgeRecordedPages(ctx: CheckContext<Id>, collection: CollectionTarget): void {
  const probe = ctx.url(collection.firstPage({ pageSize: PROBE_PAGE_SIZE }));
  if (collection.paging?.kind !== 'offset') throw new NotRecorded('GET', probe);
  const base = ctx.url(collection.path).replace(/\/$/, '');
  let judged = 0;
  for (const exchange of ctx.traffic()) {
    const { request, response } = exchange;
    if (request.method !== 'GET' || response.status !== 200 || request.url.split('?')[0]?.replace(/\/$/, '') !== base)
      continue;
    const page = recordedAnswer([exchange]) && pageOf(exchange, LISTED);
    if (!page) continue;
    const asked = Number(queryParam(request.url, collection.pageSizeParam));
    const echoed = page.body['pageSize'];
    const size = Number.isInteger(asked) && asked > 0 ? asked : typeof echoed === 'number' ? echoed : undefined;
    const total = totalOf(page.body);
    const number = Number(queryParam(request.url, collection.pageParam) ?? '1');
    if (size === undefined || total === undefined || !Number.isInteger(number) || number < 1) continue;
    judged++;
    const seen = (number - 1) * size + page.items.length;
    const next = linkOf(page.body, 'next');
    if (next === undefined)
      ctx.expect(seen >= total, 'missingNext', { page: number, url: request.url, seen, total }, exchange);
    else ctx.expect(seen < total, 'nextOnLast', { page: number, url: request.url, total }, exchange);
  }
  if (judged === 0) throw new NotRecorded('GET', probe);
}

/** A member of a page that carries the cursor of the next one (`nextCursor`, `next_cursor`, `cursor`, `nextPageToken`). */
const CURSOR_MEMBER = /^(?:next_?)?(?:cursor|page_?token|continuation_?token)$/i;

/**
 * A full page of cursor paging that gives a cursor value but no `next` link: the page that cursor asks for is read,
 * and holding items it shows a following page the API did not link (Hono's `nextCursor`). Undefined otherwise.
 */
async function cursorWithoutNext(
  ctx: CheckContext<Id>,
  collection: CollectionTarget,
  walk: Walk,
  page: CollectionPage,
): Promise<{ data: Record<string, string | number>; evidence: Exchange[] } | undefined> {
  if (collection.paging?.kind !== 'cursor' || page.items.length < walk.pageSize) return undefined;
  const entry = Object.entries(page.body).find(
    ([name, value]) => CURSOR_MEMBER.test(name) && typeof value === 'string' && value !== '',
  );
  if (!entry) return undefined;
  const [member, value] = entry as [string, string];
  const following = await ctx.get(
    collection.firstPage({ pageSize: walk.pageSize, query: { [collection.paging.param]: value } }),
  );
  const count = pageOf(following, LISTED)?.items.length ?? 0;
  if (following.response.status !== 200 || count === 0) return undefined;
  return {
    data: { member, value: JSON.stringify(value), following: following.request.url, count },
    evidence: [page.exchange, following],
  };
}

async function judge(ctx: CheckContext<Id>, collection: CollectionTarget, walk: Walk): Promise<Array<WalkFinding<Id>>> {
  if (walk.stop === 'max') ctx.skip(`the walk ended early (${walk.stop}) at ${walk.url ?? '?'}`);
  const unpaged = unpagedReason(
    collection,
    walk.steps.map((s) => s.page),
  );
  if (unpaged) ctx.skip(unpaged);
  // One short page without `next` or `total`: nothing shows whether a page before the last would link to the next.
  const only = walk.steps.length === 1 && walk.total === undefined ? walk.steps[0]?.page : undefined;
  const degenerate = only && onlyPageReason(only, walk.pageSize);
  if (degenerate) ctx.skip(degenerate);
  const findings: Array<WalkFinding<Id>> = [];
  let seen = 0;
  for (const [index, { exchange, page }] of walk.steps.entries()) {
    const number = index + 1;
    const url = exchange.request.url;
    const previous = walk.steps[index - 1]?.exchange;
    if (!page) {
      findings.push({
        id: 'brokenNext',
        data: { page: index, url, status: exchange.response.status },
        evidence: [...(previous ? [previous] : []), exchange],
      });
      break;
    }
    seen += page.items.length;
    const next = linkOf(page.body, 'next');
    if (index > 0 && page.items.length === 0 && previous)
      findings.push({
        id: 'nextEmpty',
        data: { page: index, url: previous.request.url },
        evidence: [previous, exchange],
      });
    if (walk.total !== undefined && seen >= walk.total && next !== undefined)
      findings.push({ id: 'nextOnLast', data: { page: number, url, total: walk.total }, evidence: [exchange] });
    if (next !== undefined) continue;
    if (walk.total !== undefined && seen < walk.total)
      findings.push({ id: 'missingNext', data: { page: number, url, seen, total: walk.total }, evidence: [exchange] });
    const cursor = walk.total === undefined ? await cursorWithoutNext(ctx, collection, walk, page) : undefined;
    if (cursor)
      findings.push({
        id: 'cursorWithoutNext',
        data: { page: number, url, ...cursor.data },
        evidence: cursor.evidence,
      });
    if (walk.total === undefined && collection.paging?.kind === 'offset' && page.items.length >= walk.pageSize) {
      // Without `total`, a full last page may hide more: the page after it must be empty.
      const current = Number(queryParam(url, collection.pageParam) ?? '1');
      const following = await ctx.get(
        collection.firstPage({ pageSize: walk.pageSize, query: { [collection.pageParam]: current + 1 } }),
      );
      const count = pageOf(following, LISTED)?.items.length ?? 0;
      if (count > 0)
        findings.push({
          id: 'missingNextMore',
          data: { page: number, url, following: following.request.url, count },
          evidence: [exchange, following],
        });
    }
  }
  return findings;
}
