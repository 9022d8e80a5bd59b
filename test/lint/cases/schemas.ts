// Cases for the schema rules: composition, values, property conventions.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
