import { defineRule, type RuleCase } from '../define.js';
import { base } from '../documents.js';
import { asArray, isObject } from '../../support/json.js';
import {
  defineRuleFunction,
  finding,
  isReusableDefinitionsOnly,
  NO_OPTIONS,
  type Finding,
} from '../../functions/define.js';

/**
 * Whether `text` holds a `${name}` placeholder, as `/\$\{[^}]+\}/` decides, in one pass (that
 * pattern went from each `${` to the next `}`: quadratic on a version of many `${`).
 */
export function hasPlaceholder(text: string): boolean {
  for (let from = 0; ;) {
    const open = text.indexOf('${', from);
    if (open < 0) return false;
    const close = text.indexOf('}', open + 2);
    if (close < 0) return false; // no later `${` has a `}` after it either
    if (close > open + 2) return true;
    from = close + 1; // `${}`: a later `${` starts after its `}`
  }
}

const OTHER_PLACEHOLDER = /^(?:@[\w.-]+@|\{\{\s*[\w.-]+\s*\}\}|\{[A-Za-z_][\w.-]*\}|\[[A-Z][A-Z0-9_]*\])$/;
const SEMVER_ISH = /^(\d+)\.(\d+)(?:\.(\d+))?(?:[-+][0-9A-Za-z.-]+)?$/;
/** api-version: info.version is major.minor[.patch] and its major matches the servers' /v{major}. */
const versionFormat = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  if (isReusableDefinitionsOnly(root) || !isObject(root.info) || typeof root.info.version !== 'string') return [];
  // Maven resource filtering fills `${project.version}` at build time: judge what it will be, not the placeholder;
  // so do Gradle's and Ant's `@version@`, templates' `{{version}}` and `{VERSION}` (as uri-format skips them)
  // and `[VERSION_FROM_BUILD]` markers.
  if (hasPlaceholder(root.info.version) || OTHER_PLACEHOLDER.test(root.info.version)) return [];
  const version = root.info.version;
  const match = SEMVER_ISH.exec(version);
  if (!match) return [finding(`info.version "${version}" should be major.minor[.patch]`, ['info', 'version'])];
  const out: Finding[] = [];
  asArray(root.servers).forEach((server, i) => {
    const url = isObject(server) && typeof server.url === 'string' ? server.url : '';
    const major = /\/v(\d+)\/?$/.exec(url)?.[1];
    if (major !== undefined && Number(major) !== Number(match[1])) {
      out.push(
        finding(`Server URL major version v${major} does not match info.version ${version}`, ['servers', i, 'url']),
      );
    }
  });
  return out;
});

export const rule = defineRule({
  code: 'api-version-format',
  severity: 'warn',
  description: "info.version is major.minor[.patch] and its major matches the servers' /v{major}",
  then: versionFormat,
  guideRule: 'api-version',
});

/** A document whose info.version is this. */
const versioned = (version: string) => base({ info: { title: 'Demo', version } });
const VERSION = ['info', 'version'];

export const cases = (): RuleCase[] => [
  // A version a build fills in is judged when filled in, as Maven's ${project.version} already was.

  {
    name: 'FP: build placeholders (@version@, {{version}}, [VERSION_FROM_PUBLIC_API])',
    errors: [],
    document: versioned('[VERSION_FROM_PUBLIC_API]'),
  },
  {
    name: "FP: a build's {VERSION} placeholder (NHS PDS)",
    errors: [],
    document: versioned('{VERSION}'),
  },
  { name: 'FP: a Gradle token', errors: [], document: versioned('@version@') },
  {
    name: 'a version that is no placeholder',
    errors: [{ path: VERSION }],
    document: versioned('[beta]'),
  },

  {
    name: 'not semver; major differs from /v1',
    errors: [{ path: VERSION }],
    document: versioned('v1'),
  },
  {
    name: 'major mismatch',
    errors: [{ path: ['servers', 0, 'url'] }],
    document: versioned('2.0.0'),
  },
  { name: 'major matches', errors: [], document: versioned('1.4') },

  {
    name: 'FP: Maven placeholders',
    errors: [],
    document: versioned('${project.version}'),
  },
  {
    name: 'FP: a placeholder with a suffix',
    errors: [],
    document: versioned('${project.version}-beta'),
  },
];
