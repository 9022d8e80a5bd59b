// One fault on many URLs is one result: the findings of one check run with the same message id whose words
// differ only by where they were seen (URLs, array indexes) are folded into one, listing the URLs with a count;
// then, in the reports, the same fault of one check on several resources is folded the same way.
import type { CheckReport, CheckResult } from '../report/types.js';

/** URLs named in the words of a folded result; every one is in `urls`. */
const SHOWN_URLS = 3;
/** Evidence kept for a folded result: one exchange per URL, the first few. */
const KEPT_EVIDENCE = 3;

const URL_IN_TEXT = /https?:\/\/[^\s`'"<>]+?(?=[.,;:)\]]*(?:[\s`'"<>]|$))/g;
/** A bare API path (`/cats/{id}`, /doc/openapi.yaml) after a space, quote or bracket: not `application/json`. */
const PATH_IN_TEXT = /(?<=^|[\s`'"([])\/[^\s`'"<>]*?(?=[.,;:)\]]*(?:[\s`'"<>]|$))/g;
/** How often one run saw the fault (`(seen in 12 answers)`, `(seen 5 times)`): a tally, not another fault. */
const TALLY_IN_TEXT = /\bseen (in )?\d+ (answers|times)\b/g;

/**
 * Departures whose words name what each resource calls its own (`accounts`, `calls`): one convention of the API,
 * so the same fault on every resource that follows it, whatever the name.
 */
const NAMED_BY_RESOURCE = new Set(['collection.items-array.listedUnder', 'sort.guide-param.foreign']);
const CODE_SPAN = /`[^`]*`/g;
/**
 * Faults one framework default gives every write whatever its method (a text/plain body read anyway; a method it
 * does not route answered 404, as Fastify and Express do): a PUT on one resource and a POST or PATCH on another are
 * the same fault.
 */
const ANY_WRITE_METHOD = new Set(['http.unsupported-media-type-415.not415', 'http.method-not-allowed-405.not405']);
const WRITE_METHOD = /^(?:POST|PUT|PATCH) /;
/**
 * The 405 probe answered without a 405 on every resource (Sails: 404 where nothing is routed, 400 where PUT reached
 * an item route with the collection's last segment as id): an API with no 405 at all, one fault, whatever each
 * answered instead. Where some resource answers 405, another status elsewhere is a fault of its own.
 */
const NO_405 = 'http.method-not-allowed-405.not405';
const NOT_405_STATUS = /answered (\d{3}) instead of 405/;
/**
 * A text/plain body not refused with 415 anywhere (koa-bodyparser leaves it unread): a PUT the hand check then
 * answers 400 and a PATCH that takes the empty body (200) are one cause. A 5xx is a fault of its own.
 */
const NO_415 = 'http.unsupported-media-type-415.not415';
const NOT_415_STATUS = /answered ([1-4]\d\d) instead of 415/;
/**
 * A framework's one validation handler answering every bad input with its own status (Rails' and FastAPI's 422,
 * src/checks/support/validation-status.ts): whatever member or parameter, on whatever resource, one fault.
 */
const ANY_INPUT_KINDS = new Set(['input.declared-body.not400', 'input.declared-params.not400']);
const HANDLER_STATUS_INPUT = /\((?:body member|\w+ parameter) .*\) answered (422) instead of 400\b.*$/s;

/** The words of a finding without where it was seen: what tells one fault from another. */
export function faultOf(message: string): string {
  return message
    .replace(URL_IN_TEXT, '<url>')
    .replace(PATH_IN_TEXT, '<path>')
    .replace(/\[\d+\]/g, '[*]')
    .replace(TALLY_IN_TEXT, 'seen $1* $2');
}

/** Where a finding was seen: the first URL its words name, else its first request's URL, else its resource. */
function whereOf(result: CheckResult): string {
  return result.message.match(URL_IN_TEXT)?.[0] ?? result.evidence[0]?.request.url ?? result.resource;
}

/** Every URL a result was seen on: those a fold listed, else where it was seen. */
export const urlsOf = (result: CheckResult): readonly string[] => result.urls ?? [whereOf(result)];

/** How a folded result's words end: `(seen on 3 URLs: a, b, c)`, `(seen 5 times)`, `(seen in 2 answers)`. */
const FOLDED_ENDING = / \((?:seen on \d+\+? URLs: .*|seen \d+ times|seen in \d+ answers)\)\.?$/s;

/** The words of the first finding of a fold, without its own tally, array indexes made `[*]`, no final stop. */
export const plainWords = (result: CheckResult): string =>
  result.message
    .replace(FOLDED_ENDING, '')
    .replace(/\[\d+\]/g, '[*]')
    .replace(/\.$/, '');

/** "a, b, c and 22 more". */
export function listUrls(urls: readonly string[], shown = SHOWN_URLS): string {
  const head = urls.slice(0, shown).join(', ');
  return urls.length > shown ? `${head} and ${urls.length - shown} more` : head;
}

/**
 * The words of one fault folded from `count` findings seen on `urls`: `(seen on 3 URLs: a, b, c)`, else
 * `(seen 5 times)`. `more`: the fault was seen on URLs beyond those listed, which were not all kept.
 */
export function foldedMessage(first: CheckResult, urls: readonly string[], count: number, more = false): string {
  const seen =
    urls.length > 1 ? `seen on ${urls.length}${more ? '+' : ''} URLs: ${listUrls(urls)}` : `seen ${count} times`;
  return `${plainWords(first)} (${seen}).`;
}

/**
 * Folds the failures of one check run (one check on one resource) that are the same fault: the first keeps its
 * place and words, says on how many URLs the fault was seen and names the first few, and gets `count` (the
 * findings folded) and `urls` (every distinct URL). Other results pass through unchanged.
 */
export function foldSameFaults(results: CheckResult[]): CheckResult[] {
  const groups = new Map<string, CheckResult[]>();
  for (const result of results) {
    if (result.status !== 'fail') continue;
    const key = `${result.id}\u0000${result.resource}\u0000${result.messageId ?? ''}\u0000${faultOf(result.message)}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const folded = new Map<CheckResult, CheckResult | undefined>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const [first, ...rest] = group as [CheckResult, ...CheckResult[]];
    const urls = [...new Set(group.map(whereOf))];
    const evidence = group
      .map((r) => r.evidence[0])
      .filter((e) => e !== undefined)
      .slice(0, KEPT_EVIDENCE);
    folded.set(first, {
      ...first,
      message: foldedMessage(first, urls, group.length),
      evidence,
      count: group.length,
      urls,
    });
    for (const result of rest) folded.set(result, undefined);
  }
  if (folded.size === 0) return results;
  return results.flatMap((result) => {
    if (!folded.has(result)) return [result];
    const replaced = folded.get(result);
    return replaced ? [replaced] : [];
  });
}

/** input.declared-body's ` (the same by PUT)`: an update on one resource that another's run did not make. */
const SAME_BY = / \(the same by [A-Z]+(?: and [A-Z]+)*\)/;

/**
 * Folds, across resources, the failures of one check that are the same fault (same message id, same words but
 * for where they were seen, same baseline state): the first keeps its place, resource and words, says on how
 * many URLs the fault was seen, and gets `count` (the findings folded, counts already folded summed), `urls`
 * (every distinct URL) and `resources` (every resource folded, the first first). Other results are unchanged.
 */
export function foldAcrossResources(results: readonly CheckResult[]): CheckResult[] {
  const groups = new Map<string, CheckResult[]>();
  const any405 = results.some((r) => r.id === 'http.method-not-allowed-405' && r.status === 'pass');
  const any415 = results.some((r) => r.id === 'http.unsupported-media-type-415' && r.status === 'pass');
  for (const result of results) {
    if (result.status !== 'fail') continue;
    const words = faultOf(plainWords(result));
    const kind = `${result.id}.${result.messageId ?? ''}`;
    const named = NAMED_BY_RESOURCE.has(kind) ? words.replace(CODE_SPAN, '`*`') : words;
    let fault = ANY_WRITE_METHOD.has(kind) ? named.replace(WRITE_METHOD, '<write> ') : named;
    if (ANY_INPUT_KINDS.has(kind) && HANDLER_STATUS_INPUT.test(fault))
      fault = fault
        .replace(WRITE_METHOD, '<write> ')
        .replace(HANDLER_STATUS_INPUT, '(<input>) answered $1 instead of 400');
    if (kind === NO_405 && !any405) fault = fault.replace(NOT_405_STATUS, 'answered <status> instead of 405');
    if (kind === NO_415 && !any415) fault = fault.replace(NOT_415_STATUS, 'answered <status> instead of 415');
    // A POST's take on one nested list and the same take also by PUT on another are one fault (Dancer2's sessions).
    fault = fault.replace(SAME_BY, '');
    const key = [result.id, result.messageId ?? '', result.baseline ?? '', fault].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  const folded = new Map<CheckResult, CheckResult | undefined>();
  for (const group of groups.values()) {
    const resources = [...new Set(group.flatMap((r) => r.resources ?? [r.resource]))];
    if (group.length < 2 || resources.length < 2) continue;
    const [first, ...rest] = group as [CheckResult, ...CheckResult[]];
    const urls = [...new Set(group.flatMap(urlsOf))];
    const count = group.reduce((sum, r) => sum + (r.count ?? 1), 0);
    // One exchange from each resource first, so the evidence shows the fault on several of them.
    const evidence = [...group.map((r) => r.evidence[0]), ...group.flatMap((r) => r.evidence.slice(1))]
      .filter((e) => e !== undefined)
      .slice(0, KEPT_EVIDENCE);
    let message = foldedMessage(first, urls, count);
    for (const [kind, status, instead] of [
      [NO_405, NOT_405_STATUS, '405'],
      [NO_415, NOT_415_STATUS, '415'],
    ] as const) {
      const statuses = [...new Set(group.map((r) => status.exec(r.message)?.[1]))];
      if (`${first.id}.${first.messageId ?? ''}` === kind && statuses.length > 1)
        message = message.replace(status, `answered ${statuses.join(' or ')} instead of ${instead}`);
    }
    const sameBy = SAME_BY.exec(first.message)
      ? undefined
      : group.map((r) => SAME_BY.exec(r.message)?.[0]).find(Boolean);
    if (sameBy !== undefined) message = message.replace(/ \(seen on /, `${sameBy} (seen on `);
    folded.set(first, { ...first, message, evidence, count, urls, resources });
    for (const result of rest) folded.set(result, undefined);
  }
  if (folded.size === 0) return [...results];
  return results.flatMap((result) => {
    if (!folded.has(result)) return [result];
    const replaced = folded.get(result);
    return replaced ? [replaced] : [];
  });
}

/**
 * The report as every format shows it: one result per fault across resources. The summary still counts check
 * runs (`failed`: runs on resources that failed, so the per-area figures add up); `findings` counts the failing
 * results listed, a folded one once. Idempotent: a folded report folds to itself.
 */
export function foldReport(report: CheckReport): CheckReport {
  const results = foldAcrossResources(report.results);
  if (results.length === report.results.length) return report;
  const findings = results.filter((r) => r.status === 'fail' && r.baseline === undefined).length;
  const summary = report.summary.findings === undefined ? report.summary : { ...report.summary, findings };
  return { ...report, summary, results };
}

/** A folded result as one result per resource it stands for: what counts runs per resource (tables, baselines). */
export const perResource = (results: readonly CheckResult[]): CheckResult[] =>
  results.flatMap((result) =>
    result.resources === undefined ? [result] : result.resources.map((resource) => ({ ...result, resource })),
  );
