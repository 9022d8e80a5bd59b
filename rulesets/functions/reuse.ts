// oas-reuse and oas-comdef: reusable definitions live in versioned OpenAPI files
// (<domain>/v<major>/<domain>-v<major>.yaml) and belgif's common types are referenced, not copied.
// Both read the unresolved document (`resolved: false`): the $refs as written.
import type { RulesetFunctionContext } from '@stoplight/spectral-core';
import { asArray, entries, isObject, type Json, type JsonPath } from '../support/json.js';
import { fragmentPath, valueAt } from '../../src/openapi/pointer.js';
import { isTextFile } from '../../src/openapi/text-ref.js';
import { defineRuleFunction, finding, isSchemaOnly, type Finding } from './define.js';

interface ExternalRef {
  /** Where the $ref is written in the linted document. */
  at: JsonPath;
  /** The $ref as written. */
  ref: string;
  /** The referenced file, absolute (as the resolver located it). */
  file: string;
}

/** The $refs of the linted document to other files, from the resolver's graph (no walk of the document). */
function externalRefs(root: Json, context: RulesetFunctionContext): ExternalRef[] {
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

const VERSIONED_FILE = /^(.+)-(v\d+(?:(?:alpha|beta)\d*)?)\.(?:ya?ml|json)$/;

/** Whether a file path follows <domain>[/<subdomain>]/v<major>/<domain>[-<subdomain>]-v<major>.yaml. */
function isVersionedReusablePath(file: string): boolean {
  const path = /^https?:\/\//.test(file) ? new URL(file).pathname : (file.split(/[?#]/)[0] ?? '');
  const segments = path.split(/[\\/]/).filter((s) => s !== '');
  const match = VERSIONED_FILE.exec(segments[segments.length - 1] ?? '');
  if (!match || segments[segments.length - 2] !== match[2]) return false;
  const folders = segments.slice(0, -2);
  for (let k = 1; k <= Math.min(3, folders.length); k++) {
    if (folders.slice(-k).join('-') === match[1]) return true;
  }
  return false;
}

/** oas-reuse: external $refs point at <domain>/v<major>/<domain>-v<major>.yaml files (one finding per file). */
export const reusableFilePaths = defineRuleFunction<null>(null, (root, _o, context) => {
  const out: Finding[] = [];
  const reported = new Set<string>();
  for (const { at, ref, file } of externalRefs(root, context)) {
    if (reported.has(file) || isVersionedReusablePath(file)) continue;
    reported.add(file);
    const written = ref.split('#')[0];
    out.push(finding(`Reusable file "${written}" should be organized as <domain>/v<major>/<domain>-v<major>.yaml`, at));
  }
  return out;
});

/** oas-reuse-version: every referenced document states its version in info.version (one finding per file). */
export const referencedVersions = defineRuleFunction<null>(null, (root, _o, context) => {
  const out: Finding[] = [];
  const reported = new Set<string>();
  for (const { at, ref, file } of externalRefs(root, context)) {
    if (reported.has(file)) continue;
    reported.add(file);
    const document = context.documentInventory.referencedDocuments[file];
    if (!document) continue; // unresolvable: reported as invalid-ref
    const info = isObject(document.data) ? document.data.info : undefined;
    const version = isObject(info) ? info.version : undefined;
    if (typeof version !== 'string' || version.trim() === '') {
      out.push(finding(`Referenced file "${ref.split('#')[0]}" must state its version in info.version`, at));
    }
  }
  return out;
});

/** Whether a schema takes its definition from another file: a $ref to it, directly or as an allOf member. */
const isReferencedFromFile = (schema: Json): boolean =>
  [schema, ...asArray(schema.allOf)].some((s) => isObject(s) && typeof s.$ref === 'string' && !s.$ref.startsWith('#'));

/** Whether `source` is the file belgif publishes `domain`'s types in: .../<domain>/v<major>/<domain joined by ->-v<major>.yaml. */
function isPublishedFile(source: string | null | undefined, domain: string): boolean {
  if (typeof source !== 'string') return false;
  const segments = source.replace(/\\/g, '/').split('/');
  const file = segments.pop() ?? '';
  const version = segments.pop() ?? '';
  const stem = domain.replace(/\//g, '-');
  return (
    /^v\d+$/.test(version) &&
    segments.slice(-domain.split('/').length).join('/') === domain &&
    new RegExp(`^${stem}-${version}\\.ya?ml$`).test(file)
  );
}

/**
 * oas-comdef: belgif's common types are referenced from its openapi-* files, not defined again locally.
 * Only the file belgif publishes a type in (problem/v1/problem-v1.yaml for Problem) defines it: another
 * definitions file redefining it is an own variant, which is what the guide asks to avoid.
 */
export const commonDefinitionsReused = defineRuleFunction<{ domains: Record<string, string> }>(
  {
    type: 'object',
    properties: { domains: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 } },
    required: ['domains'],
    additionalProperties: false,
  },
  (root, { domains }, context) => {
    const schemas = isObject(root.components) ? root.components.schemas : undefined;
    const out: Finding[] = [];
    for (const [name, schema] of entries(schemas)) {
      const domain = domains[name];
      if (domain === undefined || !isObject(schema) || isReferencedFromFile(schema)) continue;
      if (isSchemaOnly(root) && isPublishedFile(context.document.source, domain)) continue;
      out.push(
        finding(
          `"${name}" redefines a common Belgif type: $ref it from belgif's openapi-* definitions (e.g. openapi-problem, openapi-common) instead`,
          ['components', 'schemas', name],
        ),
      );
    }
    return out;
  },
);
