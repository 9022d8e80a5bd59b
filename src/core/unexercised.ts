// Why an operation of the document got no request from the run: said beside it in the coverage per operation,
// so a report on a large API names what was not verified and why, not only that it was not.
import type { Target } from './target.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a profile path is the document's template, or its end once the API's base path is left out. */
const sameTemplate = (profilePath: string, documentPath: string): boolean =>
  profilePath === documentPath || (profilePath !== '/' && documentPath.endsWith(profilePath));

export function unexercisedReason(target: Target, allowWrites: boolean, method: string, path: string): string {
  if (!READS.has(method) && !allowWrites) return 'a write: needs --allow-writes';
  const resources = [...target.collections, ...target.documents, ...target.tasks, ...target.controllers];
  const templateOf = (resource: (typeof resources)[number]): string =>
    'template' in resource && resource.template !== undefined ? resource.template : resource.path;
  if (resources.some((resource) => sameTemplate(templateOf(resource), path)))
    return `no selected check sends ${method} to it`;
  // A nested collection or document the run did not make concrete: why (no parent listed, or the bound).
  const leftOut = target.leftOut?.find((entry) => sameTemplate(entry.path, path));
  if (leftOut) return leftOut.why;
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => `{${match[1] ?? ''}}`);
  return parameters.length > 0
    ? `not modeled: no collection the run reads lists values for ${parameters.join(', ')}`
    : 'not modeled: the document gives this path no role the checks know (collection, document, task, controller)';
}
