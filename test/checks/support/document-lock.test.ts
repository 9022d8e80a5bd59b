// The run-scoped lock on existing documents: writers one at a time until their restore, readers together.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckContext } from '../../../src/core/engine/define-check.js';
import { DOCUMENT_LOCK_MAX_WAIT_MS, holdDocument } from '../../../src/checks/support/document-lock.js';
import type { Target } from '../../../src/core/profile/target.js';

class Skipped extends Error {}

/** A context with what the lock uses: the run's target, url(), signal, skip and cleanups (newest first). */
function fakeContext(target: Target, signal = new AbortController().signal) {
  const cleanups: Array<() => Promise<unknown>> = [];
  const ctx = {
    target,
    signal,
    url: (path: string) => (path.startsWith('http') ? path : `http://api.test/v1${path}`),
    onCleanup: (cleanup: () => Promise<unknown>) => {
      cleanups.push(cleanup);
    },
    skip: (reason: string) => {
      throw new Skipped(reason);
    },
  } as unknown as CheckContext<string>;
  return {
    ctx,
    cleanUp: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
const run = () => ({}) as Target;
const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('holdDocument', () => {
  it("lets a second writer in only after the first one's restore (a cleanup registered after taking it)", async () => {
    const target = run();
    const first = fakeContext(target);
    const events: string[] = [];
    await holdDocument(first.ctx, '/things/1');
    first.ctx.onCleanup(async () => {
      await tick();
      events.push('first restored');
    });
    const second = fakeContext(target);
    const waiting = holdDocument(second.ctx, '/things/1').then(() => events.push('second writes'));
    await tick(30);
    expect(events).toEqual([]);
    await first.cleanUp();
    await waiting;
    expect(events).toEqual(['first restored', 'second writes']);
  });

  it('lets readers share, makes a writer wait for them, and readers that come later wait behind the writer', async () => {
    const target = run();
    const [r1, r2, writer, r3] = [fakeContext(target), fakeContext(target), fakeContext(target), fakeContext(target)];
    const events: string[] = [];
    await holdDocument(r1.ctx, '/things/1', 'read');
    await holdDocument(r2.ctx, '/things/1', 'read');
    const writing = holdDocument(writer.ctx, '/things/1').then(() => events.push('writer'));
    const reading = holdDocument(r3.ctx, '/things/1', 'read').then(() => events.push('late reader'));
    await tick();
    await r1.cleanUp();
    await tick();
    expect(events).toEqual([]);
    await r2.cleanUp();
    await writing;
    await tick();
    expect(events).toEqual(['writer']);
    await writer.cleanUp();
    await reading;
    expect(events).toEqual(['writer', 'late reader']);
  });

  it('does not wait for itself, and keeps other documents and other runs apart', async () => {
    const target = run();
    const holder = fakeContext(target);
    await holdDocument(holder.ctx, '/things/1');
    await holdDocument(holder.ctx, 'http://api.test/v1/things/1');
    await holdDocument(fakeContext(target).ctx, '/things/2');
    await holdDocument(fakeContext(run()).ctx, '/things/1');
    await expect(holdDocument(holder.ctx, '/things/1', 'read')).resolves.toBeUndefined();
  });

  it('skips a check whose document another check holds too long, and the next waiter still gets it', async () => {
    vi.useFakeTimers();
    const target = run();
    const holder = fakeContext(target);
    await holdDocument(holder.ctx, '/things/1');
    const late = fakeContext(target);
    const waiting = holdDocument(late.ctx, '/things/1');
    const outcome = expect(waiting).rejects.toThrow(
      /another check of this run kept http:\/\/api\.test\/v1\/things\/1 busy for more than 15 s/,
    );
    await vi.advanceTimersByTimeAsync(DOCUMENT_LOCK_MAX_WAIT_MS + 1);
    await outcome;
    await late.cleanUp();
    const next = fakeContext(target);
    const nextWaiting = holdDocument(next.ctx, '/things/1');
    await holder.cleanUp();
    await expect(nextWaiting).resolves.toBeUndefined();
  });

  it('stops waiting when the run is aborted', async () => {
    const target = run();
    await holdDocument(fakeContext(target).ctx, '/things/1');
    const deadline = new AbortController();
    const waiting = holdDocument(fakeContext(target, deadline.signal).ctx, '/things/1');
    setTimeout(() => deadline.abort(), 10);
    await expect(waiting).rejects.toBeInstanceOf(Skipped);
  });
});
