import { defineRule, type RuleCase } from '../define.js';
import { P, PROBLEM_V1, withSchemas } from '../documents.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
import { ownSplitFileCases, UNVERSIONED } from './support/cases.js';
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
  severity: 'error',
  description: 'Files referenced by $ref state their version in info.version',
  then: referencedVersions,
  guideRule: 'oas-reuse',
  resolved: false,
});

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
  ...ownSplitFileCases(),
];
