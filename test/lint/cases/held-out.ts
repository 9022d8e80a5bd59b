// Cases from the wrong findings of the held-out precision sample of issue 41's proof (a link
// schema's attribute describing a deprecation to come; a version-number enum on a version header).
// Written here from the shape seen, not copied from the descriptions.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
