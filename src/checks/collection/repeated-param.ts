import { confirming } from '../support/confirm.js';
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import type { CollectionTarget } from '../../core/profile/target.js';
import { declaredOpenApi, derefIn, getOperation } from '../support/api-openapi.js';
import { hrefOf, linkOf, pageOf } from '../support/collection-page.js';
import { primitiveAt, samplePage } from '../support/filtered-page.js';

// qry-multi: "When a single query parameter can have multiple values, the parameter SHOULD be repeated for
// each value." Which parameters take several values is what the OpenAPI document declares (type array).
// `sort` is left to sort.multiple-keys, which already sends the repeated form and judges its order; whether
// the values of a filter combine with OR is filter.repeated-or's question. This check asks only whether the
// repeated form is accepted and read as several values at all.
const MESSAGES = {
  refused:
    '{{url}} answered {{status}} to the repeated form of {{param}} (declared multi-valued{{form}}), though each value alone is accepted.',
  oneValue:
    '{{url}} answered exactly what {{param}}={{kept}} alone answers, leaving out what {{param}}={{lost}} adds: only one occurrence of the repeated parameter was read.',
} as const;

const PAGE_SIZE = 20;

interface Probe {
  param: string;
  values: string[];
  members(exchange: Exchange): string[] | undefined;
  form: string;
}

/** The style the document gives a parameter, when it is not the repeated one (form, explode true). */
const formOf = (parameter: Record<string, unknown>): string => {
  const style = typeof parameter['style'] === 'string' ? parameter['style'] : 'form';
  const explode = typeof parameter['explode'] === 'boolean' ? parameter['explode'] : style === 'form';
  return style === 'form' && explode ? '' : `, though with style ${style} and explode ${String(explode)}`;
};

// What a value of the parameter selects: the item hrefs of a complete filtered page, or the keys of `embedded`.
const itemHrefs = (exchange: Exchange): string[] | undefined => {
  const page = pageOf(exchange);
  if (!page || linkOf(page.body, 'next') !== undefined) return undefined;
  return page.items.map(hrefOf).filter((href) => href !== undefined);
};
const embeddedKeys = (exchange: Exchange): string[] | undefined => {
  const page = pageOf(exchange);
  const embedded = page?.body['embedded'];
  return page ? Object.keys(isObject(embedded) ? embedded : {}) : undefined;
};

/** The declared multi-valued parameters this check can give two values to: filters (values from the data) and `embed` (its enum). */
async function probesOf(ctx: CheckContext<string>, collection: CollectionTarget): Promise<Probe[]> {
  const doc = await declaredOpenApi(ctx);
  if (typeof doc === 'string')
    ctx.skip(`which query parameters take several values is declared in an OpenAPI document: ${doc}`);
  // A nested collection (/rounds/R0001/pickups) is declared under its template (/rounds/{id}/pickups).
  const template = collection.template ?? collection.path;
  const get = getOperation(doc, template) ?? ctx.skip(`the OpenAPI document has no GET ${template}`);
  const arrays = get.parameters.filter(
    (p) =>
      p['in'] === 'query' &&
      isObject(derefIn(doc, p['schema'])) &&
      (derefIn(doc, p['schema']) as Record<string, unknown>)['type'] === 'array',
  );
  const probes: Probe[] = [];
  for (const parameter of arrays) {
    const param = String(parameter['name']);
    const form = formOf(parameter);
    if (param === 'embed') {
      const items = derefIn(doc, (derefIn(doc, parameter['schema']) as Record<string, unknown>)['items']);
      const values = isObject(items) && Array.isArray(items['enum']) ? items['enum'].map(String) : [];
      // Up to three values: one (like `items`) may embed everything another does, and a pair is sought where neither does.
      if (values.length >= 2) probes.push({ param, values: values.slice(0, 3), members: embeddedKeys, form });
      continue;
    }
    if (!collection.filters.includes(param) || param === collection.fullText) continue;
    const sample = await samplePage(ctx, collection, 5, [param]);
    const values = [
      ...new Set(
        sample.items
          .map((item) => primitiveAt(item.data, param))
          .filter((v) => v !== undefined)
          .map(String),
      ),
    ];
    if (values.length >= 2) probes.push({ param, values: values.slice(0, 2), members: itemHrefs, form });
  }
  return probes;
}

export default defineCheck({
  meta: {
    id: 'collection.repeated-param',
    rule: 'qry-multi',
    severity: 'warning',
    writes: false,
    evidence: 'reads',
    title: 'A query parameter declared multi-valued is accepted repeated (`?x=a&x=b`) and read as both values',
    messages: MESSAGES,
  },
  appliesTo: 'collection',
  // Filters are where multi-valued parameters live; a declared multi-valued `embed` is probed along with them.
  requires: { what: 'collection with a filter', test: (collection) => collection.filters.length > 0 },
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, collection: CollectionTarget) => {
    const probes = await probesOf(ctx, collection);
    if (probes.length === 0)
      ctx.skip(
        `GET ${collection.template ?? collection.path} declares no multi-valued filter or embed parameter to which two values can be given (sort is sort.multiple-keys')`,
      );
    const notJudged: string[] = [];
    let judged = 0;
    for (const { param, values, members, form } of probes) {
      const get = (asked: string[]) =>
        ctx.get(collection.firstPage({ pageSize: PAGE_SIZE, query: { [param]: asked } }));
      // Controls: each value alone must be accepted, or the repeated form's answer says nothing about repetition.
      const singles: Exchange[] = [];
      for (const value of values) singles.push(await get([value]));
      const accepted = values
        .map((value, index) => ({ value, exchange: singles[index] as Exchange }))
        .filter((s) => s.exchange.response.status === 200);
      if (accepted.length < 2) {
        notJudged.push(
          `${values.map((value, index) => `${param}=${value} answered ${singles[index]?.response.status ?? '?'}`).join(', ')}`,
        );
        continue;
      }
      // Only when each value selects something the other does not can an answer equal to one of them show a lost value.
      const selects = accepted.map((s) => members(s.exchange));
      const adds = (x: string[] | undefined, y: string[] | undefined) =>
        x !== undefined && y !== undefined && x.some((m) => !y.includes(m));
      const pairs = accepted.flatMap((_s, i) => accepted.slice(i + 1).map((_t, k): [number, number] => [i, i + 1 + k]));
      const pair = pairs.find(([i, j]) => adds(selects[i], selects[j]) && adds(selects[j], selects[i])) ?? [0, 1];
      const [first, second] = [accepted[pair[0]], accepted[pair[1]]] as [
        (typeof accepted)[number],
        (typeof accepted)[number],
      ];
      const [a, b] = [first.value, second.value];
      const both = await get([a, b]);
      judged++;
      const url = both.request.url;
      if (
        !ctx.expect(
          both.response.status >= 200 && both.response.status < 300,
          'refused',
          { url, status: both.response.status, param, form },
          both,
          first.exchange,
          second.exchange,
        )
      )
        continue;
      const [ofA, ofB, ofBoth] = [selects[pair[0]], selects[pair[1]], members(both)];
      if (!ofA || !ofB || !ofBoth || !adds(ofA, ofB) || !adds(ofB, ofA)) continue;
      const same = (x: string[], y: string[]) => x.length === y.length && x.every((m) => y.includes(m));
      if (same(ofBoth, ofA))
        ctx.report('oneValue', { url, param, kept: a, lost: b }, both, first.exchange, second.exchange);
      else if (same(ofBoth, ofB))
        ctx.report('oneValue', { url, param, kept: b, lost: a }, both, first.exchange, second.exchange);
      else ctx.pass();
    }
    if (judged === 0) ctx.skip(`no multi-valued parameter could be judged: ${notJudged.join('; ')}`);
  }),
});
