// Checks of one run that change an existing document (a sample, not one they created) take turns: each one
// holds the document from its first write until its restore has run, so one check's restore never lands
// between another's write and read. Checks that compare two reads of a sample hold it shared, so no write
// slips between their reads. Locks are keyed by the run's own Target, so two runs never wait on each other.
import type { CheckContext } from '../../core/engine/define-check.js';
import type { Target } from '../../core/profile/target.js';

type Mode = 'read' | 'write';

interface Waiter {
  owner: object;
  mode: Mode;
  grant: () => void;
}

interface Lock {
  writer?: object;
  readers: Set<object>;
  queue: Waiter[];
}

const runs = new WeakMap<Target, Map<string, Lock>>();
/** A holder that outlasts this makes the waiter skip: a verdict on a document in flux would be a guess. */
export const DOCUMENT_LOCK_MAX_WAIT_MS = 15_000;

function lockOf(target: Target, url: string): Lock {
  let locks = runs.get(target);
  if (!locks) runs.set(target, (locks = new Map()));
  let lock = locks.get(url);
  if (!lock) locks.set(url, (lock = { readers: new Set(), queue: [] }));
  return lock;
}

const free = (lock: Lock, mode: Mode): boolean =>
  lock.writer === undefined && (mode === 'read' || lock.readers.size === 0);

/** Grants waiters in arrival order while they fit (several readers at once, a writer alone). */
function grantWaiting(lock: Lock): void {
  for (let first = lock.queue[0]; first && free(lock, first.mode); first = lock.queue[0]) {
    lock.queue.shift();
    if (first.mode === 'write') lock.writer = first.owner;
    else lock.readers.add(first.owner);
    first.grant();
  }
}

function release(lock: Lock, owner: object): void {
  if (lock.writer === owner) lock.writer = undefined;
  lock.readers.delete(owner);
  grantWaiting(lock);
}

/**
 * Holds the document at `url` for the rest of the check, released after the check's cleanups that were
 * registered after this call (e.g. a restore). `write` for a check that changes it, `read` for one that
 * compares reads of it. Skips the check when another one held it too long. Held already: no wait.
 */
export async function holdDocument(ctx: CheckContext<string>, url: string, mode: Mode = 'write'): Promise<void> {
  const key = ctx.url(url);
  const lock = lockOf(ctx.target, key);
  if (lock.writer === ctx || (mode === 'read' && lock.readers.has(ctx))) return;
  if (lock.readers.has(ctx)) throw new Error(`a check may not write ${key} after holding it to read`);
  // Registered before the cleanups that follow, so it runs after them (cleanups run newest first).
  ctx.onCleanup(async () => {
    release(lock, ctx);
    lock.queue = lock.queue.filter((waiter) => waiter.owner !== ctx);
  });
  if (lock.queue.length === 0 && free(lock, mode)) {
    if (mode === 'write') lock.writer = ctx;
    else lock.readers.add(ctx);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const granted = await new Promise<boolean>((resolve) => {
    lock.queue.push({ owner: ctx, mode, grant: () => resolve(true) });
    timer = setTimeout(() => resolve(false), DOCUMENT_LOCK_MAX_WAIT_MS);
    onAbort = () => resolve(false);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
  });
  clearTimeout(timer);
  ctx.signal.removeEventListener('abort', onAbort);
  if (granted) return;
  lock.queue = lock.queue.filter((waiter) => waiter.owner !== ctx);
  grantWaiting(lock);
  ctx.skip(`another check of this run kept ${key} busy for more than ${DOCUMENT_LOCK_MAX_WAIT_MS / 1000} s`);
}
