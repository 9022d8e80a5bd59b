// Cases for problem types, links, documentation and reuse rules.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
