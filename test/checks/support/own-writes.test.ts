// The gate between walks and the write checks of the same run.
import { describe, expect, it } from 'vitest';
import { beginWriting, ownWritesSince, whileOwnWritesRest } from '../../../src/checks/support/own-writes.js';
import { CHECKS } from '../../../src/checks/index.js';
import type { CheckContext } from '../../../src/core/engine/define-check.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import type { CollectionTarget } from '../../../src/core/profile/target.js';
import { reference } from '../../helpers/check-harness.js';

/** A context with what the gate uses: the run's signal and cleanups (run newest first, like the runner). */
function fakeContext(signal = new AbortController().signal) {
  const cleanups: Array<() => Promise<unknown>> = [];
  const ctx = {
    signal,
    onCleanup: (cleanup: () => Promise<unknown>) => {
      cleanups.push(cleanup);
    },
  } as unknown as CheckContext<string>;
  return {
    ctx,
    cleanUp: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
const collection = () => ({ kind: 'collection', path: '/things' }) as CollectionTarget;
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('own writes and walks', () => {
  it('a walk waits until the writing checks have cleaned up', async () => {
    const things = collection();
    const writer = fakeContext();
    const events: string[] = [];
    await beginWriting(writer.ctx, things);
    const walk = whileOwnWritesRest(fakeContext().ctx, things, async () => {
      events.push('walk');
    });
    await tick();
    events.push('cleanup');
    await writer.cleanUp();
    await walk;
    expect(events).toEqual(['cleanup', 'walk']);
  });

  it('a check about to write waits while a walk is under way, and one already writing does not', async () => {
    const things = collection();
    const holder = fakeContext();
    await beginWriting(holder.ctx, things);
    const events: string[] = [];
    // A walk waits for the holder; a new writer waits for the waiting walk; the holder writes again at once.
    const walk = whileOwnWritesRest(fakeContext().ctx, things, async () => {
      events.push('walk start');
      await tick();
      events.push('walk end');
    });
    const newcomer = beginWriting(fakeContext().ctx, things).then(() => events.push('newcomer writes'));
    await beginWriting(holder.ctx, things);
    events.push('holder writes again');
    await holder.cleanUp();
    await Promise.all([walk, newcomer]);
    expect(events).toEqual(['holder writes again', 'walk start', 'walk end', 'newcomer writes']);
  });

  it('keeps two collections, and two runs, apart', async () => {
    const [a, b] = [collection(), collection()];
    await beginWriting(fakeContext().ctx, a);
    let walked = false;
    await whileOwnWritesRest(fakeContext().ctx, b, async () => {
      walked = true;
    });
    expect(walked).toBe(true);
  });

  it('stops waiting when the run is aborted', async () => {
    const things = collection();
    await beginWriting(fakeContext().ctx, things);
    const deadline = new AbortController();
    const started = Date.now();
    const walk = whileOwnWritesRest(fakeContext(deadline.signal).ctx, things, async () => 'walked');
    setTimeout(() => deadline.abort(), 30);
    expect(await walk).toBe('walked');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("tells whether the run's own writes to a collection went on since a point", async () => {
    const things = collection();
    const quiet = ownWritesSince(things);
    expect(quiet()).toBe(false);
    const writer = fakeContext();
    await beginWriting(writer.ctx, things);
    expect(quiet()).toBe(true);
    // A writer already under way counts too, and so does one that has ended since.
    const during = ownWritesSince(things);
    await writer.cleanUp();
    expect(during()).toBe(true);
    const after = ownWritesSince(things);
    expect(after()).toBe(false);
    const other = ownWritesSince(collection());
    await beginWriting(fakeContext().ctx, things);
    expect([after(), other()]).toEqual([true, false]);
  });

  it('in a full run with writes, no POST or DELETE reaches the server while /employers is walked', async () => {
    const seen: string[] = [];
    const running = await reference({
      mutate: (req) => {
        seen.push(`${req.method} ${req.path}`);
      },
    }).start();
    try {
      const report = await runChecks(CHECKS, BUILT_IN_PROFILE, {
        baseUrl: running.url,
        allowWrites: true,
        timeoutMs: 5000,
      });
      // The auth checks do not apply to the open server (one skip each).
      expect(
        report.results
          .filter((r) => r.status !== 'pass' && !r.id.startsWith('auth.'))
          .map((r) => `${r.status} ${r.id} ${r.resource}: ${r.message}`),
      ).toEqual([]);
    } finally {
      await running.close();
    }
    // The walks of 120 employers: paging.full-walk in pages of 15, paging.next-link in pages of 30; each walk
    // starts at a page without `page` (a walk judged twice starts twice) and goes on with page=2, 3, ...
    for (const size of [15, 30]) {
      const walks: Array<[number, number]> = [];
      seen.forEach((line, index) => {
        if (line === `GET /employers?pageSize=${size}`) walks.push([index, index]);
        else if (line.startsWith(`GET /employers?pageSize=${size}&page=`)) {
          const walk = walks[walks.length - 1];
          if (walk) walk[1] = index;
        }
      });
      expect(walks.length).toBeGreaterThan(0);
      for (const [from, to] of walks) {
        expect(to).toBeGreaterThan(from);
        expect(seen.slice(from, to + 1).filter((line) => /^(POST|DELETE) \/employers/.test(line))).toEqual([]);
      }
    }
    expect(seen.filter((line) => line.startsWith('POST /employers')).length).toBeGreaterThan(5);
  });
});
