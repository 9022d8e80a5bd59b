import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import { mediaTypeOf, type Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { withQuery, type DocumentTarget, type Target } from '../../core/profile/target.js';
import { declaredOpenApi, fillDeclaredPath } from '../support/api-openapi.js';
import { exchangeData } from '../support/provoke-errors.js';
import { PROBLEM_MEDIA_TYPE_ROOT, problemResponseFault } from '../support/problem-response.js';
import { isHandlerStatus } from '../support/validation-status.js';
import { breakingValue, validValue, type Obj } from './support/param-values.js';
import { declaredReads, type DeclaredParameter } from './support/declared-operations.js';
import { markReportedServerError } from '../support/reported-server-errors.js';

/** Parameters probed per run: each is one request, and the runner's rate limit applies to them all. */
export const MAX_PROBED_PARAMETERS = 60;
const PARALLEL = 4;
/** The guide's issue types for a value its schema (or a rule beside it) refuses; unknownInput is for undeclared input. */
const INPUT_VALIDATION = /[:/](?:schemaViolation|invalidInput|outOfRange|invalidStructure)(?:\.html)?$/;
/**
 * Headers whose bad values the guide or HTTP answer otherwise than 400: an unsupported Accept-Language gets the
 * default language, a stale condition 304/412, a reserved trace id is replaced; and those OpenAPI ignores.
 */
const NOT_PROBED_HEADERS =
  /^(?:accept(?:-[\w-]+)?|content-[\w-]+|if-[\w-]+|authorization|cache-control|prefer|cookie|user-agent|host|traceparent|tracestate|baggage|belgov-[\w-]+)$/i;

interface Probe {
  parameter: DeclaredParameter;
  value: string;
  breaks: string;
  /** A path parameter that is a parent's id under another name: the parent's item path id.malformed-400 probes. */
  parent?: DocumentTarget;
}

/** A template with its parameters unnamed: `/schools/{id}` and `/schools/{schoolId}` are one route. */
const unnamed = (template: string): string => template.replace(/\{[^/}]*\}/g, '{}');

/**
 * The item path whose id a nested path's parameter is under another name (`/schools/{schoolId}/menus` below
 * `/schools/{id}`), if id.malformed-400 probes it: finale and Rails name the parent's id otherwise in each route.
 */
function renamedParent(target: Target, parameter: DeclaredParameter): DocumentTarget | undefined {
  if (parameter.in !== 'path') return undefined;
  const segments = parameter.template.split('/');
  const at = segments.indexOf(`{${parameter.name}}`);
  if (at < 0 || at === segments.length - 1) return undefined;
  const prefix = unnamed(segments.slice(0, at + 1).join('/'));
  return target.documents.find((d) => d.malformedIds.length > 0 && unnamed(d.template ?? d.path) === prefix);
}

/** Names whose bad values another check already sends: one cause, one finding. */
function probedElsewhere(target: Target, parameter: DeclaredParameter): string | undefined {
  const { name, template } = parameter;
  if (parameter.in === 'path') {
    // Also a parent's id in a nested path (`/vehicles/{vehicleId}/inspections`): one route converter, one cause.
    const owner = target.documents.find((d) => {
      const path = d.template ?? d.path;
      return d.param === name && (template === path || template.startsWith(`${path}/`));
    });
    return owner ? 'id.malformed-400' : undefined;
  }
  if (parameter.in !== 'query') return undefined;
  if (name === 'select') return 'select.malformed-400';
  const at = target.collections.filter((c) => unnamed(c.template ?? c.path) === unnamed(template));
  for (const collection of at.length > 0 ? at : target.collections) {
    // Another scheme's paging (offset/limit) is named by paging.guide-params, and paging.invalid-params skips it:
    // whether its parameters refuse a value out of their declared range is left here (Gin's `limit` 1 to 100).
    const guidePaging = collection.foreignPaging === undefined;
    if (guidePaging && (name === collection.pageParam || name === collection.pageSizeParam))
      return 'paging.invalid-params';
    if (guidePaging && collection.paging?.kind === 'cursor' && name === collection.paging.param)
      return 'paging.invalid-params';
    if (name === 'sort' || name === collection.foreignSort) return 'sort.unknown-property-400';
  }
  return undefined;
}

/** Whether the answer's problem has an input-validation issue `in` the parameter's place naming it. */
function namesParameter(exchange: Exchange, parameter: DeclaredParameter): boolean {
  const body = exchange.response.json;
  const issues = isObject(body) && Array.isArray(body['issues']) ? body['issues'] : [];
  const same = (name: unknown) =>
    typeof name === 'string' &&
    (parameter.in === 'header' ? name.toLowerCase() === parameter.name.toLowerCase() : name === parameter.name);
  const names = (where: unknown) => isObject(where) && where['in'] === parameter.in && same(where['name']);
  return issues.some(
    (issue) =>
      isObject(issue) &&
      typeof issue['type'] === 'string' &&
      INPUT_VALIDATION.test(issue['type']) &&
      (names(issue) || (Array.isArray(issue['inputs']) && issue['inputs'].some(names))),
  );
}

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Path values the run read for a nested template: the concrete path of a collection or document made from it (or
 * from a template it extends), so `/parks/{id}/visits` is asked under a park that exists, though the document
 * gives the parent's id no example.
 */
function readPathValues(target: Target, template: string): Record<string, string> {
  const wanted = template.split('/');
  let best: Record<string, string> = {};
  const sources = [
    ...target.collections.map((c) => ({ template: c.template, path: c.path, last: undefined })),
    ...target.documents.map((d) => ({ template: d.template, path: d.path, last: d.sampleIds[0] })),
  ];
  for (const source of sources) {
    if (source.template === undefined) continue;
    const from = source.template.split('/');
    const concrete = source.path.split('/');
    if (from.length > wanted.length || from.length !== concrete.length) continue;
    if (unnamed(wanted.slice(0, from.length).join('/')) !== unnamed(source.template)) continue;
    const values: Record<string, string> = {};
    from.forEach((segment, at) => {
      const name = /^\{([^/}]+)\}$/.exec(wanted[at] ?? '')?.[1];
      if (name === undefined || !/^\{[^/}]*\}$/.test(segment)) return;
      const value = /^\{[^/}]*\}$/.test(concrete[at] ?? '')
        ? at === from.length - 1
          ? source.last
          : undefined
        : concrete[at];
      if (value !== undefined) values[name] = safeDecode(value);
    });
    if (Object.keys(values).length > Object.keys(best).length) best = values;
  }
  return best;
}

/** The request of a probe: the operation's path with its other required parameters valid, and the bad value in place. */
function requestOf(
  ctx: CheckContext<string>,
  doc: Obj,
  probe: Probe,
): { url: string; headers: Record<string, string> } | string {
  const { parameter } = probe;
  const { template, siblings } = parameter;
  const SENTINEL = 'restguideProbedValue';
  // The probed path parameter takes a marker fillDeclaredPath keeps as given; the others their samples or examples.
  const read = readPathValues(ctx.target, template);
  const parameters = siblings.map((p) => {
    if (p['in'] !== 'path') return p;
    if (p['name'] === parameter.name) return { in: 'path', name: parameter.name, example: SENTINEL };
    const value = read[String(p['name'])];
    return value === undefined ? p : { ...p, example: value };
  });
  const filled = fillDeclaredPath(ctx, doc, template, parameters);
  if (typeof filled !== 'string') return `no value of ${filled.missing.join(', ')} to ask ${template} with`;
  const path = filled.replace(SENTINEL, encodeURIComponent(probe.value));
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const sibling of siblings) {
    const name = String(sibling['name']);
    const where = sibling['in'];
    const mine = where === parameter.in && name === parameter.name;
    if (where !== 'query' && where !== 'header') continue;
    if (mine) (where === 'query' ? query : headers)[where === 'header' ? name.toLowerCase() : name] = probe.value;
    else if (sibling['required'] === true) {
      const value = validValue(doc, sibling);
      if (value === undefined) return `no valid value of required ${String(where)} parameter ${name}`;
      (where === 'query' ? query : headers)[where === 'header' ? name.toLowerCase() : name] = value;
    }
  }
  return { url: withQuery(path, query), headers };
}

/** The probes of each operation in turn: first parameters first. */
function interleaved(probes: Probe[]): Probe[] {
  const rank = new Map<string, number>();
  const ranked = probes.map((probe, index) => {
    const seen = rank.get(probe.parameter.template) ?? 0;
    rank.set(probe.parameter.template, seen + 1);
    return { probe, seen, index };
  });
  return ranked.sort((a, b) => a.seen - b.seen || a.index - b.index).map(({ probe }) => probe);
}

/** Runs `work` over `items`, a few at a time. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

export default defineCheck({
  meta: {
    id: 'input.declared-params',
    rule: 'req-valid',
    severity: 'error',
    writes: false,
    title:
      'A value that breaks a declared parameter (enum, range, pattern, length, format, type) answers 400 with an issue naming it',
    messages: {
      accepted:
        '{{method}} {{url}} answered {{status}}: {{in}} parameter {{name}} took {{breaks}} instead of a 400 naming it.',
      not400: '{{method}} {{url}} ({{in}} parameter {{name}}: {{breaks}}) answered {{status}} instead of 400{{also}}.',
      notProblem:
        '{{method}} {{url}} ({{in}} parameter {{name}}: {{breaks}}) answered 400 with {{contentType}} instead of a problem (application/problem+json){{also}}.',
      noIssue:
        '{{method}} {{url}} ({{in}} parameter {{name}}: {{breaks}}) answered 400 without an issue of an input-validation type (schemaViolation, invalidInput), in {{in}}, named {{name}}.',
    },
  },
  appliesTo: 'api',
  // A framework refusing every bad value with its own error body is problem.media-type's one finding.
  dependsOn: [PROBLEM_MEDIA_TYPE_ROOT],
  async run(ctx) {
    const doc = await declaredOpenApi(ctx);
    if (typeof doc === 'string') return ctx.skip(`${doc}: no declared parameter to probe`);
    const elsewhere = new Set<string>();
    const probes: Probe[] = [];
    for (const parameter of declaredReads(doc)) {
      if (parameter.in === 'header' && NOT_PROBED_HEADERS.test(parameter.name)) continue;
      const other = probedElsewhere(ctx.target, parameter);
      if (other !== undefined) {
        elsewhere.add(other);
        continue;
      }
      const bad = breakingValue(doc, parameter.definition);
      const parent = renamedParent(ctx.target, parameter);
      if (bad) probes.push({ parameter, ...bad, ...(parent ? { parent } : {}) });
    }
    if (probes.length === 0)
      return ctx.skip(
        `no GET of the document declares a query, path or header parameter with a constraint a value can break${
          elsewhere.size > 0 ? ` (besides those ${[...elsewhere].sort().join(', ')} probes)` : ''
        }`,
      );
    // Each operation's first parameter before any operation's second: the cap leaves no operation unprobed first.
    const ordered = interleaved(probes);
    const probed = ordered.slice(0, MAX_PROBED_PARAMETERS);
    const left = ordered.slice(MAX_PROBED_PARAMETERS);
    if (left.length > 0)
      ctx.note?.(
        `${left.length} more not probed, beyond the run's ${MAX_PROBED_PARAMETERS}: ${left
          .slice(0, 5)
          .map(({ parameter }) => `GET ${parameter.template} ${parameter.in} ${parameter.name}`)
          .join(', ')}${left.length > 5 ? ', …' : ''}`,
      );
    const unfilled: string[] = [];
    // One cause, one finding: a 400 that is no problem, or one validation handler's status (422), whatever the
    // parameter, is one finding naming the first and counting the others.
    const alike = new Map<string, Array<{ exchange: Exchange; data: Record<string, string | number> }>>();
    const leftToIdCheck: string[] = [];
    await inBatches(probed, PARALLEL, async (probe) => {
      const request = requestOf(ctx, doc, probe);
      if (typeof request === 'string') {
        unfilled.push(request);
        return;
      }
      const exchange = await ctx.get(request.url, { headers: request.headers });
      const { status } = exchange.response;
      // One cause, one finding: the parent's own item path answering the same value alike is the parent's id
      // handling, which id.malformed-400 reports; a parent that answers 400 leaves the nested route's fault here.
      if (probe.parent && status !== 400 && (status < 200 || status > 299)) {
        const own = await ctx.get(probe.parent.url(probe.value));
        if (own.response.status === status) {
          markReportedServerError(ctx, 'id.malformed-400', exchange);
          markReportedServerError(ctx, 'id.malformed-400', own);
          leftToIdCheck.push(`${probe.parameter.template} ${probe.parameter.name}`);
          return;
        }
      }
      const data = {
        ...exchangeData(exchange),
        in: probe.parameter.in,
        name: probe.parameter.name,
        breaks: probe.breaks,
      };
      const fault = status === 400 ? problemResponseFault(exchange) : undefined;
      if (status >= 200 && status < 300) ctx.report('accepted', data, exchange);
      else if (isHandlerStatus(status))
        alike.set(`not400 ${status}`, [...(alike.get(`not400 ${status}`) ?? []), { exchange, data }]);
      else if (fault?.startsWith('its Content-Type') === true) {
        // The bad value was refused with 400, which is this check's to judge (express-validator's plain JSON); the
        // error's format is problem.media-type's (then this finding is dropped, and the check passes with a note).
        ctx.pass();
        const contentType = mediaTypeOf(exchange.response) ?? '(none)';
        alike.set('notProblem', [...(alike.get('notProblem') ?? []), { exchange, data: { ...data, contentType } }]);
      } else if (ctx.expect(status === 400, 'not400', { ...data, also: '' }, exchange))
        ctx.expect(namesParameter(exchange, probe.parameter), 'noIssue', data, exchange);
      // A 5xx to the bad value is this finding: doc.responses-match-openapi leaves it here.
      else markReportedServerError(ctx, 'input.declared-params', exchange);
    });
    for (const [key, answers] of alike) {
      const [first, ...others] = answers;
      if (first === undefined) continue;
      const also = others.length > 0 ? ` (and ${others.length} more of its parameters alike)` : '';
      const id = key === 'notProblem' ? 'notProblem' : 'not400';
      ctx.report(id, { ...first.data, also }, first.exchange, ...others.map((o) => o.exchange));
    }
    if (unfilled.length === probed.length) ctx.skip(`no probe could be sent: ${[...new Set(unfilled)].join('; ')}`);
    else if (leftToIdCheck.length > 0) {
      const what = `the parent id ${leftToIdCheck.join(', ')} is answered as its own item path answers it`;
      // Nothing else judged: the check's only verdict would repeat id.malformed-400's.
      if (unfilled.length + leftToIdCheck.length === probed.length)
        ctx.skip(`not verified, see id.malformed-400: ${what}`);
      else ctx.note?.(`not verified where id.malformed-400 failed: see id.malformed-400 (${what})`);
    }
  },
});
