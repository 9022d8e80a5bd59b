import { defineRule, type RuleCase } from '../define.js';
import { P, PROBLEM_V1, REUSE, withSchemas } from '../documents.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
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

// The API's own folder (test/lint/split), beside the harness's document.
const SPLIT = 'split';
const UNVERSIONED = `${REUSE}/shared/types.yaml#/components/schemas/Amount`;

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
