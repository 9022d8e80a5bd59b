// One cause, many places: a generator repeats one setting on every operation, and each finding names
// its own value (operationId "GetUsers", "GetOrders"...). A finding's cause is its rule code and its
// message with the named values masked, within its document; people read one entry per cause,
// machine formats keep every finding and carry the cause's id so a dashboard can count causes.
import { createHash } from 'node:crypto';
import { sourceKey } from '../core/report/baseline.js';
import type { LintFinding } from '../core/report/types.js';

/** Placeholder of a masked value. */
const VALUE = '…';

const HTTP_METHOD = /\b(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|TRACE)\b/g;
// Quoted values; a single quote only as a quote, not the apostrophe of "belgif's".
const QUOTED = /"[^"]*"|`[^`]*`|(?<=^|[\s(])'[^'\s][^']*'(?=[\s,.:;)]|$)/g;
// Paths, media types, URLs: whatever holds a slash (trailing punctuation kept).
const SLASHED = /\S*\/\S*/g;
// JSON paths in dot notation (components.schemas.Pet), version numbers once digits are masked.
const DOTTED = /[\w$#-]+(?:\.[\w$#-]+){2,}/g;
// "(in common.yaml:12)": where a finding a $ref brings in arises (src/lint/lint-documents.ts).
const RELOCATED = / \(in [^()]*:\d+\)$/;
// A closing list of bare names ("lowerCamelCase: Users, Orders"); a closing phrase with spaces stays.
const NAME_LIST = /: [^\s,]+(?:, [^\s,]+)*$/;

const masked = new Map<string, string>();

/** The message with its named values masked: quoted strings, paths, media types, methods, numbers. */
export function maskMessage(message: string): string {
  const known = masked.get(message);
  if (known !== undefined) return known;
  const mask = message
    .replace(RELOCATED, ` (in ${VALUE})`)
    .replace(QUOTED, `"${VALUE}"`)
    .replace(SLASHED, (token) => VALUE + (/[.,;:)]+$/.exec(token)?.[0] ?? ''))
    .replace(HTTP_METHOD, 'METHOD')
    .replace(/\d+/g, '#')
    .replace(DOTTED, VALUE)
    .replace(NAME_LIST, `: ${VALUE}`);
  // Messages repeat (one per place): the cache stays as small as the distinct messages of a run.
  if (masked.size > 50_000) masked.clear();
  masked.set(message, mask);
  return mask;
}

/** What makes two findings of one document one cause: the same rule and masked message. */
export const causeKey = (finding: Pick<LintFinding, 'code' | 'message'>): string =>
  `${finding.code}\u0000${maskMessage(finding.message)}`;

/**
 * A short, stable id of the finding's cause: the same on every machine and run while the document,
 * the rule and the shape of its message stay (line numbers and the named values do not count).
 */
export function causeId(finding: Pick<LintFinding, 'code' | 'message' | 'source'>, cwd = process.cwd()): string {
  // Memoised by document, then by code and raw message: a big document has tens of thousands of findings.
  const location = `${cwd}\u0000${finding.source}`;
  let document = ids.get(location);
  if (document === undefined) {
    if (ids.size > 1_000) ids.clear();
    // The document as the baseline keys it: relative to cwd, so the id is the same in any checkout.
    document = { key: sourceKey(finding.source, cwd), byMessage: new Map() };
    ids.set(location, document);
  }
  const raw = `${finding.code}\u0000${finding.message}`;
  let id = document.byMessage.get(raw);
  if (id === undefined) {
    const key = `${document.key}\u0000${causeKey(finding)}`;
    id = hashes.get(key) ?? createHash('sha256').update(key).digest('hex').slice(0, 12);
    if (hashes.size > 50_000) hashes.clear();
    hashes.set(key, id);
    if (document.byMessage.size > 50_000) document.byMessage.clear();
    document.byMessage.set(raw, id);
  }
  return id;
}
const ids = new Map<string, { key: string; byMessage: Map<string, string> }>();
// One hash per cause, however many messages it has.
const hashes = new Map<string, string>();

/** How many causes the findings come from (per document). */
export function countCauses(findings: readonly LintFinding[]): number {
  const causes = new Set<string>();
  for (const finding of findings) causes.add(`${finding.source}\u0000${causeKey(finding)}`);
  return causes.size;
}

/** Generator settings that usually cause a finding, said beside the entry so people fix one setting, not each place. */
const HINTS: ReadonlyArray<{ code: string; message: RegExp; hint: string }> = [
  {
    code: 'rep-struct',
    message: /\bnot (?:text\/plain|text\/json|application\/\*\+json)\b/,
    hint: 'usually Swashbuckle listing every ASP.NET Core formatter (text/plain, text/json, application/*+json): add [Produces("application/json")] and [Consumes("application/json")] to the controllers or as global filters',
  },
  {
    code: 'rep-struct',
    message: /\bnot \*\/\*/,
    hint: "usually springdoc's default media type */*: set springdoc.default-produces-media-type=application/json (or produces on the mappings)",
  },
];

/** The generator setting that usually causes this finding, when one is known. */
export const causeHint = (finding: Pick<LintFinding, 'code' | 'message'>): string | undefined =>
  HINTS.find((h) => h.code === finding.code && h.message.test(finding.message))?.hint;

/** Whether any hint is known for the code (most have none: their groups are not searched). */
export const hasHints = (code: string): boolean => HINTS.some((h) => h.code === code);
