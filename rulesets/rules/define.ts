// A lint rule is one file, as a check is: rulesets/rules/<area>/<code>.ts exports `rule`, its meta
// and its `then` (the function beside it), and `cases`, a document that must give exactly the listed
// findings and one that must give none. `cases` is a function so the bundle leaves it out.
import type { RuleDefinition } from '@stoplight/spectral-core';
import { guideAnchor } from '../support/guide-anchor.js';

export type Severity = 'error' | 'warn' | 'info';
type RuleFunction = RuleDefinition['then'] extends infer T ? (T extends Array<infer U> ? U : T) : never;
/** The rule's function alone (given no options), or Spectral's `then`. */
export type Then = RuleFunction['function'] | RuleFunction | RuleFunction[];

export interface LintRule {
  /** The finding code: the guide's rule id, or `<id>-<aspect>` for a second check of one id (stat-codes-get). */
  code: string;
  severity: Severity;
  /** The line `restguide rules` shows. */
  description: string;
  then: Then;
  // What a rule rarely says comes last, after what every rule says.
  /** The guide rule id its link names: the code unless said. */
  guideRule?: string;
  /** What it targets: `$` (the document root) unless said. */
  given?: string;
  /** false: the function reads the document as written, $refs unresolved. */
  resolved?: boolean;
}

export interface ExpectedFinding {
  path: Array<string | number>;
  /** A substring or pattern the message must contain. */
  message?: string | RegExp;
}

export interface RuleCase {
  name: string;
  document: Record<string, unknown>;
  errors: ExpectedFinding[];
}

export const defineRule = (rule: LintRule): LintRule => rule;

/** The Spectral rule definition of a rule. */
export function toDefinition({
  description,
  severity,
  given = '$',
  then,
  code,
  guideRule = code,
  resolved,
}: LintRule): RuleDefinition {
  return {
    description,
    message: '{{error}}',
    severity,
    given,
    then: typeof then === 'function' ? { function: then } : then,
    documentationUrl: guideAnchor(guideRule),
    ...(resolved === undefined ? {} : { resolved }),
  } as RuleDefinition;
}
