import { confirming } from '../support/confirm.js';
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { OutsideApiLink } from '../../core/engine/check-context.js';
import { declaredOpenApi, derefIn, fillDeclaredPath, getOperation } from '../support/api-openapi.js';
import { linkOf } from '../support/collection-page.js';
import { differingMember, embeddedMap, isRepresentation } from './support/same-members.js';

// prf-embed: "Embedded subresources MUST be put in a JSON object named `embedded` at root level [...] each property
// key is the URI [...] The URI MUST be the same as the `href` value by which the subresource is referenced in the
// representation of the main resource. Embedded resources are returned at the client's request if the `embed`
// query parameter is specified. The name of the JSON property referencing the subresource can be used as value."
// A collection's `embed=items` answer is embed.embedded-map's (col-embed, held to the item hrefs); this check
// judges every other declared embed value, and for all of them that nothing is embedded unasked.
const MESSAGES = {
  unrequested:
    "GET {{url}}, sent without `embed`, embeds {{count}} subresource(s): they are returned only at the client's request ({{path}} declares embed={{value}}).",
  notMap: "{{url}} answered `embedded` as {{type}}, not a root object keyed by the subresources' URIs.",
  unreferenced: '`embedded` of {{url}} has the key {{key}}, which no `href` of the representation holds.',
  notRepresentation: '`embedded[{{key}}]` of {{url}} is {{type}}, not a representation object.',
  selfMismatch: '`embedded[{{key}}]` of {{url}} has `self` {{self}}, not its key.',
  missingEntry:
    '{{url}} asked embed={{value}}, but `embedded` has no entry for {{href}}, which `{{value}}` references.',
  notSame:
    '`embedded[{{key}}]` of {{url}} gives `{{member}}` as {{embedded}}, but {{key}} itself gives {{own}}: an embedded subresource is its representation as it is.',
} as const;

/** Embedded entries per answer compared with their own GET. */
const MAX_COMPARED = 3;

const MAX_PROBES = 8;

interface Probe {
  path: string;
  template: string;
  value: string;
  judgeAnswer: boolean;
}

/** Every `href` string of a representation outside its root `embedded` (bounded depth). */
function referencedHrefs(value: unknown, depth = 0, root = true): string[] {
  if (depth > 12) return [];
  if (Array.isArray(value)) return value.flatMap((element) => referencedHrefs(element, depth + 1, false));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([name, member]) => {
    if (root && name === 'embedded') return [];
    if (name === 'href' && typeof member === 'string') return [member];
    return referencedHrefs(member, depth + 1, false);
  });
}

/** The embed values a GET declares: the enum of the parameter (or of its array items). */
function declaredValues(doc: Record<string, unknown>, parameter: Record<string, unknown>): string[] {
  const schema = derefIn(doc, parameter['schema']);
  if (!isObject(schema)) return [];
  const items = schema['type'] === 'array' ? derefIn(doc, schema['items']) : schema;
  return isObject(items) && Array.isArray(items['enum']) ? items['enum'].map(String) : [];
}

/** The profile's collection embed values, then every embed value the OpenAPI document declares on a GET. */
async function probesOf(ctx: CheckContext<string>): Promise<{ probes: Probe[]; notJudged: string[] }> {
  const probes: Probe[] = ctx.target.collections
    .filter((c) => c.embed !== undefined)
    .map((c) => ({
      path: c.firstPage({ pageSize: 3 }),
      template: c.path,
      value: c.embed as string,
      judgeAnswer: false,
    }));
  const notJudged: string[] = [];
  const doc = await declaredOpenApi(ctx);
  if (typeof doc === 'string') return { probes, notJudged: [doc] };
  for (const template of Object.keys(isObject(doc['paths']) ? doc['paths'] : {})) {
    const get = getOperation(doc, template);
    const embed = get?.parameters.find((p) => p['in'] === 'query' && p['name'] === 'embed');
    if (!get || !embed) continue;
    const values = declaredValues(doc, embed).filter(
      (value) => !probes.some((p) => p.template === template && p.value === value),
    );
    if (values.length === 0) continue;
    const path = fillDeclaredPath(ctx, doc, template, get.parameters);
    if (typeof path !== 'string') {
      notJudged.push(`GET ${template} gives no example of ${path.missing.join(', ')}`);
      continue;
    }
    const collection = ctx.target.collections.find((c) => c.path === template);
    for (const value of values)
      probes.push({
        path: collection ? collection.firstPage({ pageSize: 3 }) : path,
        template,
        value,
        judgeAnswer: true,
      });
  }
  return { probes: probes.slice(0, MAX_PROBES), notJudged };
}

/** Judges the answer to `embed=value`: the root map, its keys against the hrefs, its values, and the named property's hrefs. */
async function judgeEmbedded(
  ctx: CheckContext<keyof typeof MESSAGES>,
  exchange: Exchange,
  value: string,
): Promise<void> {
  const url = exchange.request.url;
  const body = exchange.response.json;
  if (!isObject(body)) return;
  const embedded = embeddedMap(ctx, url, body['embedded'], exchange);
  if (!embedded) return;
  const hrefs = referencedHrefs(body);
  const compared: Array<[string, Record<string, unknown>]> = [];
  for (const [key, entry] of Object.entries(embedded)) {
    if (!ctx.expect(hrefs.includes(key), 'unreferenced', { url, key }, exchange)) continue;
    if (!isRepresentation(ctx, url, key, entry, exchange)) continue;
    const self = linkOf(entry, 'self');
    // A representation without `self` is hyp-links' matter; one that has it names the URI it is embedded under.
    if (self !== undefined) ctx.expect(self === key, 'selfMismatch', { url, key, self }, exchange);
    if (compared.length < MAX_COMPARED) compared.push([key, entry]);
  }
  // The members an entry holds are the subresource's own, with its values (confirming re-reads both).
  for (const [key, entry] of compared) {
    let own: Exchange;
    try {
      own = await ctx.get(new URL(key, url).href);
    } catch (error) {
      // A key outside the API (another origin) is read by no check; one that is no URL is `unreferenced`.
      if (error instanceof OutsideApiLink || error instanceof TypeError) continue;
      throw error;
    }
    if (own.response.status !== 200 || !isObject(own.response.json)) continue;
    const differing = differingMember(entry, url, own.response.json, own.request.url);
    ctx.expect(differing === undefined, 'notSame', { url, key, ...differing }, exchange, own);
  }
  // When the value names a root property (the guide's convention), the subresources it references are the ones asked for.
  for (const href of value in body ? referencedHrefs(body[value], 0, false) : []) {
    ctx.expect(href in embedded, 'missingEntry', { url, value, href }, exchange);
  }
}

export default defineCheck({
  meta: {
    id: 'embed.subresources',
    rule: 'prf-embed',
    severity: 'error',
    writes: false,
    title:
      'Subresources are embedded only when `embed` asks, in the root `embedded` object keyed by their referencing href',
    messages: MESSAGES,
  },
  appliesTo: 'api',
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx) => {
    const { probes, notJudged } = await probesOf(ctx);
    if (probes.length === 0)
      return ctx.skip(
        `no resource offers \`embed\` (none in the profile; ${notJudged.join('; ') || 'no GET of the OpenAPI document declares embed values'})`,
      );
    let judged = 0;
    for (const { path, template, value, judgeAnswer } of probes) {
      const plain = await ctx.get(path);
      if (plain.response.status !== 200 || !isObject(plain.response.json)) {
        notJudged.push(`GET ${plain.request.url} answered ${plain.response.status} without a JSON object`);
        continue;
      }
      judged++;
      const embedded = plain.response.json['embedded'];
      const count = isObject(embedded) ? Object.keys(embedded).length : 0;
      ctx.expect(count === 0, 'unrequested', { url: plain.request.url, count, path: template, value }, plain);
      if (!judgeAnswer) continue;
      const asked = await ctx.get(ctx.url(path, { embed: value }));
      if (asked.response.status !== 200) {
        notJudged.push(`GET ${asked.request.url} answered ${asked.response.status}`);
        continue;
      }
      await judgeEmbedded(ctx, asked, value);
    }
    if (judged === 0) ctx.skip(`no resource offering \`embed\` could be read: ${notJudged.join('; ')}`);
  }),
});
