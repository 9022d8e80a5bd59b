// Why an operation of the document got no request from the run: said beside it in the coverage per operation,
// so a report on a large API names what was not verified and why, not only that it was not.
import type { DocumentTarget, Target } from '../profile/target.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a profile path is the document's template, or its end once the API's base path is left out. */
const sameTemplate = (profilePath: string, documentPath: string): boolean =>
  profilePath === documentPath || (profilePath !== '/' && documentPath.endsWith(profilePath));

export function unexercisedReason(target: Target, allowWrites: boolean, method: string, path: string): string {
  if (!READS.has(method) && !allowWrites) return 'a write: needs --allow-writes';
  const resources = [...target.collections, ...target.documents, ...target.tasks, ...target.controllers];
  const templateOf = (resource: (typeof resources)[number]): string =>
    'template' in resource && resource.template !== undefined ? resource.template : resource.path;
  const matching = resources.filter((resource) => sameTemplate(templateOf(resource), path));
  // A document whose collection listed no item, and the document gave no example of: no id to ask with.
  if (matching.length > 0 && matching.every((r) => r.kind === 'document' && r.sampleIds.length === 0))
    return `not verified: no value of {${(matching[0] as DocumentTarget).param}} to ask with: its collection listed no item and the document gives no example`;
  if (matching.length > 0) return `no selected check sends ${method} to it`;
  // A nested collection or document the run did not make concrete: why (no parent listed, or the bound).
  const leftOut = target.leftOut?.find((entry) => sameTemplate(entry.path, path));
  if (leftOut) return leftOut.why;
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => `{${match[1] ?? ''}}`);
  // Under a parent the run made concrete (`/Accounts/{AccountSid}/Balance.json`): the path itself has no role.
  // Parameter names may differ between a parent's item path and its children's (`{Sid}`, `{AccountSid}`).
  const unnamed = (template: string): string => template.replace(/\{[^}]*\}/g, '{}');
  const parent = unnamed(path.slice(0, path.lastIndexOf('}') + 1));
  const prefixes = (template: string): string[] =>
    [...template.matchAll(/\}/g)].map((match) => unnamed(template.slice(0, (match.index ?? 0) + 1)));
  const underModeled =
    parameters.length > 0 &&
    resources.some((r) => r.path !== templateOf(r) && prefixes(templateOf(r)).some((p) => sameTemplate(p, parent)));
  return parameters.length > 0 && !underModeled
    ? `not modeled: no collection the run reads lists values for ${parameters.join(', ')}`
    : 'not modeled: the document gives this path no role the checks know (collection, document, task, controller)';
}
