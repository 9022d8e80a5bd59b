import { compiledApi } from '../compiled-api.js';
import { notModified, requireIfMatch } from '../conditional.js';
import type { Reply, RequestContext, RouteDef } from '../context.js';
import { offsetLinksJson, offsetRequest, selfUrl, selfUrlJson } from '../links.js';
import { mergePatch } from '../merge-patch.js';
import { badRequest, issue, notFound, ProblemError } from '../problems.js';
import { applySelect, parseSelect } from '../select.js';
import type { EmployerRecord } from '../store/seed-employers.js';
import { pageOf } from '../store/sorted-index.js';
import type { StoredEmployer } from '../store/store.js';
import { bodyIssues } from '../validation.js';
import {
  EMPLOYER_SHAPE,
  employerDocumentJson,
  employerHref,
  employerItemJson,
  employerRepresentation,
} from './employer-representation.js';

type Body = Record<string, unknown>;
const NO_SORT: readonly string[] = [];

function findEmployer(ctx: RequestContext): StoredEmployer {
  const employer = ctx.store.employers.get(ctx.params.employerId as number);
  if (!employer) throw notFound(ctx.path);
  return employer;
}

/** An employer record from a validated body; absent optional values take their declared default. */
export function employerFromBody(
  ctx: RequestContext,
  body: Body,
  enterpriseNumber: string,
  field: string,
): EmployerRecord {
  if (!ctx.store.companies.has(enterpriseNumber)) {
    throw badRequest([
      issue(
        'referencedResourceNotFound',
        'body',
        field,
        enterpriseNumber,
        `No company has enterprise number ${enterpriseNumber}`,
      ),
    ]);
  }
  const record: EmployerRecord = {
    employerId: body.employerId as number,
    name: body.name as string,
    enterpriseNumber,
    bankrupt: (body.bankrupt as boolean | undefined) ?? false,
  };
  if (typeof body.bankruptDate === 'string') record.bankruptDate = body.bankruptDate;
  return record;
}

/** 201 with Location and the full employer; 409 duplicateKey when the id is taken. */
export function createEmployer(ctx: RequestContext, record: EmployerRecord): Reply {
  if (ctx.store.employers.has(record.employerId)) throw new ProblemError('duplicateKey', { key: record.employerId });
  const stored = ctx.store.saveEmployer(record);
  return {
    status: 201,
    body: employerRepresentation(ctx.base, stored),
    headers: { Location: employerHref(ctx.base, stored.employerId), ETag: stored.etag },
  };
}

/**
 * One offset page. The default order (employerId, either direction) without filters is a slice of the
 * index: O(page size). Another sort is served from a sorted copy cached until the next write; the
 * name, bankrupt and q filters scan every employer (O(n)), since `total` counts every match.
 */
function listEmployers(ctx: RequestContext): Reply {
  const names = ctx.query.name as string[] | undefined;
  const bankrupt = ctx.query.bankrupt as boolean | undefined;
  const q = (ctx.query.q as string | undefined)?.toLowerCase();
  const filtered = names !== undefined || bankrupt !== undefined || !!q;
  const keep = !filtered
    ? undefined
    : (e: StoredEmployer) =>
        (!names || names.includes(e.name)) &&
        (bankrupt === undefined || e.bankrupt === bankrupt) &&
        (!q || [e.name, e.enterpriseNumber, e.bankruptDate ?? ''].some((text) => text.toLowerCase().includes(q)));
  const view = ctx.store.employerOrders.view((ctx.query.sort as string[] | undefined) ?? NO_SORT);
  const { pageSize, start } = offsetRequest(ctx);
  const { items, total } = pageOf(view, start, pageSize, keep);
  // The text of { self, items, ...links, embedded? }, the items from the per-employer cache; their byte
  // lengths are known, so Content-Length needs no scan of the whole page.
  let itemsJson = '';
  let itemsBytes = 0;
  for (const e of items) {
    const item = employerItemJson(ctx.base, e);
    itemsJson += itemsJson === '' ? item.text : `,${item.text}`;
    itemsBytes += item.bytes;
  }
  const head = `{"self":${selfUrlJson(ctx)},"items":[`;
  let tail = `],${offsetLinksJson(ctx, total)}`;
  if ((ctx.query.embed as string[] | undefined)?.includes('items')) {
    tail += `,"embedded":{${items.map((e) => `${JSON.stringify(employerHref(ctx.base, e.employerId))}:${employerDocumentJson(ctx.base, e)}`).join(',')}}`;
  }
  tail += '}';
  const commas = Math.max(0, items.length - 1);
  return {
    status: 200,
    json: head + itemsJson + tail,
    jsonBytes: Buffer.byteLength(head, 'utf8') + itemsBytes + commas + Buffer.byteLength(tail, 'utf8'),
  };
}

function postEmployer(ctx: RequestContext): Reply {
  const body = ctx.body as Body;
  const company = body.company as Body;
  return createEmployer(
    ctx,
    employerFromBody(ctx, body, company.enterpriseNumber as string, 'company.enterpriseNumber'),
  );
}

/** DELETE on the collection: removes the employers the `name` filter selects (all without it); 204. */
function deleteEmployers(ctx: RequestContext): Reply {
  const names = ctx.query.name as string[] | undefined;
  ctx.store.employers.deleteWhere((e) => !names || names.includes(e.name));
  return { status: 204 };
}

function getEmployer(ctx: RequestContext): Reply {
  const employer = findEmployer(ctx);
  const select = ctx.query.select as string | undefined;
  if (select === undefined) {
    const etag = employer.etag;
    if (notModified(ctx, etag)) return { status: 304, headers: { ETag: etag } };
    return {
      status: 200,
      json: employerDocumentJson(ctx.base, employer),
      headers: { ETag: etag, 'Last-Modified': employer.lastModified },
    };
  }
  const full = employerRepresentation(ctx.base, employer, selfUrl(ctx));
  return { status: 200, body: applySelect(full, parseSelect(select), EMPLOYER_SHAPE, select) };
}

function requireSameId(ctx: RequestContext, body: Body): void {
  if (body.employerId !== undefined && body.employerId !== ctx.params.employerId) {
    throw badRequest([
      issue(
        'invalidInput',
        'body',
        'employerId',
        body.employerId,
        `employerId must equal the path (${String(ctx.params.employerId)})`,
      ),
    ]);
  }
}

function updated(ctx: RequestContext, stored: StoredEmployer): Reply {
  return { status: 200, body: employerRepresentation(ctx.base, stored), headers: { ETag: stored.etag } };
}

function putEmployer(ctx: RequestContext): Reply {
  const current = findEmployer(ctx);
  const body = ctx.body as Body;
  requireSameId(ctx, body);
  requireIfMatch(ctx, current.etag);
  const company = body.company as Body;
  return updated(
    ctx,
    ctx.store.saveEmployer(employerFromBody(ctx, body, company.enterpriseNumber as string, 'company.enterpriseNumber')),
  );
}

function patchEmployer(ctx: RequestContext): Reply {
  const current = findEmployer(ctx);
  const patch = ctx.body as Body;
  requireSameId(ctx, patch);
  requireIfMatch(ctx, current.etag);
  const { self: _self, company, ...rest } = employerRepresentation(ctx.base, current);
  const document = { ...rest, company: { enterpriseNumber: (company as Body).enterpriseNumber } };
  const merged = mergePatch(document, patch) as Body;
  delete merged.self;
  if (merged.company && typeof merged.company === 'object') delete (merged.company as Body).href;
  const { validateEmployer } = compiledApi();
  if (!validateEmployer(merged)) throw badRequest(bodyIssues(validateEmployer.errors ?? [], merged));
  const mergedCompany = merged.company as Body;
  return updated(
    ctx,
    ctx.store.saveEmployer(
      employerFromBody(ctx, merged, mergedCompany.enterpriseNumber as string, 'company.enterpriseNumber'),
    ),
  );
}

function deleteEmployer(ctx: RequestContext): Reply {
  const current = findEmployer(ctx);
  requireIfMatch(ctx, current.etag);
  ctx.store.employers.delete(current.employerId);
  return { status: 204 };
}

function sendNotification(ctx: RequestContext): Reply {
  const employer = findEmployer(ctx);
  return {
    status: 200,
    body: {
      employer: { employerId: employer.employerId, href: employerHref(ctx.base, employer.employerId) },
      message: (ctx.body as Body).message,
      sentAt: new Date().toISOString(),
    },
  };
}

export const employerRoutes: RouteDef[] = [
  { path: '/employers', methods: { GET: listEmployers, POST: postEmployer, DELETE: deleteEmployers } },
  {
    path: '/employers/{employerId}',
    methods: { GET: getEmployer, PUT: putEmployer, PATCH: patchEmployer, DELETE: deleteEmployer },
  },
  { path: '/employers/{employerId}/sendNotification', methods: { POST: sendNotification } },
];
