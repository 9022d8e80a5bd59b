// Cases for the collection and input rules added with the events chapter (col-embed, req-valid): for
// each, a document with exactly its findings and one with none.
import type { RuleCase } from '../harness.js';

export const cases: Record<string, RuleCase[]> = {};
