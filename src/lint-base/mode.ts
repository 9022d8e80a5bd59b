// The mode a lint runs in, handed to the rule functions with the document they lint. Rule functions
// are made once per process (rulesets/) and called by Spectral with (input, options, context) only;
// context.document is the document the run gave Spectral, so the run binds its mode to that document
// (runIn) and each rule function reads it there (modeOf). Runs of both modes may overlap.

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

/** A run's mode: accelerated or stock, and where accelerated mode records its fallbacks. */
export interface LintMode {
  readonly accelerated: boolean;
  readonly fallbacks?: Fallbacks;
}

/** Outside a restguide run (spectral-cli with the published ruleset): accelerated, fallbacks recorded nowhere. */
export const OUTSIDE_A_RUN: LintMode = { accelerated: true };

const modes = new WeakMap<object, LintMode>();

/** Binds `mode` to the document a run hands Spectral: its rule functions see it as context.document. */
export function runIn(document: object, mode: LintMode): void {
  modes.set(document, mode);
}

/** The mode of the run whose rule function got `context`. */
export const modeOf = (context: { document?: unknown } | undefined): LintMode =>
  (context?.document !== null && typeof context?.document === 'object' ? modes.get(context.document) : undefined) ??
  OUTSIDE_A_RUN;

// Code under a rule function that Spectral's signature leaves without the context (the schema
// validator, called by rule functions written before the mode was passed) reads the mode of the call
// under way. Rule functions are synchronous, so the call that sets it is the one that reads it.
let calling: LintMode | undefined;

/** Runs the rule function `call` with `mode` as the mode of the call under way. */
export function callIn<T>(mode: LintMode, call: () => T): T {
  const previous = calling;
  calling = mode;
  try {
    return call();
  } finally {
    calling = previous;
  }
}

/** The mode of the rule function call under way (outside one: as spectral-cli runs the ruleset). */
export const modeOfCall = (): LintMode => calling ?? OUTSIDE_A_RUN;
