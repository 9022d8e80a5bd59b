import { confirming } from '../support/confirm.js';
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject, jsonTypeOf } from '../../core/util/json.js';
import { supportsMethod } from '../../core/profile/target.js';
import { declaredOpenApi, getOperation, okSchema } from '../support/api-openapi.js';
import { ISO_639_1, localizedValues } from './support/localized-schema.js';
import { candidatePaths, matchPathTemplate } from '../doc/support/contract-lookup.js';
import { judgeableTraffic, NotRecorded } from '../support/traffic.js';

// multi-lang: "A multi-language description SHOULD be represented by a JSON object with ISO 639-1 language codes
// as property names and the corresponding textual description as values." Which texts are multi-language is
// what the OpenAPI document declares (an object schema of language-code properties); nothing is guessed.
const MESSAGES = {
  notObject:
    '{{url}} answered {{where}} as {{type}}, though the document declares it a multi-language text (an object keyed by language code).',
  badKey: '{{url}} keys the multi-language text {{where}} by {{key}}, not an ISO 639-1 code (two lowercase letters).',
  notText: '{{url}} gives {{where}}.{{key}} as {{type}}, not the text in that language.',
} as const;

const MAX_PROBES = 12;

/** GETs with a known path template: each collection's first page (with its embed, to reach the full items) and a sample document. */
function probes(ctx: CheckContext<string>): Array<{ url: string; template: string }> {
  const { collections, documents } = ctx.target;
  const list = collections.map((c) => ({
    url: c.firstPage({ pageSize: 3, query: c.embed === undefined ? {} : { embed: c.embed } }),
    template: c.path,
  }));
  for (const d of documents) {
    const id = d.sampleIds[0];
    if (id !== undefined && supportsMethod(d, 'GET')) list.push({ url: d.url(id), template: d.path });
  }
  return list.slice(0, MAX_PROBES);
}

export default defineCheck({
  meta: {
    id: 'i18n.localized-text',
    rule: 'multi-lang',
    severity: 'warning',
    writes: false,
    // Every answer of the run is judged, not only this check's reads: a text upper-cased on one resource is found.
    evidence: 'traffic',
    title:
      'A text the document declares multi-language is an object keyed by ISO 639-1 codes, with a text per language',
    messages: MESSAGES,
  },
  appliesTo: 'api',
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx) => {
    const doc = await declaredOpenApi(ctx);
    if (typeof doc === 'string')
      return ctx.skip(`which texts are multi-language is declared in an OpenAPI document: ${doc}`);
    let judged = 0;
    const judge = (exchange: Exchange, schema: unknown): void => {
      const requestUrl = exchange.request.url;
      for (const { where, value } of localizedValues(doc, schema, exchange.response.json)) {
        judged++;
        if (
          !ctx.expect(isObject(value), 'notObject', { url: requestUrl, where, type: jsonTypeOf(value) }, exchange) ||
          !isObject(value)
        )
          continue;
        // Language codes whatever their case: `NL` and `FR` are no ISO 639-1 codes, which are lower case.
        for (const [key, text] of Object.entries(value)) {
          if (
            !ctx.expect(ISO_639_1.test(key), 'badKey', { url: requestUrl, where, key: JSON.stringify(key) }, exchange)
          )
            continue;
          ctx.expect(
            typeof text === 'string',
            'notText',
            { url: requestUrl, where, key, type: jsonTypeOf(text) },
            exchange,
          );
        }
      }
    };
    const schemaOf = (template: string): unknown => {
      const get = getOperation(doc, template);
      return get ? okSchema(doc, get.operation) : undefined;
    };
    const read = new Set<string>();
    for (const { url, template } of probes(ctx)) {
      const schema = schemaOf(template);
      if (schema === undefined) continue;
      let exchange: Exchange;
      try {
        exchange = await ctx.get(url);
      } catch (error) {
        // A recording without this read: its other answers are judged below.
        if (error instanceof NotRecorded) continue;
        throw error;
      }
      read.add(exchange.request.url);
      if (exchange.response.status === 200) judge(exchange, schema);
    }
    const templates = Object.keys(isObject(doc['paths']) ? doc['paths'] : {});
    for (const exchange of await judgeableTraffic(ctx, [], { representations: true })) {
      const { request, response } = exchange;
      if (request.method !== 'GET' || response.status !== 200 || response.json === undefined) continue;
      if (read.has(request.url)) continue;
      const template = candidatePaths(request.url, ctx.baseUrl, doc['servers'])
        .map((path) => matchPathTemplate(templates, path))
        .find((found) => found !== undefined);
      const schema = template === undefined ? undefined : schemaOf(template);
      if (schema !== undefined) judge(exchange, schema);
    }
    if (judged === 0)
      ctx.skip(
        'no response of the target carries a text its OpenAPI schema declares multi-language (an object of language-code properties)',
      );
  }),
});
