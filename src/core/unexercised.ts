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
  if (resources.some((resource) => sameTemplate(resource.path, path))) return `no selected check sends ${method} to it`;
  const parameters = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => `{${match[1] ?? ''}}`);
  return parameters.length > 0
    ? `not modeled: no collection the run reads lists values for ${parameters.join(', ')}`
    : 'not modeled: the document gives this path no role the checks know (collection, document, task, controller)';
}
