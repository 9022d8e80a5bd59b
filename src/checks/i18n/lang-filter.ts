import { confirming } from '../support/confirm.js';
import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { declaredOpenApi, derefIn, fillDeclaredPath, getOperation, okSchema } from '../support/api-openapi.js';
import { localizedValues } from './support/localized-schema.js';

// multi-lang: "An API MAY offer to filter the representation to a single language by using the reserved query
// parameter lang." A MAY: judged only where the OpenAPI document declares `lang` on a GET, and then held to
// what the guide shows (`?lang=fr` leaves each multi-language text with its French text only).
const MESSAGES = {
  refused:
    '{{url}} answered {{status}}, though GET {{path}} declares `lang` and {{language}} is a language of its texts.',
  notFiltered: '{{url}} still gives {{where}} in {{others}}: `lang` does not filter it to {{language}}.',
  lostLanguage: '{{url}} drops the {{language}} text of {{where}}, which the unfiltered representation has.',
} as const;

const MAX_PATHS = 5;

type Obj = Record<string, unknown>;

/** The GET paths that declare `lang`, filled with values for their path parameters; the reasons for those that cannot be. */
interface LangPath {
  template: string;
  path: string;
  schema: unknown;
  languages: string[] | undefined;
}

/** The values a declared `lang` allows (its enum), or undefined when it lists none. */
function allowedLanguages(doc: Obj, parameter: Obj): string[] | undefined {
  const schema = derefIn(doc, parameter['schema']);
  return isObject(schema) && Array.isArray(schema['enum']) ? schema['enum'].map(String) : undefined;
}

function langPaths(ctx: CheckContext<string>, doc: Obj): { paths: LangPath[]; unfilled: string[] } {
  const paths: LangPath[] = [];
  const unfilled: string[] = [];
  for (const template of Object.keys(isObject(doc['paths']) ? doc['paths'] : {})) {
    const get = getOperation(doc, template);
    const lang = get?.parameters.find((p) => p['in'] === 'query' && p['name'] === 'lang');
    if (!get || !lang) continue;
    const path = fillDeclaredPath(ctx, doc, template, get.parameters);
    if (typeof path !== 'string') {
      unfilled.push(`GET ${template} gives no example of ${path.missing.join(', ')}`);
      continue;
    }
    paths.push({ template, path, schema: okSchema(doc, get.operation), languages: allowedLanguages(doc, lang) });
  }
  return { paths: paths.slice(0, MAX_PATHS), unfilled };
}

export default defineCheck({
  meta: {
    id: 'i18n.lang-filter',
    rule: 'multi-lang',
    severity: 'info',
    writes: false,
    evidence: 'reads',
    title: 'Where `lang` is declared, `?lang=xx` leaves each multi-language text with that language only',
    messages: MESSAGES,
  },
  appliesTo: 'api',
  // Shared data may move under other clients: a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx) => {
    const doc = await declaredOpenApi(ctx);
    if (typeof doc === 'string')
      return ctx.skip(`whether \`lang\` is offered is declared in an OpenAPI document: ${doc}`);
    const { paths, unfilled } = langPaths(ctx, doc);
    if (paths.length === 0)
      return ctx.skip(
        unfilled.length
          ? `no GET declaring \`lang\` can be requested: ${unfilled.join('; ')}`
          : 'no GET declares the `lang` query parameter (a MAY of the guide)',
      );
    const notJudged: string[] = [...unfilled];
    let judged = 0;
    for (const { template, path, schema, languages } of paths) {
      // Control: the unfiltered representation shows which texts are multi-language and in which languages.
      const whole = await ctx.get(path);
      const texts =
        whole.response.status === 200
          ? localizedValues(doc, schema, whole.response.json).filter(
              (t) => isObject(t.value) && Object.keys(t.value).length >= 2,
            )
          : [];
      // A language the texts hold and, when `lang` lists its values, one of them.
      const language = texts
        .flatMap((t) => Object.keys(t.value as Obj))
        .find((key) => languages === undefined || languages.includes(key));
      if (language === undefined) {
        notJudged.push(`GET ${path} answered ${whole.response.status} without a text in two languages`);
        continue;
      }
      judged++;
      const filtered = await ctx.get(ctx.url(path, { lang: language }));
      const url = filtered.request.url;
      if (
        !ctx.expect(
          filtered.response.status === 200,
          'refused',
          { url, status: filtered.response.status, path: template, language },
          filtered,
          whole,
        )
      )
        continue;
      const before = new Map(texts.map((t) => [t.where, t.value as Obj]));
      for (const { where, value } of localizedValues(doc, schema, filtered.response.json)) {
        if (!isObject(value)) continue; // not an object: i18n.localized-text's finding
        const others = Object.keys(value).filter((key) => key !== language);
        ctx.expect(others.length === 0, 'notFiltered', { url, where, others: others.join(', '), language }, filtered);
        if (language in (before.get(where) ?? {}))
          ctx.expect(language in value, 'lostLanguage', { url, where, language }, filtered, whole);
      }
    }
    if (judged === 0) ctx.skip(`no declared \`lang\` could be judged: ${notJudged.join('; ')}`);
  }),
});
