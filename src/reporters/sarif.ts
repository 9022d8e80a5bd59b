import { pathToFileURL } from 'node:url';
import { checkFingerprint, lintFingerprint } from '../core/report/baseline.js';
import { PROJECT_URL } from '../core/util/version.js';
import {
  compareCodes,
  GUIDE_URL,
  guideAnchor,
  type CheckReport,
  type CheckResult,
  type Evidence,
  type LintFinding,
  type LintReport,
  type RuleInfo,
  type Severity,
} from '../core/report/types.js';
import type { CheckReporter, LintReporter, RenderOptions } from './render-options.js';
import { areaOf } from './check-areas.js';
import { displaySource, lintSeverityName, printPath } from './lint-severity.js';
import { leftRecords, leftText } from './run-notes.js';
import { causeId } from './lint-causes.js';

// SARIF 2.1.0 (OASIS): one run, rules from the report, results with stable partial fingerprints.
const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
// The project's own page when package.json names one; else the guide it enforces (a page that exists).
const INFORMATION_URI = PROJECT_URL ?? GUIDE_URL;
const FINGERPRINT_KEY = 'restguide/v1';

type Level = 'error' | 'warning' | 'note' | 'none';
const LEVELS: Record<Severity | 'hint', Level> = { error: 'error', warning: 'warning', info: 'note', hint: 'note' };
type BaselineState = 'new' | 'unchanged' | 'absent';

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  helpUri: string;
  defaultConfiguration: { level: Level };
  properties?: Record<string, unknown>;
}

function ruleOf(
  kind: RuleInfo['kind'],
  id: string,
  guideRule: string,
  level: Level,
  options: RenderOptions,
): SarifRule {
  const info = options.rules?.find((rule) => rule.kind === kind && rule.id === id);
  return {
    id,
    name: id,
    shortDescription: { text: info?.description ?? `Belgif REST guide rule ${guideRule}` },
    // A lint code missing from the given catalogue is no guide rule (`parser`, Spectral's `info-contact`): no anchor to point at.
    helpUri: info?.url ?? (kind === 'lint' && options.rules ? INFORMATION_URI : guideAnchor(guideRule)),
    defaultConfiguration: { level },
    properties: { guideRule, ...(kind === 'check' ? { area: areaOf(id) } : {}) },
  };
}

/** Rules sorted by id; results refer to them by index. */
function ruleTable(rules: Map<string, SarifRule>): { rules: SarifRule[]; indexOf: (id: string) => number } {
  const sorted = [...rules.values()].sort((a, b) => compareCodes(a.id, b.id));
  const index = new Map(sorted.map((rule, i) => [rule.id, i]));
  return { rules: sorted, indexOf: (id) => index.get(id) ?? -1 };
}

const envelope = (version: string, rules: SarifRule[], run: Record<string, unknown>): string =>
  `${JSON.stringify(
    {
      $schema: SARIF_SCHEMA,
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'restguide', version, informationUri: INFORMATION_URI, rules } }, ...run }],
    },
    null,
    2,
  )}\n`;

// ---- check --------------------------------------------------------------------------------

const absoluteUrl = (resource: string, target: string): string => {
  try {
    return new URL(resource, target).href;
  } catch {
    return resource;
  }
};

function webExchange(evidence: Evidence | undefined): Record<string, unknown> {
  if (!evidence) return {};
  const { request, response } = evidence;
  return {
    webRequest: {
      method: request.method,
      target: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: { text: request.body } }),
    },
    ...(response
      ? {
          webResponse: {
            statusCode: response.status,
            headers: response.headers,
            ...(response.body === undefined ? {} : { body: { text: response.body } }),
          },
        }
      : {}),
  };
}

function checkBaselineState(result: CheckResult, applied: boolean): { baselineState?: BaselineState } {
  if (!applied) return {};
  return { baselineState: result.baseline === 'known' ? 'unchanged' : result.baseline === 'fixed' ? 'absent' : 'new' };
}

export const checkSarif: CheckReporter = (report: CheckReport, options) => {
  const rules = new Map<string, SarifRule>();
  for (const result of report.results) {
    if (!rules.has(result.id))
      rules.set(result.id, ruleOf('check', result.id, result.rule, LEVELS[result.severity], options));
  }
  const table = ruleTable(rules);
  const applied = report.summary.known !== undefined;
  const results = report.results
    .filter((result) => result.status === 'fail' || result.baseline === 'fixed')
    .map((result) => {
      const fixed = result.baseline === 'fixed';
      return {
        ruleId: result.id,
        ruleIndex: table.indexOf(result.id),
        ...(fixed ? { kind: 'pass', level: 'none' as Level } : { level: LEVELS[result.severity] }),
        message: { text: result.message },
        // A fault folded across resources is fixed at each of them: one location per resource (SARIF §3.27.12).
        locations: (result.resources ?? [result.resource]).map((resource) => {
          const at = absoluteUrl(resource, report.target);
          return {
            physicalLocation: { artifactLocation: { uri: at } },
            logicalLocations: [{ name: resource, fullyQualifiedName: at, kind: 'resource' }],
          };
        }),
        partialFingerprints: { [FINGERPRINT_KEY]: checkFingerprint(result) },
        ...checkBaselineState(result, applied),
        ...webExchange(result.evidence[0]),
        properties: {
          guideRule: result.rule,
          curl: result.evidence.map((item) => item.curl),
          ...(result.count === undefined ? {} : { count: result.count, urls: result.urls ?? [] }),
        },
      };
    });
  // Checks that broke are not findings: they surface as notifications of a failed invocation.
  const broken = report.results.filter((result) => result.status === 'error');
  // So is a record a cleanup could not remove: the run left the API changed.
  const left = leftRecords(report);
  return envelope(report.version, table.rules, {
    invocations: [
      {
        executionSuccessful: broken.length === 0 && left.length === 0,
        startTimeUtc: report.startedAt,
        toolExecutionNotifications: [
          ...broken.map((result) => ({
            level: 'error',
            message: { text: `${result.id} ${result.resource}: ${result.message}` },
            associatedRule: { id: result.id, index: table.indexOf(result.id) },
          })),
          ...left.map((record) => ({ level: 'error', message: { text: `record left behind: ${leftText(record)}` } })),
        ],
      },
    ],
    properties: {
      target: report.target,
      summary: report.summary,
      cleanups: report.cleanups ?? [],
      ...(report.coverage ? { coverage: report.coverage } : {}),
    },
    results,
  });
};

// ---- lint ---------------------------------------------------------------------------------

const isUrl = (source: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

function artifactLocation(source: string, options: RenderOptions): { uri: string; uriBaseId?: string } {
  if (isUrl(source)) return { uri: source };
  const shown = displaySource(source, options.cwd);
  // Relative to %SRCROOT% (the working folder) when the file lies below it, so code scanning maps it to the repo.
  if (shown !== source || !shown.startsWith('/')) {
    return {
      uri: shown.split('/').map(encodeURIComponent).join('/'),
      ...(options.cwd ? { uriBaseId: '%SRCROOT%' } : {}),
    };
  }
  return { uri: pathToFileURL(source).href };
}

function lintResult(
  finding: LintFinding,
  state: { applied: boolean; ignored: boolean },
  table: ReturnType<typeof ruleTable>,
  options: RenderOptions,
) {
  const fixed = finding.baseline === 'fixed';
  const region = {
    startLine: finding.range.start.line + 1,
    startColumn: finding.range.start.character + 1,
    endLine: finding.range.end.line + 1,
    endColumn: finding.range.end.character + 1,
  };
  return {
    ruleId: finding.code,
    ruleIndex: table.indexOf(finding.code),
    ...(fixed ? { kind: 'pass', level: 'none' as Level } : { level: LEVELS[lintSeverityName(finding.severity)] }),
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: { artifactLocation: artifactLocation(finding.source, options), ...(fixed ? {} : { region }) },
        logicalLocations: [{ fullyQualifiedName: printPath(finding.path), kind: 'element' }],
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: lintFingerprint(finding, options.cwd) },
    ...(state.applied
      ? { baselineState: (finding.baseline === 'known' ? 'unchanged' : fixed ? 'absent' : 'new') as BaselineState }
      : {}),
    ...(state.ignored
      ? { suppressions: [{ kind: 'inSource', justification: finding.ignoredReason ?? 'x-ignore-rules' }] }
      : {}),
    // The id of the finding's cause, as the JSON report has it (a diff's changes have none).
    ...(options.changes ? {} : { properties: { cause: causeId(finding, options.cwd) } }),
  };
}

export const lintSarif: LintReporter = (report: LintReport, options) => {
  const everything = [...report.findings, ...report.ignored, ...(report.fixed ?? [])];
  const rules = new Map<string, SarifRule>();
  for (const finding of everything) {
    if (!rules.has(finding.code))
      rules.set(
        finding.code,
        ruleOf('lint', finding.code, finding.code, LEVELS[lintSeverityName(finding.severity)], options),
      );
  }
  const table = ruleTable(rules);
  const applied = report.summary.known !== undefined;
  const results = [
    ...report.findings.map((finding) => lintResult(finding, { applied, ignored: false }, table, options)),
    ...report.ignored.map((finding) => lintResult(finding, { applied, ignored: true }, table, options)),
    ...(report.fixed ?? []).map((finding) => lintResult(finding, { applied, ignored: false }, table, options)),
  ];
  return envelope(report.version, table.rules, {
    ...(options.cwd
      ? { originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(options.cwd).href.replace(/\/?$/, '/')}` } } }
      : {}),
    invocations: [{ executionSuccessful: true, startTimeUtc: report.startedAt }],
    artifacts: report.sources.map((source) => ({ location: artifactLocation(source, options) })),
    results,
  });
};
