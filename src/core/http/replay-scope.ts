// What a run's HTTP clients share without being told: which check's job sent a request, where every answer is
// recorded (`check --record`), and the recording that answers instead of the network (`check --har` of a run's
// own recording). Async-local, so every client built inside a scope (discovery, the runner's) takes part and
// two runs in one process never see each other's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dispatcher } from 'undici';
import type { Exchange } from '../engine/exchange.js';

interface Scope {
  /** `<check id> <resource path>`: the job whose requests these are; absent for discovery, probes and cleanups. */
  job?: string;
  /** Called with every final answer of every client of the scope. */
  observe?: (exchange: Exchange, job: string | undefined) => void;
  /** Builds the dispatcher each client of the scope uses instead of the network. */
  replay?: () => Dispatcher;
}

const scopes = new AsyncLocalStorage<Scope>();

const within = <T>(change: Scope, body: () => T): T => scopes.run({ ...scopes.getStore(), ...change }, body);

/** The job tag of a check run on a resource. */
export const jobTag = (check: string, resource: string): string => `${check} ${resource}`;

/** Runs a check's job with its tag, so the requests it sends carry it (recorded, or matched on replay). */
export const asJob = <T>(job: string, body: () => T): T => within({ job }, body);

/** The job sending from here, if any. */
export const currentJob = (): string | undefined => scopes.getStore()?.job;

/** Every final answer of the clients built inside `body` goes to `observe` too. */
export const observing = <T>(observe: NonNullable<Scope['observe']>, body: () => T): T => within({ observe }, body);

/** Hands an answer to the scope's observer (the HTTP client calls it once per final answer). */
export function observed(exchange: Exchange): void {
  const scope = scopes.getStore();
  scope?.observe?.(exchange, scope.job);
}

/** The clients built inside `body` send nothing: `dispatcher` answers every request. */
export const replaying = <T>(dispatcher: () => Dispatcher, body: () => T): T => within({ replay: dispatcher }, body);

/** The dispatcher of the replay in progress, if any. */
export const replayDispatcher = (): Dispatcher | undefined => scopes.getStore()?.replay?.();
