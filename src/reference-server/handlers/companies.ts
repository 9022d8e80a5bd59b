import type { Reply, RequestContext, RouteDef } from '../context.js';
import { offsetPage, selfUrl, withQuery } from '../links.js';
import { DEFAULT_PAGE_SIZE } from '../openapi/parameters.js';
import { badRequest, issue, notFound } from '../problems.js';
import type { CompanyRecord } from '../store/seed-employers.js';
import { companyHref } from './employer-representation.js';
import { createEmployer, employerFromBody } from './employers.js';

const item = (ctx: RequestContext, c: CompanyRecord) => ({ href: companyHref(ctx.base, c.enterpriseNumber), title: c.name, enterpriseNumber: c.enterpriseNumber });

/** Cursor paging on afterCompany by default; offset paging when `page` is given; never both. */
function listCompanies(ctx: RequestContext): Reply {
  const names = ctx.query.name as string[] | undefined;
  const rows = [...ctx.store.companies.values()]
    .filter((c) => !names || names.includes(c.name))
    .sort((a, b) => (a.enterpriseNumber < b.enterpriseNumber ? -1 : 1));
  const after = ctx.query.afterCompany as string | undefined;
  if (ctx.searchParams.has('page')) {
    if (after !== undefined) {
      throw badRequest([issue('invalidInput', 'query', 'page', ctx.searchParams.get('page') ?? '', 'page (offset paging) cannot be combined with afterCompany (cursor paging)')]);
    }
    const { items, links } = offsetPage(ctx, rows);
    return { status: 200, body: { self: selfUrl(ctx), items: items.map((c) => item(ctx, c)), ...links } };
  }
  const pageSize = (ctx.query.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
  const remaining = after === undefined ? rows : rows.filter((c) => c.enterpriseNumber > after);
  const page = remaining.slice(0, pageSize);
  const body: Record<string, unknown> = {
    self: selfUrl(ctx),
    items: page.map((c) => item(ctx, c)),
    total: rows.length,
    pageSize,
    first: withQuery(ctx, { afterCompany: undefined }),
  };
  const last = page[page.length - 1];
  if (last && remaining.length > pageSize) body.next = withQuery(ctx, { afterCompany: last.enterpriseNumber });
  return { status: 200, body };
}

function getCompany(ctx: RequestContext): Reply {
  const company = ctx.store.companies.get(ctx.params.enterpriseNumber as string);
  if (!company) throw notFound(ctx.path);
  return { status: 200, body: { self: companyHref(ctx.base, company.enterpriseNumber), enterpriseNumber: company.enterpriseNumber, name: company.name } };
}

/** POST /enterprises/{enterpriseNumber}/employers: 404 when the enterprise number is unassigned. */
function createEnterpriseEmployer(ctx: RequestContext): Reply {
  const enterpriseNumber = ctx.params.enterpriseNumber as string;
  if (!ctx.store.companies.has(enterpriseNumber)) {
    throw notFound(ctx.path, [issue('referencedResourceNotFound', 'path', 'enterpriseNumber', enterpriseNumber, `Enterprise number ${enterpriseNumber} is not assigned`)]);
  }
  return createEmployer(ctx, employerFromBody(ctx, ctx.body as Record<string, unknown>, enterpriseNumber, 'enterpriseNumber'));
}

export const companyRoutes: RouteDef[] = [
  { path: '/companies', methods: { GET: listCompanies } },
  { path: '/companies/{enterpriseNumber}', methods: { GET: getCompany } },
  { path: '/enterprises/{enterpriseNumber}/employers', methods: { POST: createEnterpriseEmployer } },
];
