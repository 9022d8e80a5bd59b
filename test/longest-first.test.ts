// test/longest-first.ts: the files known to hold a worker longest start first, in their order, and
// every other file keeps vitest's own order (here a fresh clone's: the largest first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LONGEST, LongestFirst } from './longest-first.js';

const ROOT = join(import.meta.dirname, '..');

/** What BaseSequencer.sort reads: a run with no record of earlier results, files of the given sizes. */
function sequencer(sizes: Record<string, number>): LongestFirst {
  const ctx = {
    config: { root: ROOT },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => {
        const size = sizes[key.slice(key.indexOf(':') + 1)];
        return size === undefined ? undefined : { size };
      },
    },
  };
  return new LongestFirst(ctx as unknown as Vitest);
}

const spec = (file: string): TestSpecification =>
  ({
    moduleId: join(ROOT, file),
    project: { name: 'shared', config: { isolate: false, sequence: { groupOrder: 0 } } },
  }) as unknown as TestSpecification;

describe('LongestFirst', () => {
  it('names only files that exist, each once', () => {
    expect(LONGEST.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(new Set(LONGEST).size).toBe(LONGEST.length);
  });

  it('starts the listed files first, in their order, then the others largest first', async () => {
    const [first, second] = LONGEST as [string, string];
    const sizes = { 'test/a.test.ts': 100, 'test/b.test.ts': 30_000, [first]: 10, [second]: 20_000 };
    const files = ['test/a.test.ts', second, 'test/b.test.ts', first];
    const sorted = await sequencer(sizes).sort(files.map(spec));
    expect(sorted.map((s) => s.moduleId)).toEqual(
      [first, second, 'test/b.test.ts', 'test/a.test.ts'].map((file) => join(ROOT, file)),
    );
  });

  it('leaves vitest order alone when no listed file runs', async () => {
    const sizes = { 'test/a.test.ts': 100, 'test/b.test.ts': 30_000, 'test/c.test.ts': 5_000 };
    const sorted = await sequencer(sizes).sort(['test/a.test.ts', 'test/c.test.ts', 'test/b.test.ts'].map(spec));
    expect(sorted.map((s) => s.moduleId)).toEqual(
      ['test/b.test.ts', 'test/c.test.ts', 'test/a.test.ts'].map((file) => join(ROOT, file)),
    );
  });
});
