import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { judgingRecording, NotRecorded, recordedAnswer, recordedGet } from '../support/traffic.js';
import {
  guidePagingOrSkip,
  isAbsoluteUrl,
  linkOf,
  onlyPageReason,
  pageOf,
  pageOrSkip,
  queryParam,
  totalOf,
  type CollectionPage,
} from '../support/collection-page.js';

const SIZE = 3;
const LINKS = ['self', 'next', 'prev', 'first', 'last'] as const;
const PAGING_LINKS = ['next', 'prev', 'first', 'last'] as const;

export default defineCheck({
  meta: {
    id: 'paging.links-consistent',
    rule: 'col-paging',
    severity: 'error',
    writes: false,
    evidence: 'reads',
    title:
      'Paging links are absolute, same-origin and consistent: no `prev` on page 1, `prev`/`next`/`first`/`last` point at the right pages',
    messages: {
      notAbsolute: '`{{link}}` of {{url}} is {{value}}, not an absolute http(s) URL.',
      otherOrigin: '`{{link}}` of {{url}} points at another origin: {{value}}.',
      prevOnFirst: 'The first page {{url}} has a `prev` link ({{value}}).',
      nextNotFollowing: '`next` of page {{page}} ({{url}}) points at page {{target}}, not {{expected}}.',
      prevNotPrevious: '`prev` of page {{page}} ({{url}}) points at page {{target}}, not {{expected}}.',
      firstNotFirst: '`first` of {{url}} points at {{value}}, not the first page.',
      lastNotLast:
        '`last` of {{url}} points at page {{target}}, but with {{total}} items and pageSize {{size}} the last page is {{expected}}.',
    },
  },
  appliesTo: 'collection',
  async run(ctx, collection) {
    await guidePagingOrSkip(ctx, collection);
    const path = collection.firstPage({ pageSize: SIZE });
    // A recording that lacks the run's page is judged on a recorded page with paging links, whichever it is.
    const recorded = judgingRecording(ctx)
      ? (recordedGet(ctx, path) ?? recordedPagingPage(ctx, collection))
      : undefined;
    if (judgingRecording(ctx) && !recorded) throw new NotRecorded('GET', ctx.url(path));
    const first = pageOrSkip(ctx, recorded ?? (await ctx.get(path)));
    const size = recorded ? sizeOf(collection, first) : SIZE;
    // A page without any paging link gives this check nothing to judge (a missing `next` is paging.next-link's).
    if (PAGING_LINKS.every((link) => first.body[link] === undefined || first.body[link] === null)) {
      ctx.skip(
        onlyPageReason(first, size ?? SIZE) ??
          `not verified: ${first.exchange.request.url} has no paging link (${PAGING_LINKS.join(', ')})`,
      );
    }
    const nextUrl = linkOf(first.body, 'next');
    const following = nextUrl !== undefined && isAbsoluteUrl(nextUrl);
    // Of a recording, the page `next` leads to only when it was recorded too.
    const nextAnswer = !following ? undefined : recorded ? recordedGet(ctx, nextUrl) : await ctx.get(nextUrl);
    const second = nextAnswer && pageOf(nextAnswer);
    const origin = new URL(ctx.baseUrl).origin;
    const offset = collection.paging?.kind === 'offset';
    const pageNumber = (link: string) => Number(queryParam(link, collection.pageParam) ?? '1');
    // The run's first page is page 1; a recorded one is the page its query asks (a cursor's: the first without one).
    const firstNumber = !recorded
      ? 1
      : offset
        ? pageNumber(first.exchange.request.url)
        : collection.paging?.kind === 'cursor' &&
            queryParam(first.exchange.request.url, collection.paging.param) !== undefined
          ? 0
          : 1;

    const judge = (page: CollectionPage, number: number) => {
      const { exchange } = page;
      const url = exchange.request.url;
      for (const link of LINKS) {
        const raw = page.body[link];
        // A null link is no link: its null is json.no-null's finding.
        if (raw === undefined || raw === null) continue;
        const value = typeof raw === 'string' ? raw : JSON.stringify(raw);
        if (!ctx.expect(typeof raw === 'string' && isAbsoluteUrl(raw), 'notAbsolute', { link, url, value }, exchange))
          continue;
        ctx.expect(new URL(value).origin === origin, 'otherOrigin', { link, url, value }, exchange);
      }
      const at = (link: string) => {
        const value = linkOf(page.body, link);
        return value !== undefined && isAbsoluteUrl(value) ? value : undefined;
      };
      const prev = at('prev');
      if (number === 1) ctx.expect(prev === undefined, 'prevOnFirst', { url, value: prev ?? '' }, exchange);
      const firstLink = at('first');
      if (firstLink !== undefined) {
        const isFirst = offset
          ? pageNumber(firstLink) === 1
          : collection.paging?.kind !== 'cursor' || queryParam(firstLink, collection.paging.param) === undefined;
        ctx.expect(isFirst, 'firstNotFirst', { url, value: firstLink }, exchange);
      }
      if (!offset) return;
      const next = at('next');
      if (next !== undefined)
        ctx.expect(
          pageNumber(next) === number + 1,
          'nextNotFollowing',
          { page: number, url, target: pageNumber(next), expected: number + 1 },
          exchange,
        );
      if (prev !== undefined && number > 1)
        ctx.expect(
          pageNumber(prev) === number - 1,
          'prevNotPrevious',
          { page: number, url, target: pageNumber(prev), expected: number - 1 },
          exchange,
        );
      const last = at('last');
      const total = totalOf(page.body);
      if (last !== undefined && total !== undefined && size !== undefined) {
        const expected = Math.max(1, Math.ceil(total / size));
        ctx.expect(
          pageNumber(last) === expected,
          'lastNotLast',
          { url, target: pageNumber(last), total, size, expected },
          exchange,
        );
      }
    };
    judge(first, firstNumber);
    // The page `next` led to is judged by its own number, so one wrong link is reported once.
    if (second) judge(second, offset ? pageNumber(second.exchange.request.url) : 2);
    else ctx.pass();
  },
});

/** The page size a recorded page asked (its query), else the one it echoes; undefined when neither says. */
function sizeOf(collection: CollectionTarget, page: CollectionPage): number | undefined {
  const asked = Number(queryParam(page.exchange.request.url, collection.pageSizeParam));
  if (Number.isInteger(asked) && asked > 0) return asked;
  const echoed = page.body['pageSize'];
  return typeof echoed === 'number' && Number.isInteger(echoed) && echoed > 0 ? echoed : undefined;
}

/** A recorded GET of the collection that answered a page with a paging link (one with `next` first). */
function recordedPagingPage(ctx: CheckContext<string>, collection: CollectionTarget): Exchange | undefined {
  const base = ctx.url(collection.path).replace(/\/$/, '');
  const pages = ctx
    .traffic()
    .filter(
      (exchange) =>
        exchange.request.method === 'GET' &&
        exchange.response.status === 200 &&
        exchange.request.url.split('?')[0]?.replace(/\/$/, '') === base &&
        recordedAnswer([exchange]) !== undefined,
    )
    .map((exchange) => ({ exchange, page: pageOf(exchange) }))
    .filter(({ page }) => page !== undefined && PAGING_LINKS.some((link) => typeof page.body[link] === 'string'));
  return (pages.find(({ page }) => typeof page?.body['next'] === 'string') ?? pages[0])?.exchange;
}
