import type { Reply, RequestContext, RouteDef } from '../context.js';
import { offsetPage, selfUrl } from '../links.js';
import { notFound } from '../problems.js';
import type { EmployerClassRecord } from '../store/seed-employers.js';
import { CODE_LIST_CACHING } from '../caching.js';

const href = (ctx: RequestContext, value: string) => `${ctx.base}/appendices/employerclasses/${value}`;
const full = (ctx: RequestContext, c: EmployerClassRecord) => ({
  self: href(ctx, c.value),
  value: c.value,
  description: { ...c.description },
});

function listEmployerClasses(ctx: RequestContext): Reply {
  const { items, links } = offsetPage(ctx, ctx.store.employerClasses);
  const body: Record<string, unknown> = {
    self: selfUrl(ctx),
    items: items.map((c) => ({ value: c.value, href: href(ctx, c.value), title: c.description.en })),
    ...links,
  };
  if ((ctx.query.embed as string[] | undefined)?.includes('items')) {
    body.embedded = Object.fromEntries(items.map((c) => [href(ctx, c.value), full(ctx, c)]));
  }
  return { status: 200, body };
}

function getEmployerClass(ctx: RequestContext): Reply {
  const found = ctx.store.employerClasses.find((c) => c.value === ctx.params.value);
  if (!found) throw notFound(ctx.path);
  return { status: 200, body: full(ctx, found), headers: CODE_LIST_CACHING };
}

export const appendixRoutes: RouteDef[] = [
  { path: '/appendices/employerclasses', methods: { GET: listEmployerClasses } },
  { path: '/appendices/employerclasses/{value}', methods: { GET: getEmployerClass } },
];
