// One fault on many URLs is one result: the findings of one check run with the same message id whose words
// differ only by where they were seen (URLs, array indexes) are folded into one, listing the URLs with a count.
import type { CheckResult } from './types.js';

/** URLs named in the words of a folded result; every one is in `urls`. */
const SHOWN_URLS = 3;
/** Evidence kept for a folded result: one exchange per URL, the first few. */
const KEPT_EVIDENCE = 3;

const URL_IN_TEXT = /https?:\/\/[^\s`'"<>]+?(?=[.,;:)\]]*(?:[\s`'"<>]|$))/g;

/** The words of a finding without where it was seen: what tells one fault from another. */
export function faultOf(message: string): string {
  return message.replace(URL_IN_TEXT, '<url>').replace(/\[\d+\]/g, '[*]');
}

/** Where a finding was seen: the first URL its words name, else its first request's URL, else its resource. */
function whereOf(result: CheckResult): string {
  return result.message.match(URL_IN_TEXT)?.[0] ?? result.evidence[0]?.request.url ?? result.resource;
}

/** "a, b, c and 22 more". */
export function listUrls(urls: readonly string[], shown = SHOWN_URLS): string {
  const head = urls.slice(0, shown).join(', ');
  return urls.length > shown ? `${head} and ${urls.length - shown} more` : head;
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
    const words = first.message.replace(/\[\d+\]/g, '[*]').replace(/\.$/, '');
    const seen = urls.length > 1 ? `seen on ${urls.length} URLs: ${listUrls(urls)}` : `seen ${group.length} times`;
    folded.set(first, { ...first, message: `${words} (${seen}).`, evidence, count: group.length, urls });
    for (const result of rest) folded.set(result, undefined);
  }
  if (folded.size === 0) return results;
  return results.flatMap((result) => {
    if (!folded.has(result)) return [result];
    const replaced = folded.get(result);
    return replaced ? [replaced] : [];
  });
}
