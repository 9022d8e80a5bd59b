// The order test files start in: the ones that hold a worker longest first, then vitest's own
// order (the slowest of its last run, or in a fresh clone, which has no such record, the largest
// file first). Workers take the next file as they free up, so a long file started last kept one
// worker busy while the other had nothing left (the gateway faults, a small file that took 200 s,
// ended clean-clone runs).
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = join(import.meta.dirname, '..');

/** Longest first, from the per-file times of clean-clone runs on 2 cores (10 s or more); a renamed
 * file would lose its place silently, so test/longest-first.test.ts checks that each exists. */
export const LONGEST = [
  'test/gate/gateway-faults.test.ts',
  'test/ci/action.test.ts',
  'test/ci/recipes.test.ts',
  'test/ci/gitlab-template.test.ts',
  'test/gate/gate.test.ts',
  'test/docs.test.ts',
  'test/cli/check.test.ts',
  'test/checks/moving-data.test.ts',
  'test/lint/failing-node.test.ts',
  'test/checks/task/done-303.test.ts',
  'test/checks/moving-data-load.test.ts',
];

/** The place of a file in LONGEST; every other file after them. */
export const rank = (moduleId: string): number => {
  const index = LONGEST.indexOf(relative(ROOT, moduleId).replaceAll('\\', '/'));
  return index === -1 ? LONGEST.length : index;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}
