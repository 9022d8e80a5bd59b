import { defineCheck, type CheckContext } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { exchangeData, provokeErrors } from '../support/provoke-errors.js';
import { Causes, judgeableTraffic } from '../support/traffic.js';
import { cannotCleanUp, cleanUpCreated, unreadBodyProof } from '../support/created-document.js';
import { SkipSignal } from '../../core/engine/check-context.js';
import { trafficMark, type UnreadBody } from '../support/own-records.js';
import { beginWriting } from '../support/own-writes.js';

const ROOT = '(?:java|javax|jakarta|org|com|System)';

/**
 * Heuristics for implementation details an error must not reveal (err-sanit). Where a pattern could
 * start at many places of one run of text and scan the rest of the run from each (`at x(` before
 * one `)`, a run of new lines, `java.` segments, a long host name), a lookbehind skips a start that
 * an earlier start in the same run already covered: a 1 MiB error body of such runs took minutes,
 * now milliseconds, with the same matches (test/checks/problem/leak-patterns.test.ts).
 */
export const BODY_LEAKS: Array<[string, RegExp]> = [
  [
    'a stack trace',
    /\bat [\w$.<>]+\s?\((?<!\bat [\w$.<>]+\s?\([^)]*?\bat [\w$.<>]+\s?\()[^)]*:\d+(:\d+)?\)|\bat (?:[\w$]+\.)+[\w$<>]+\((?:[\w$]+\.java|Native Method|Unknown Source)|Traceback \(most recent call last\)|\bFile "[^"]+", line \d+|(?<!\n[^\S\n]*)\n\s+at\s+\S+\s+\(/,
  ],
  [
    'an exception class',
    new RegExp(
      `\\b${ROOT}\\.(?<!\\b${ROOT}\\.[\\w.]*?\\b${ROOT}\\.)[\\w.]*(?:Exception|Error)\\b|\\b\\w+(?:Exception|Error): `,
    ),
  ],
  [
    'a database error',
    // PostgreSQL's own messages too (PostgREST and ORMs pass them on): 22P02, 22001, 22007, 23502, 42703 and kin.
    /\bSQLSTATE\b|\bORA-\d{5}\b|\bPG::\w+|\bSQLException\b|\bsyntax error at or near\b|\bduplicate key value violates\b|\bER_[A-Z_]+\b|\bMongo\w*Error\b|\binvalid input (?:syntax|value) for (?:type|enum)\b|\bvalue too long for type\b|\bout of range for type\b|\bdate\/time field value out of range\b|\bviolates (?:not-null|foreign key|check|unique|exclusion) constraint\b|\b(?:relation|column) "[^"]{1,100}" (?:of relation "[^"]{1,100}" )?does not exist\b|\bSQLITE_[A-Z]+\b/,
  ],
  [
    'a file path',
    /(?:^|[\s"'(])(?:\/(?:home|usr|var|opt|srv|app|etc|tmp|root)\/[\w./-]+|[A-Za-z]:\\\\?[\w\\ .-]+\.\w+)|node_modules\//,
  ],
  [
    'an internal host name or address',
    /\b(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})\b|\b(?<!\b[\w-]+?)[\w-]+\.(?:internal|local|corp|intra|lan)\b/,
  ],
  [
    'a framework name',
    /\b(?:Express|Spring(?:Boot| Boot)?|Hibernate|Django|Flask|Laravel|Symfony|ASP\.NET|Tomcat|Jetty|WildFly|JBoss|Rails|Werkzeug|Kestrel|Quarkus)\b|\bstoplight\.io\b|\/prism\/errors\b/,
  ],
];
// Server naming a product with its version (`Apache/2.4.41`, `nginx 1.25.3`), or any X-Powered-By / X-AspNet-Version.
// A bare product name (`Server: uvicorn`, `nginx`) is none of what err-sanit names (versions, stack traces, DB
// codes, internal host names): HTTP's own Server header, not a leak.
const HEADER_LEAKS: Array<[string, (value: string) => boolean]> = [
  ['server', (value) => /\/\s*v?\d|\bv?\d+\.\d+/i.test(value)],
  ['x-powered-by', () => true],
  ['x-aspnet-version', () => true],
  ['x-aspnetmvc-version', () => true],
];

export default defineCheck({
  meta: {
    id: 'problem.no-leaks',
    rule: 'err-sanit',
    severity: 'error',
    writes: false,
    evidence: 'traffic',
    title: 'Errors reveal no stack traces, database codes, file paths, host names or frameworks',
    messages: {
      leakInBody: '{{method}} {{url}} answered {{status}} with a body revealing {{what}}: "{{excerpt}}"{{also}}.',
      leakInHeader:
        '{{method}} {{url}} answered {{status}} with header {{header}}: {{value}}, revealing the implementation{{also}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx) {
    // One finding per JSON member that leaks (routing-controllers' `stack`, whatever each answer shows in it), else
    // per kind of leak (or header), however many answers show it.
    const causes = new Causes(ctx, (id, data) =>
      data['member'] !== undefined
        ? `${id} member ${String(data['member'])}`
        : `${id} ${String(data['what'] ?? data['header'])}`,
    );
    // Every error answer of the run, whatever Accept asked for: a leak is one in any form.
    const provoked = (await provokeErrors(ctx)).filter((e) => e.response.status >= 400);
    // The malformed POST joins the collection's writers, whom walks wait for: only once no other check runs.
    await ctx.trafficSettled();
    const probes = [...provoked, ...(await provokeBodyErrors(ctx))];
    const errors = (await judgeableTraffic(ctx, probes)).filter((e) => e.response.status >= 400);
    if (errors.length === 0) ctx.skip('no request of the run drew an error response');
    for (const exchange of errors) {
      const data = exchangeData(exchange);
      // Judge JSON by its decoded strings: escapes like \n\tat would hide a stack trace from the patterns.
      const json = exchange.response.json;
      const text = json === undefined ? exchange.response.text : stringsOf(json).join('\n');
      // One finding per answer, naming every kind of leak in it (a stack trace also shows an exception and paths).
      const found = BODY_LEAKS.map(([what, pattern]) => [what, pattern.exec(text)] as const).filter(
        ([, match]) => match,
      );
      const state = json === undefined ? undefined : sqlStateOf(json);
      if (state !== undefined && !found.some(([what]) => what === 'a database error'))
        found.push(['a database error', state]);
      const first = found[0]?.[1];
      const at = first ? Math.max(0, first.index - 20) : 0;
      const member = first && json !== undefined ? leakingMember(json, first[0]) : undefined;
      causes.expect(
        !first,
        'leakInBody',
        {
          ...data,
          what: found.map(([what]) => what).join(', '),
          excerpt: first === state && state ? state[0] : text.slice(at, at + 120).replace(/\s+/g, ' '),
          ...(member !== undefined ? { member } : {}),
        },
        exchange,
      );
      for (const [header, leaks] of HEADER_LEAKS) {
        const value = exchange.response.headers[header];
        causes.expect(value === undefined || !leaks(value), 'leakInHeader', { ...data, header, value }, exchange);
      }
    }
    causes.flush();
  },
});

/**
 * With writes allowed, a POST of malformed JSON to a collection that creates: the errors of body parsing are
 * where frameworks print stack traces (json-server's 400). A conforming API creates nothing from it; should it,
 * the document is removed again.
 */
async function provokeBodyErrors(ctx: CheckContext<string>): Promise<Exchange[]> {
  const collection = ctx.target.collections.find((c) => c.create !== undefined);
  // What the run could not remove, it does not risk creating.
  if (!ctx.allowWrites || !collection || cannotCleanUp(ctx, collection)) return [];
  let unread: UnreadBody;
  try {
    ({ unread } = await unreadBodyProof(ctx, collection));
  } catch (error) {
    // What a lax server would make of the probe could not be proven the run's own: it is not sent.
    if (error instanceof SkipSignal) return [];
    throw error;
  }
  await beginWriting(ctx, collection);
  ctx.judgeLocationsItself();
  const mark = trafficMark(ctx);
  const exchange = await ctx.request({
    method: 'POST',
    url: collection.path,
    headers: { 'content-type': 'application/json' },
    body: '{"restguide": ',
  });
  if (exchange.response.status >= 200 && exchange.response.status < 300)
    cleanUpCreated(ctx, collection, exchange, {}, mark, unread);
  return exchange.response.status >= 400 ? [exchange] : [];
}

/** Members that carry a database's error code as PostgreSQL, PostgREST and ORMs name it. */
const SQLSTATE_MEMBER = /^(?:code|sql_?state|pgcode|errno)$/i;
/** SQLSTATE classes a database gives a request's data or statement (22 data, 23 constraint, 42 syntax, XX internal, ...). */
const SQLSTATE = /^(?:0A|08|22|23|25|40|42|53|54|55|57|58|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The first `"code": "22P02"` of a JSON body, as a match the report quotes. */
function sqlStateOf(value: unknown): RegExpExecArray | undefined {
  if (Array.isArray(value)) {
    for (const inner of value) {
      const found = sqlStateOf(inner);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) {
      if (SQLSTATE_MEMBER.test(name) && typeof inner === 'string' && SQLSTATE.test(inner))
        return /.+/.exec(`"${name}": "${inner}"`) ?? undefined;
      const found = sqlStateOf(inner);
      if (found) return found;
    }
  }
  return undefined;
}

/** The dotted path of the member (two levels at most) whose strings hold `leak`; undefined: no one member does. */
function leakingMember(json: unknown, leak: string, prefix = '', depth = 0): string | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json) || depth > 1) return undefined;
  for (const [name, inner] of Object.entries(json)) {
    if (!stringsOf(inner).join('\n').includes(leak)) continue;
    const path = `${prefix}${name}`;
    return leakingMember(inner, leak, `${path}.`, depth + 1) ?? path;
  }
  return undefined;
}

/** Every string in a JSON value, keys included, depth-first. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsOf(inner)]);
  return [];
}
