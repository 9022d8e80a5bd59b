// One cause, one finding: a check whose root (`dependsOn`) failed on the same resource says "not verified, see
// <root>" instead of failing again. The runner asks here before and after running a check.
import { dependenciesOf, judgesTraffic, type AnyCheck, type Dependency } from './define-check.js';
import type { CheckResult } from '../report/types.js';

interface Job {
  check: AnyCheck;
  resource: { path: string };
}

/** The root that explains a check's failure (or the part of it the dependency names): its id and first finding. */
export interface RootCause {
  root: string;
  message: string;
}

const keyOf = (id: string, path: string): string => `${id}\u0000${path}`;

interface Finding {
  messageId: string;
  message: string;
}

/** What a run whose failures a later root drops becomes: a pass (it passed something else) or a skip. */
export interface LaterRun {
  passedOtherwise: boolean;
  pass(note: string): CheckResult;
  skip(message: string): CheckResult;
}

function follows(dependency: Dependency<string>, finding: Finding): boolean {
  const { findings } = dependency;
  if (findings === undefined) return false;
  return typeof findings === 'function' ? findings(finding) : findings.includes(finding.messageId);
}

/** The results of each (check, resource) run, as they end, for the checks that depend on them. */
export class RootOutcomes {
  private readonly outcomes = new Map<
    string,
    { done: Promise<CheckResult[]>; settle: (results: CheckResult[]) => void }
  >();
  private readonly byId: Map<string, AnyCheck>;
  private readonly later: Array<{
    check: AnyCheck;
    path: string;
    dependencies: Array<Dependency<string>>;
    run: LaterRun;
  }> = [];

  constructor(checks: readonly AnyCheck[], jobs: readonly Job[]) {
    this.byId = new Map(checks.map((check) => [check.meta.id, check]));
    const roots = new Set(
      checks.flatMap((check) => [...this.rootsOf(check), ...this.laterRootsOf(check)].map((d) => d.check)),
    );
    for (const job of jobs) {
      if (!roots.has(job.check.meta.id)) continue;
      let settle: (results: CheckResult[]) => void = () => {};
      const done = new Promise<CheckResult[]>((resolve) => {
        settle = resolve;
      });
      this.outcomes.set(keyOf(job.check.meta.id, job.resource.path), { done, settle });
    }
  }

  /**
   * The dependencies a check waits for: roots that are selected and, for a check holding a worker, that do not
   * wait for every worker (a root judging the traffic would wait for the check waiting for it).
   */
  private rootsOf(check: AnyCheck): Array<Dependency<string>> {
    return dependenciesOf(check).filter((d) => {
      const root = this.byId.get(d.check);
      return root !== undefined && root !== check && (judgesTraffic(check) || !judgesTraffic(root));
    });
  }

  /** Finding dependencies of a check holding a worker on roots that judge the traffic: applied once the run ended. */
  private laterRootsOf(check: AnyCheck): Array<Dependency<string>> {
    if (judgesTraffic(check)) return [];
    return dependenciesOf(check).filter((d) => {
      const root = this.byId.get(d.check);
      return d.findings !== undefined && root !== undefined && judgesTraffic(root);
    });
  }

  /** The jobs with every root before the checks that depend on it, otherwise in their order (workers take them in turn). */
  order<T extends Job>(jobs: readonly T[]): T[] {
    const depth = new Map<string, number>();
    const depthOf = (check: AnyCheck, seen: Set<string>): number => {
      const known = depth.get(check.meta.id);
      if (known !== undefined) return known;
      if (seen.has(check.meta.id)) throw new Error(`check ${check.meta.id} depends on itself through its roots`);
      seen.add(check.meta.id);
      const roots = this.rootsOf(check)
        .map((d) => this.byId.get(d.check))
        .filter((c): c is AnyCheck => c !== undefined);
      const value = roots.length === 0 ? 0 : 1 + Math.max(...roots.map((root) => depthOf(root, seen)));
      depth.set(check.meta.id, value);
      return value;
    };
    return jobs
      .map((job, index) => ({ job, index, depth: depthOf(job.check, new Set()) }))
      .sort((a, b) => a.depth - b.depth || a.index - b.index)
      .map(({ job }) => job);
  }

  /** Records a run's results (every run, so nothing waits forever). */
  settle(check: AnyCheck, path: string, results: CheckResult[]): void {
    this.outcomes.get(keyOf(check.meta.id, path))?.settle(results);
  }

  /** Ends the waits for these jobs: those that never started (an interrupted run) have no results. */
  settleRest(jobs: readonly Job[]): void {
    for (const job of jobs) this.settle(job.check, job.resource.path, []);
  }

  /** The root whose failure on this resource means the whole check would only repeat it (then it is not run). */
  async wholeCause(check: AnyCheck, path: string): Promise<RootCause | undefined> {
    for (const dependency of this.rootsOf(check).filter((d) => d.findings === undefined)) {
      const cause = await this.causeOf(dependency, path);
      if (cause) return cause;
    }
    return undefined;
  }

  /** The root that failed on this resource that each finding follows from (findings of none are not in the map). */
  async findingCauses<F extends Finding>(
    check: AnyCheck,
    path: string,
    findings: readonly F[],
  ): Promise<Map<F, RootCause>> {
    return this.causesAmong(this.rootsOf(check), path, findings);
  }

  private async causesAmong<F extends Finding>(
    dependencies: Array<Dependency<string>>,
    path: string,
    findings: readonly F[],
  ): Promise<Map<F, RootCause>> {
    const causes = new Map<F, RootCause>();
    for (const dependency of dependencies) {
      if (dependency.findings === undefined || findings.every((f) => causes.has(f))) continue;
      for (const finding of findings) {
        if (causes.has(finding) || !follows(dependency, finding)) continue;
        const cause = await this.causeOf(dependency, path, finding);
        if (cause) causes.set(finding, cause);
      }
    }
    return causes;
  }

  /** Whether a run's findings may follow from a root it cannot wait for: then remember it for `dropLater`. */
  rememberLater(check: AnyCheck, path: string, findings: readonly Finding[], run: LaterRun): void {
    const dependencies = this.laterRootsOf(check);
    if (dependencies.some((d) => findings.some((f) => follows(d, f))))
      this.later.push({ check, path, dependencies, run });
  }

  /**
   * Once every check has ended: drops the failures of the remembered runs that follow from a root that failed;
   * a run left without a failure passes (it passed something else) or is not verified, see the root.
   */
  async dropLater(results: CheckResult[]): Promise<CheckResult[]> {
    let kept = results;
    for (const { check, path, dependencies, run } of this.later) {
      const own = kept.filter((r) => r.id === check.meta.id && r.resource === path && r.status === 'fail');
      const causes = await this.causesAmong(
        dependencies,
        path,
        own.map((r) => ({ result: r, messageId: r.messageId ?? '', message: r.message })),
      );
      if (causes.size === 0) continue;
      const dropped = new Set([...causes.keys()].map((f) => f.result));
      kept = kept.filter((r) => !dropped.has(r));
      if (dropped.size < own.length) continue;
      const cause = [...causes.values()][0]!;
      kept.push(
        run.passedOtherwise
          ? run.pass(`not verified where ${cause.root} failed: see ${cause.root}`)
          : run.skip(notVerifiedSee(cause)),
      );
    }
    return kept;
  }

  /** The root's first failure on the resource (or on the API, for a root about the whole API) that is the cause. */
  private async causeOf(
    dependency: Dependency<string>,
    path: string,
    finding?: Finding,
  ): Promise<RootCause | undefined> {
    const root = this.byId.get(dependency.check);
    // A root on every resource (an item's href) may explain a finding about the whole API (every link).
    const outcomes = dependency.anyResource
      ? [...this.outcomes].filter(([key]) => key.startsWith(keyOf(dependency.check, ''))).map(([, o]) => o)
      : [this.outcomes.get(keyOf(dependency.check, root?.appliesTo === 'api' ? '/' : path))];
    if (outcomes.some((o) => o === undefined) || outcomes.length === 0) return undefined;
    const { when } = dependency;
    const isCause = (r: CheckResult): boolean =>
      when === undefined || (typeof when === 'function' ? when(r) : when.includes(r.messageId ?? ''));
    const paired = (r: CheckResult): boolean =>
      finding === undefined || dependency.pairs === undefined || dependency.pairs(r, finding);
    const settled = (await Promise.all(outcomes.map((o) => o!.done))).flat();
    const failures = settled.filter((r) => r.status === 'fail' && isCause(r) && paired(r));
    const { prefers } = dependency;
    const failed = (finding && prefers ? failures.find((r) => prefers(r, finding)) : undefined) ?? failures[0];
    return failed ? { root: dependency.check, message: failed.message } : undefined;
  }
}

/** The words of a check that a root's failure left without a verdict. */
export const notVerifiedSee = (cause: RootCause): string => `not verified, see ${cause.root}: ${cause.message}`;
