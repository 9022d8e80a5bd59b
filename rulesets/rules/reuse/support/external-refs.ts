// The $refs of the linted document to other files, as written (`resolved: false`): what oas-reuse and
// oas-reuse-version judge.
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { isObject, type Json, type JsonPath } from '../../../support/json.js';
import { fragmentPath, valueAt } from '../../../../src/openapi/pointer.js';
import { isTextFile } from '../../../../src/openapi/text-ref.js';

export interface ExternalRef {
  /** Where the $ref is written in the linted document. */
  at: JsonPath;
  /** The $ref as written. */
  ref: string;
  /** The referenced file, absolute (as the resolver located it). */
  file: string;
}

/** The $refs of the linted document to other files, from the resolver's graph (no walk of the document). */
export function externalRefs(root: Json, context: RulesetFunctionContext): ExternalRef[] {
  const graph = context.documentInventory.graph;
  const source = context.document.source;
  if (!graph || source === null || !graph.hasNode(source)) return [];
  const refMap: Record<string, string> = graph.getNodeData(source).refMap ?? {};
  const out: ExternalRef[] = [];
  for (const [pointer, target] of Object.entries(refMap)) {
    if (typeof target !== 'string' || target.startsWith('#')) continue;
    const at = fragmentPath(pointer.replace(/^#/, '')) ?? [];
    const holder = valueAt(root, at);
    const ref = isObject(holder) && typeof holder.$ref === 'string' ? holder.$ref : target;
    // A text file (a Markdown description) is no reusable definition: where OpenAPI allows no $ref, lint says so.
    if (ref.startsWith('#') || isTextFile(target.split('#')[0] ?? target)) continue;
    out.push({ at: [...at, '$ref'], ref, file: target.split('#')[0] ?? target });
  }
  return out;
}

/**
 * Whether a referenced file is one the guide's layout is for, "OpenAPI documents reusable from multiple
 * APIs": a file outside the linted document's folder, or one that is an OpenAPI document of its own
 * (`openapi` or `info`). A path item or schema split out into the API's own folder is neither (issue 46).
 */
export function isSharedDocument(file: string, context: RulesetFunctionContext): boolean {
  const source = context.document.source ?? '';
  const folder = source.slice(0, Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
  if (folder === '' || !file.startsWith(folder)) return true;
  const document = context.documentInventory.referencedDocuments[file];
  // A file that does not resolve (an invalid-ref) cannot be told apart: judged as before.
  if (document === undefined || !isObject(document.data)) return true;
  return 'openapi' in document.data || 'info' in document.data;
}
