import type { Reply, RequestContext, RouteDef } from '../context.js';
import type { Language } from '../i18n.js';
import { selfUrl } from '../links.js';
import { notFound } from '../problems.js';
import { API_PROBLEM_TYPES, PROBLEM_TYPES, problemTypeUri, type ProblemTypeName } from '../problem-types.js';
import { DELIVERY_METHODS, PAYMENT_METHODS, type CodeRecord } from '../store/seed-other.js';
import { CODE_LIST_CACHING } from '../caching.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /refData/problemTypes/{problemType}: HTML by default, JSON on request, 406 otherwise. */
function getProblemType(ctx: RequestContext): Reply {
  const name = ctx.params.problemType as ProblemTypeName;
  if (!API_PROBLEM_TYPES.includes(name)) throw notFound(ctx.path);
  return problemTypeReply(selfUrl(ctx), ctx.mediaType, name, problemTypeUri(name));
}

/** The description of problem kind `name`, known by `type`: JSON when `mediaType` asks for it, else HTML. */
export function problemTypeReply(self: string, mediaType: string, name: ProblemTypeName, type: string): Reply {
  const info = PROBLEM_TYPES[name];
  const description = { self, type, title: info.title, status: info.status, description: info.description };
  const headers = { Vary: 'Accept' };
  if (mediaType === 'application/json') return { status: 200, body: description, headers };
  const html =
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title></head>\n` +
    `<body><h1>${escapeHtml(info.title)}</h1><p>Type: <code>${escapeHtml(type)}</code></p>` +
    `<p>HTTP status: ${info.status}</p><p>${escapeHtml(info.description)}</p></body></html>\n`;
  return { status: 200, text: html, contentType: 'text/html; charset=utf-8', headers };
}

function codeEntry(ctx: RequestContext, list: CodeRecord[], param: string): Reply {
  const entry = list.find((c) => c.code === ctx.params[param]);
  if (!entry) throw notFound(ctx.path);
  const lang = ctx.query.lang as Language | undefined;
  const description = lang ? { [lang]: entry.description[lang] } : { ...entry.description };
  return {
    status: 200,
    body: { self: selfUrl(ctx), code: entry.code, description },
    headers: lang ? { ...CODE_LIST_CACHING, 'Content-Language': lang } : CODE_LIST_CACHING,
  };
}

export const referenceDataRoutes: RouteDef[] = [
  {
    path: '/refData/problemTypes/{problemType}',
    methods: { GET: getProblemType },
    produces: ['text/html', 'application/json'],
  },
  {
    path: '/refData/paymentMethods/{paymentMethodCode}',
    methods: { GET: (ctx) => codeEntry(ctx, PAYMENT_METHODS, 'paymentMethodCode') },
  },
  {
    path: '/refData/deliveryMethods/{deliveryMethodCode}',
    methods: { GET: (ctx) => codeEntry(ctx, DELIVERY_METHODS, 'deliveryMethodCode') },
  },
];
