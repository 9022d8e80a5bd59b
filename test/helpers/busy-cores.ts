// CPU-bound work beside a test (the suite next to another job): worker threads that spin until stopped or until
// their time is up, whichever comes first.
import { Worker } from 'node:worker_threads';

export interface BusyCores {
  /** Stops every spinner and resolves once their threads have ended. */
  stop(): Promise<void>;
}

// Spins in slices, reading the shared stop flag between them; it ends by itself after maxMs.
const SPINNER = `
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.stop);
const until = Date.now() + workerData.maxMs;
let x = 0;
while (Atomics.load(flag, 0) === 0 && Date.now() < until) {
  for (let i = 0; i < 1e6; i++) x = (x * 31 + i) % 1000003;
}
`;

/** Keeps `count` threads busy for at most `maxMs`; count 0 starts nothing. */
export function busyCores(count: number, maxMs: number): BusyCores {
  const stop = new SharedArrayBuffer(4);
  const workers = Array.from({ length: count }, () => new Worker(SPINNER, { eval: true, workerData: { stop, maxMs } }));
  const ended = workers.map(
    (worker) =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.once('error', () => resolve());
      }),
  );
  return {
    async stop() {
      Atomics.store(new Int32Array(stop), 0, 1);
      await Promise.all(ended);
    },
  };
}

/** The number of spinners a load test starts: RESTGUIDE_BUSY_CORES (0 when unset or not a small count). */
export function busyCoresWanted(): number {
  const wanted = Number(process.env['RESTGUIDE_BUSY_CORES'] ?? 0);
  return Number.isInteger(wanted) && wanted >= 0 && wanted <= 8 ? wanted : 0;
}
