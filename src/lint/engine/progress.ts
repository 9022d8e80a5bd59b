// Progress of a lint run for a progress line. Spectral runs all rules in one synchronous pass, so
// a timer could never fire during it: each rule function is wrapped once to report how far it got.
import type { Ruleset } from '@stoplight/spectral-core';

export interface LintProgress {
  /** Documents finished, and all of them. */
  files: number;
  totalFiles: number;
  /** Enabled rules in the ruleset. */
  rules: number;
  /** Findings so far (before de-duplication and x-ignore-rules). */
  findings: number;
  phase: 'reading' | 'parsing' | 'resolving $refs' | 'running rules' | 'done';
}

export type ProgressSink = (progress: LintProgress) => void;

type RuleFunction = (...args: unknown[]) => unknown;
interface MutableRule {
  enabled: boolean;
  then: Array<{ function: RuleFunction } & Record<string, unknown>>;
}

/** The rule results seen by wrapped rule functions go here during a run; nowhere otherwise. */
let onResults: ((count: number) => void) | undefined;
const instrumented = new WeakSet<Ruleset>();

function countResults(result: unknown): unknown {
  if (Array.isArray(result)) onResults?.(result.length);
  else if (result instanceof Promise)
    void result.then(
      (r) => {
        if (Array.isArray(r)) onResults?.(r.length);
      },
      () => undefined,
    );
  else onResults?.(0);
  return result;
}

/** Wraps every rule function of a ruleset (once) so a run can report progress. */
export function instrument(ruleset: Ruleset): number {
  const rules = Object.values(ruleset.rules) as unknown as MutableRule[];
  if (!instrumented.has(ruleset)) {
    instrumented.add(ruleset);
    for (const rule of rules) {
      // New then-objects: the definition's own objects are shared with whoever defined the rule.
      rule.then = rule.then.map((then) => {
        const original = then.function;
        const counted = function (this: unknown, ...args: unknown[]) {
          return countResults(original.apply(this, args));
        };
        // Spectral names the function in "Function X threw" messages: keep the original's name.
        Object.defineProperty(counted, 'name', { value: original.name });
        return { ...then, function: counted };
      });
    }
  }
  return rules.filter((rule) => rule.enabled).length;
}

/** Runs `work` with rule results counted into `sink` (no-op without a sink). */
export async function withRuleProgress<T>(
  sink: ((count: number) => void) | undefined,
  work: () => Promise<T>,
): Promise<T> {
  onResults = sink;
  try {
    return await work();
  } finally {
    onResults = undefined;
  }
}
