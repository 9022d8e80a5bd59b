// What a run verified, per area: the runs that reached a verdict, those that did not apply, those
// that could not be verified and why, and a conformance score weighted by severity.
import type { CheckResult, Coverage, AreaCoverage, Severity } from '../report/types.js';
import { CHECK_AREAS } from '../report/types.js';

/** A failed error-level check weighs three times an info-level one. */
const SCORE_WEIGHTS: Record<Severity, number> = { error: 3, warning: 2, info: 1 };
const SHOWN_REASONS = 3;

type Outcome = 'pass' | 'fail' | 'notApplicable' | 'notVerified';
interface Run {
  area: string;
  severity: Severity;
  outcome: Outcome;
  reason?: Reason;
  apiWide: boolean;
}
/** Why a run was not verified: the words shown (a real message, never a template) and the key like reasons share. */
interface Reason {
  text: string;
  key: string;
}

const areaOf = (id: string): string => id.split('.')[0] ?? id;

/** A skip's reason, grouped with its like by a key without the URLs and numbers that differ between resources. */
const reasonOf = (message: string): Reason => ({
  text: message.slice(0, 160),
  key: message
    .replace(/https?:\/\/\S+?(?=[.,;:)]*(?:\s|$))/g, '\u0000')
    .replace(/\/[^\s,;:)]*\{[^}]+\}[^\s,;:)]*/g, '\u0001')
    .replace(/\d+/g, '\u0002'),
});

/** One outcome per check run (a check on a resource): a finding fails it, an error or skip leaves it unverified. */
function runsOf(results: readonly CheckResult[], apiWide: ReadonlySet<string>): Run[] {
  const byRun = new Map<string, CheckResult[]>();
  for (const result of results) {
    if (result.baseline === 'fixed') continue;
    const key = `${result.id}\u0000${result.resource}`;
    byRun.set(key, [...(byRun.get(key) ?? []), result]);
  }
  return [...byRun.values()].map((list) => {
    const first = list[0] as CheckResult;
    const base = { area: areaOf(first.id), severity: first.severity, apiWide: apiWide.has(first.id) };
    if (list.some((r) => r.status === 'fail')) return { ...base, outcome: 'fail' };
    const error = list.find((r) => r.status === 'error');
    if (error) return { ...base, outcome: 'notVerified', reason: reasonOf(`errored: ${error.message}`) };
    if (list.some((r) => r.status === 'pass')) return { ...base, outcome: 'pass' };
    const skip = first.message;
    if (skip.startsWith('not applicable')) return { ...base, outcome: 'notApplicable' };
    return { ...base, outcome: 'notVerified', reason: reasonOf(skip) };
  });
}

/** Passed runs' weight over verified runs' weight, 0–100 with one decimal; undefined when nothing was verified. */
function scoreOf(runs: readonly Run[]): number | undefined {
  const verified = runs.filter((r) => r.outcome === 'pass' || r.outcome === 'fail');
  const total = verified.reduce((sum, r) => sum + SCORE_WEIGHTS[r.severity], 0);
  if (total === 0) return undefined;
  const passed = verified.filter((r) => r.outcome === 'pass').reduce((sum, r) => sum + SCORE_WEIGHTS[r.severity], 0);
  return Math.round((1000 * passed) / total) / 10;
}

function areaCoverage(area: string, runs: readonly Run[]): AreaCoverage {
  const count = (outcome: Outcome) => runs.filter((r) => r.outcome === outcome).length;
  // The first message of each group stands for it, with the count of its like.
  const reasons = new Map<string, { text: string; count: number }>();
  for (const run of runs) {
    if (!run.reason) continue;
    const group = reasons.get(run.reason.key);
    if (group) group.count++;
    else reasons.set(run.reason.key, { text: run.reason.text, count: 1 });
  }
  const score = scoreOf(runs);
  return {
    area,
    verified: count('pass') + count('fail'),
    passed: count('pass'),
    failed: count('fail'),
    notApplicable: count('notApplicable'),
    notVerified: count('notVerified'),
    reasons: [...reasons.values()]
      .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
      .slice(0, SHOWN_REASONS)
      .map(({ text, count }) => ({ reason: text, count })),
    ...(score === undefined ? {} : { score }),
  };
}

/** The coverage of a run's results; `resources` is what the target declared, `apiWide` the ids of checks of the API as a whole. */
export function coverageOf(
  results: readonly CheckResult[],
  resources: Coverage['resources'],
  apiWide: ReadonlySet<string>,
): Coverage {
  const runs = runsOf(results, apiWide);
  const areas = CHECK_AREAS.filter((area) => runs.some((r) => r.area === area)).map((area) =>
    areaCoverage(
      area,
      runs.filter((r) => r.area === area),
    ),
  );
  const score = scoreOf(runs);
  const resourceRuns = runs.filter((r) => !r.apiWide);
  return {
    resources,
    areas,
    ...(score === undefined ? {} : { score }),
    resourceChecks: resourceRuns.length,
    resourceChecksVerified: resourceRuns.filter((r) => r.outcome === 'pass' || r.outcome === 'fail').length,
  };
}

/** Why a run verified almost nothing, or undefined when it verified enough to be a verdict. */
export function almostNothingVerified(coverage: Coverage | undefined): string | undefined {
  // Only API-wide checks selected (--only trace): nothing about resources was asked.
  if (!coverage || coverage.resourceChecks === 0 || coverage.resourceChecksVerified > 0) return undefined;
  const { collections, documents, tasks, controllers } = coverage.resources;
  if (collections + documents + tasks + controllers === 0) {
    return "almost nothing was verified: the target declares no collection, document, task or controller, so only API-wide checks ran; give --openapi with the API's own description, or --profile";
  }
  return "almost nothing was verified: no check of the target's collections, documents, tasks or controllers reached a verdict (see the reasons under coverage)";
}
