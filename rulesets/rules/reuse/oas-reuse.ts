import { defineRule, type RuleCase } from '../define.js';
import { P, PROBLEM_V1, withSchemas } from '../documents.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
import { ownSplitFileCases, UNVERSIONED } from './support/cases.js';
import { externalRefs, isSharedDocument } from './support/external-refs.js';

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
const reusableFilePaths = defineRuleFunction<null>(null, (root, _o, context) => {
  const out: Finding[] = [];
  const reported = new Set<string>();
  for (const { at, ref, file } of externalRefs(root, context)) {
    if (reported.has(file) || isVersionedReusablePath(file) || !isSharedDocument(file, context)) continue;
    reported.add(file);
    const written = ref.split('#')[0];
    out.push(finding(`Reusable file "${written}" should be organized as <domain>/v<major>/<domain>-v<major>.yaml`, at));
  }
  return out;
});

export const rule = defineRule({
  code: 'oas-reuse',
  severity: 'warn',
  description:
    'Files referenced by $ref are organized as <domain>[/<subdomain>]/v<major>/<domain>[-<subdomain>]-v<major>.yaml (refs of the linted document)',
  then: reusableFilePaths,
  resolved: false,
});

export const cases = (): RuleCase[] => [
  {
    name: 'a file outside <domain>/v<major>/<domain>-v<major>.yaml, reported once',
    errors: [{ path: P('Price', '$ref'), message: 'types.yaml' }],
    document: withSchemas({
      Price: { $ref: UNVERSIONED },
      Cost: { $ref: UNVERSIONED },
    }),
  },
  {
    name: 'a versioned reusable file; local refs',
    errors: [],
    document: withSchemas({ Problem: { $ref: PROBLEM_V1 }, Local: { $ref: '#/components/schemas/Problem' } }),
  },
  ...ownSplitFileCases(),
];
