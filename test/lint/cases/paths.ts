// Cases for path, parameter, header and document-level rules.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
