// A walk needs a collection that holds still, but the write checks of the same run add and remove its items.
// A gate per collection of the run keeps them apart: a walk waits until no check of the run is writing to the
// collection, and a check about to write waits while a walk is under way or waiting. Writes by other clients
// are still told apart from defects by judging two walks (walk-findings.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext } from '../../core/engine/define-check.js';
import type { CollectionTarget } from '../../core/profile/target.js';

interface Gate {
  /** The checks (their contexts) that wrote to the collection and have not yet cleaned up. */
  writers: Set<object>;
  /** Counts writers entering and leaving: a change tells a write of the run's own may have happened meanwhile. */
  epoch: number;
  walking: number;
  waitingWalks: number;
}

// Keyed by the run's own collection object, so two runs (or two tests) never wait on each other.
const gates = new WeakMap<CollectionTarget, Gate>();
const POLL_MS = 5;
// A writer or walk that outlasts this is left alone: the waiter goes on (a walk then judges twice as usual).
const MAX_WAIT_MS = 5_000;

function gateOf(collection: CollectionTarget): Gate {
  let gate = gates.get(collection);
  if (!gate) gates.set(collection, (gate = { writers: new Set(), epoch: 0, walking: 0, waitingWalks: 0 }));
  return gate;
}

/** Waits, bounded, until `ready`, then `enter`s in the same synchronous step, so no one slips in between. */
async function enterWhen(ready: () => boolean, enter: () => void, signal: AbortSignal): Promise<void> {
  const until = Date.now() + MAX_WAIT_MS;
  while (!ready() && Date.now() < until && !signal.aborted) await sleep(POLL_MS);
  enter();
}

/**
 * Call before a request that may add or remove items of the collection: held until the check's cleanups
 * (which remove what it created) have run. A check that already holds it never waits again, so it cannot
 * block itself behind a walk that waits for it.
 */
export async function beginWriting(ctx: CheckContext<string>, collection: CollectionTarget): Promise<void> {
  const gate = gateOf(collection);
  if (gate.writers.has(ctx)) return;
  await enterWhen(
    () => gate.walking === 0 && gate.waitingWalks === 0,
    () => {
      gate.writers.add(ctx);
      gate.epoch++;
    },
    ctx.signal,
  );
  // Registered before the check's own cleanups, so it runs after them (cleanups run newest first).
  ctx.onCleanup(async () => {
    gate.writers.delete(ctx);
    gate.epoch++;
  });
}

/** Runs a walk of the collection while no check of this run writes to it (waiting for those that do to end). */
export async function whileOwnWritesRest<T>(
  ctx: CheckContext<string>,
  collection: CollectionTarget,
  walk: () => Promise<T>,
): Promise<T> {
  const gate = gateOf(collection);
  gate.waitingWalks++;
  await enterWhen(
    () => gate.writers.size === 0,
    () => {
      gate.waitingWalks--;
      gate.walking++;
    },
    ctx.signal,
  );
  try {
    return await walk();
  } finally {
    gate.walking--;
  }
}

/**
 * Watches the run's own writes to `collection` from now: the function returned tells whether any check of the
 * run was writing to it at some point since (a walk that waited its bounded time and went on may overlap them).
 */
export function ownWritesSince(collection: CollectionTarget): () => boolean {
  const gate = gateOf(collection);
  const { epoch } = gate;
  const busy = gate.writers.size > 0;
  return () => busy || gate.writers.size > 0 || gate.epoch !== epoch;
}

/**
 * Headers for a write meant to be refused that nothing could undo (PUT or DELETE of a collection or a controller):
 * an If-Match no representation has. A server that answers 405 ignores it (RFC 9110 section 13.2.1); one that
 * wrongly takes the method but checks preconditions answers 412 instead of applying it.
 */
export const NEVER_MATCHES: Readonly<Record<string, string>> = { 'if-match': '"restguide-never-matches"' };
