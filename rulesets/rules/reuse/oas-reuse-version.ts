import { defineRule, type RuleCase } from '../define.js';
import { P, PROBLEM_V1, REUSE, withSchemas } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
import { externalRefs, isSharedDocument } from './support/external-refs.js';

/** oas-reuse-version: every referenced document states its version in info.version (one finding per file). */
const referencedVersions = defineRuleFunction<null>(null, (root, _o, context) => {
  const out: Finding[] = [];
  const reported = new Set<string>();
  for (const { at, ref, file } of externalRefs(root, context)) {
    if (reported.has(file) || !isSharedDocument(file, context)) continue;
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

export const rule = defineRule({
  code: 'oas-reuse-version',
  guideRule: 'oas-reuse',
  severity: 'error',
  description: 'Files referenced by $ref state their version in info.version',
  then: referencedVersions,
  resolved: false,
});

// The API's own folder (test/lint/split), beside the harness's document.
const SPLIT = 'split';
const UNVERSIONED = `${REUSE}/shared/types.yaml#/components/schemas/Amount`;

export const cases = (): RuleCase[] => [
  {
    name: 'a referenced file without info.version',
    errors: [{ path: P('Price', '$ref'), message: 'info.version' }],
    document: withSchemas({ Price: { $ref: UNVERSIONED } }),
  },
  {
    name: 'a referenced file with info.version',
    errors: [],
    document: withSchemas({ Problem: { $ref: PROBLEM_V1 } }),
  },
  // Issue 46 first pass (NHS PDS): the API's own split files are not documents reusable from several APIs.
  {
    name: "FP: the API's own path item file; an OpenAPI document beside it is judged",
    errors: [{ path: P('Amount', '$ref') }],
    document: withSchemas(
      { Amount: { $ref: `${SPLIT}/types.yaml#/components/schemas/Amount` } },
      { paths: { '/search': { $ref: `${SPLIT}/paths/search.yaml` } } },
    ),
  },
  {
    name: "FP: the API's own path item file only",
    errors: [],
    document: withSchemas({}, { paths: { '/search': { $ref: `${SPLIT}/paths/search.yaml` } } }),
  },
];
