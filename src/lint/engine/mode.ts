// Which mode the rule functions run in, and the fallbacks of accelerated mode. Rule functions are
// made once per process (rulesets/) and called by Spectral without a say in their arguments, so a
// run tells them its mode here: runs of one mode may overlap, a run of the other mode waits.

/** Where accelerated mode handed work to the stock path, by kind, and the first reason of each. */
export type FallbackKind = 'yaml-reader' | 'ref-resolver' | 'schema-validator' | 'spectral-internals';

export class Fallbacks {
  readonly counts = new Map<FallbackKind, number>();
  readonly reasons = new Map<FallbackKind, string>();

  record(kind: FallbackKind, reason: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (!this.reasons.has(kind)) this.reasons.set(kind, reason);
  }

  get total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }

  /** One line per kind: `yaml-reader: 2 (merge keys)`. */
  lines(): string[] {
    return [...this.counts].map(([kind, count]) => `${kind}: ${count} (first: ${this.reasons.get(kind) ?? ''})`);
  }
}

interface Active {
  accelerated: boolean;
  runs: number;
  sinks: Set<Fallbacks>;
}
let active: Active | undefined;
let waiting: Array<() => void> = [];

/** Runs `work` with rule functions in the given mode; their fallbacks are recorded into `sink`. */
export async function inMode<T>(accelerated: boolean, sink: Fallbacks, work: () => Promise<T>): Promise<T> {
  // Each wake-up follows the end of every run of the other mode: the loop ends once that mode is idle.
  while (active && active.accelerated !== accelerated) await new Promise<void>((resolve) => waiting.push(resolve));
  const run = (active ??= { accelerated, runs: 0, sinks: new Set() });
  run.runs++;
  run.sinks.add(sink);
  try {
    return await work();
  } finally {
    run.sinks.delete(sink);
    if (--run.runs === 0) {
      active = undefined;
      const wake = waiting;
      waiting = [];
      for (const resolve of wake) resolve();
    }
  }
}

/** Whether rule functions run accelerated now (outside a run, as in spectral-cli: yes). */
export const acceleratedNow = (): boolean => active?.accelerated ?? true;

/** Records a fallback of a rule function into the runs under way (all of them when several overlap). */
export function ruleFallback(kind: FallbackKind, reason: string): void {
  for (const sink of active?.sinks ?? []) sink.record(kind, reason);
}
