// testCheck: one check, run alone against servers that must pass it and servers that must fail it.
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../../src/core/engine/define-check.js';
import { BUILT_IN_PROFILE, type Profile } from '../../src/core/profile/profile.js';
import { runChecks, type RunOptions } from '../../src/core/engine/runner.js';
import type { TargetKind } from '../../src/core/profile/target.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { startFixture, type FixtureHandler } from './fixture-server.js';
import { startProxy, type Mutator, type RequestRewriter } from './proxy.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
  /** What a run needs to reach this server besides its URL (e.g. the credentials of a protected one). */
  runOptions?: Partial<RunOptions>;
}
/** How to start a server for one case (started fresh per case, closed after it). */
export interface ServerFactory {
  start(): Promise<RunningServer>;
}

/** The reference server; with `mutate`, behind a proxy that rewrites its responses. */
export function reference(
  options: { mutate?: Mutator; rewrite?: RequestRewriter; taskDelayMs?: number } = {},
): ServerFactory {
  return {
    async start() {
      const { startReferenceServer } = await import('../../src/reference-server/index.js');
      const server = await startReferenceServer({
        port: 0,
        ...(options.taskDelayMs !== undefined ? { taskDelayMs: options.taskDelayMs } : {}),
      });
      if (!options.mutate && !options.rewrite) return server;
      const basePath = new URL(server.url).pathname;
      const proxy = await startProxy(server.origin, basePath, options.mutate ?? (() => {}), options.rewrite);
      return {
        url: `${proxy.origin}${basePath}`,
        close: async () => {
          await proxy.close();
          await server.close();
        },
      };
    },
  };
}

/** A small node:http server, e.g. one that breaks a rule the reference server cannot be made to break. */
export function fixture(handler: FixtureHandler, options: { basePath?: string } = {}): ServerFactory {
  return { start: () => startFixture(handler, options) };
}

interface CaseBase {
  name: string;
  server: ServerFactory;
  /** Default: the built-in profile of the reference API. */
  profile?: Profile;
}

export interface CheckCases<M extends string> {
  /** Must pass: at least one pass, every result a pass (skips allowed only when `skips` says so). */
  valid: Array<CaseBase & { skips?: boolean }>;
  /** Must fail with exactly these message ids (each at least once), and no errors. */
  invalid: Array<CaseBase & { findings: M[] }>;
}

/** Runs one check alone against a server: writes allowed, short timeouts. */
export async function runOne(
  check: CheckDefinition<string, TargetKind>,
  server: ServerFactory,
  profile: Profile = BUILT_IN_PROFILE,
): Promise<CheckReport> {
  const running = await server.start();
  try {
    return await runChecks([check], profile, {
      baseUrl: running.url,
      allowWrites: true,
      timeoutMs: 5000,
      deadlineMs: 25_000,
      concurrency: 4,
      ...running.runOptions,
    });
  } finally {
    await running.close();
  }
}

const summarize = (report: CheckReport) =>
  report.results.map((r) => `${r.status} ${r.resource} ${r.messageId ?? ''} ${r.message}`);

export function testCheck<M extends string, K extends TargetKind>(
  check: CheckDefinition<M, K>,
  cases: CheckCases<M>,
): void {
  if (cases.invalid.length === 0)
    throw new Error(`${check.meta.id}: a check that has never been seen failing is not done`);
  describe(check.meta.id, () => {
    for (const valid of cases.valid) {
      it(`passes: ${valid.name}`, async () => {
        const report = await runOne(check, valid.server, valid.profile);
        expect(report.results.some((r) => r.status === 'pass')).toBe(true);
        const allowed = valid.skips ? ['pass', 'skip'] : ['pass'];
        expect(summarize(report).filter((line) => !allowed.some((status) => line.startsWith(`${status} `)))).toEqual(
          [],
        );
        if (valid.skips) expect(report.results.some((r) => r.status === 'skip')).toBe(true);
      });
    }
    for (const invalid of cases.invalid) {
      it(`fails: ${invalid.name}`, async () => {
        const report = await runOne(check, invalid.server, invalid.profile);
        expect(summarize(report).filter((line) => line.startsWith('error '))).toEqual([]);
        const failed = [...new Set(report.results.filter((r) => r.status === 'fail').map((r) => r.messageId))].sort();
        expect(failed).toEqual([...new Set(invalid.findings)].sort());
        for (const result of report.results.filter((r) => r.status === 'fail'))
          expect(result.evidence.length).toBeGreaterThan(0);
      });
    }
  });
}
