import type { Reply, RequestContext, RouteDef } from '../context.js';
import { offsetLinks, offsetRequest, selfUrl, withQuery } from '../links.js';
import { DEFAULT_PAGE_SIZE } from '../openapi/parameters.js';
import { badRequest, issue, notFound } from '../problems.js';
import type { CompanyRecord } from '../store/seed-employers.js';
import { pageOf, type OrderedView } from '../store/sorted-index.js';
import { companyHref } from './employer-representation.js';
import { createEmployer, employerFromBody } from './employers.js';
import { ENTITY_CACHING } from '../caching.js';

const item = (ctx: RequestContext, c: CompanyRecord) => ({
  href: companyHref(ctx.base, c.enterpriseNumber),
  title: c.name,
  enterpriseNumber: c.enterpriseNumber,
});

/**
 * Cursor paging on afterCompany by default; offset paging when `page` is given; never both. Unfiltered,
 * a cursor page is a binary search plus a slice (O(log n + page size)) and an offset page a slice; the
 * name filter scans every company (O(n)), since `total` counts every match.
 */
function listCompanies(ctx: RequestContext): Reply {
  const names = ctx.query.name as string[] | undefined;
  const keep = names ? (c: CompanyRecord) => names.includes(c.name) : undefined;
  const companies = ctx.store.companies;
  const after = ctx.query.afterCompany as string | undefined;
  if (ctx.parsedQuery.has('page')) {
    if (after !== undefined) {
      throw badRequest([
        issue(
          'invalidInput',
          'query',
          'page',
          ctx.parsedQuery.get('page') ?? '',
          'page (offset paging) cannot be combined with afterCompany (cursor paging)',
        ),
      ]);
    }
    const { pageSize, start } = offsetRequest(ctx);
    const { items, total } = pageOf(companies, start, pageSize, keep);
    return {
      status: 200,
      body: { self: selfUrl(ctx), items: items.map((c) => item(ctx, c)), ...offsetLinks(ctx, total) },
    };
  }
  const pageSize = (ctx.query.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
  const from = after === undefined ? 0 : companies.upperBound(after);
  // One more than a page tells whether a next page exists.
  const { items: window, total } = keep
    ? cursorWindow(companies, from, pageSize + 1, keep)
    : { items: companies.slice(from, from + pageSize + 1), total: companies.size };
  const page = window.slice(0, pageSize);
  const body: Record<string, unknown> = {
    self: selfUrl(ctx),
    items: page.map((c) => item(ctx, c)),
    total,
    pageSize,
    first: withQuery(ctx, { afterCompany: undefined }),
  };
  const last = page[page.length - 1];
  if (last && window.length > pageSize) body.next = withQuery(ctx, { afterCompany: last.enterpriseNumber });
  return { status: 200, body };
}

/** Up to `size` matches from index `from` on, and the number of matches in the whole collection. */
function cursorWindow(
  view: OrderedView<CompanyRecord>,
  from: number,
  size: number,
  keep: (c: CompanyRecord) => boolean,
) {
  const items: CompanyRecord[] = [];
  let total = 0;
  for (let i = 0; i < view.length; i++) {
    const company = view.at(i)!;
    if (!keep(company)) continue;
    total++;
    if (i >= from && items.length < size) items.push(company);
  }
  return { items, total };
}

function getCompany(ctx: RequestContext): Reply {
  const company = ctx.store.companies.get(ctx.params.enterpriseNumber as string);
  if (!company) throw notFound(ctx.path);
  return {
    status: 200,
    body: {
      self: companyHref(ctx.base, company.enterpriseNumber),
      enterpriseNumber: company.enterpriseNumber,
      name: company.name,
    },
    headers: ENTITY_CACHING,
  };
}

/** POST /enterprises/{enterpriseNumber}/employers: 404 when the enterprise number is unassigned. */
function createEnterpriseEmployer(ctx: RequestContext): Reply {
  const enterpriseNumber = ctx.params.enterpriseNumber as string;
  if (!ctx.store.companies.has(enterpriseNumber)) {
    throw notFound(ctx.path, [
      issue(
        'referencedResourceNotFound',
        'path',
        'enterpriseNumber',
        enterpriseNumber,
        `Enterprise number ${enterpriseNumber} is not assigned`,
      ),
    ]);
  }
  return createEmployer(
    ctx,
    employerFromBody(ctx, ctx.body as Record<string, unknown>, enterpriseNumber, 'enterpriseNumber'),
  );
}

export const companyRoutes: RouteDef[] = [
  { path: '/companies', methods: { GET: listCompanies } },
  { path: '/companies/{enterpriseNumber}', methods: { GET: getCompany } },
  { path: '/enterprises/{enterpriseNumber}/employers', methods: { POST: createEnterpriseEmployer } },
];
