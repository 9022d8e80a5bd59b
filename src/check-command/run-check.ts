// `restguide check` from its typed options: reach the target, find what to check, run the checks (stopping
// cleanly on a signal), apply the baseline, hand the report to the CLI to write, and decide the exit code.
import { CHECKS } from '../checks/index.js';
import { commonJsExports } from '../core/util/commonjs-exports.js';
import { almostNothingVerified } from '../core/engine/coverage.js';
import { UsageError } from '../core/util/errors.js';
import type { Profile } from '../core/profile/profile.js';
import { runChecks, type RunOptions } from '../core/engine/runner.js';
import { erroredReason } from '../core/engine/summary.js';
import type { CheckReport, CheckResult, CleanupRecord } from '../core/report/types.js';
import { leftRecords } from '../reporters/run-notes.js';
import { discoverProfile, profileCounts, type TargetProfile } from './discover-profile.js';
import { checkExitCode, leftBehindLine } from './exit-code.js';
import { cleanupLines, EXIT_INTERRUPTED, onInterrupt, redactUrlsIn } from './interrupt.js';
import type { CheckIo, CheckOptions, PublishReports } from './options.js';
import { answersAtAll, waitFor } from './reach-target.js';
import type { AnyCheck } from '../core/engine/define-check.js';
import type { Replay } from './replay-run.js';

type Run = Omit<RunOptions, 'baseUrl'>;

/** How the run reaches the API: a target's credentials, TLS material and proxy (the embedded servers bring their own). */
type Access = Pick<RunOptions, 'auth' | 'tls' | 'proxy'>;

export async function checkApi(options: CheckOptions, io: CheckIo, publish: PublishReports): Promise<number> {
  const traffic = await import('./recordings.js');
  if (options.har !== undefined) {
    const har = await traffic.harCheck(options.baseUrl, options, io);
    // A run's own recording replays the run; any other recording is judged as it is, with no target contacted.
    if ('replay' in har) {
      const { replay } = har;
      const { replaying } = await import('../core/http/replay-scope.js');
      const { replayHeaders } = await import('./replay-run.js');
      const headers = replayHeaders(replay, options);
      const replayed = {
        ...options,
        baseUrl: replay.baseUrl,
        run: { ...options.run, ...(headers ? { headers } : {}) },
      };
      return replaying(
        () => replay.recording.dispatcher(),
        () => activeCheck(replayed, io, publish, replay),
      );
    }
    return finish(await har.judge(), undefined, options, io, publish, () => false);
  }
  const recording = await traffic.startRecording(options.record, options.run, io);
  if (!recording) return activeCheck(options, io, publish);
  const { observing } = await import('../core/http/replay-scope.js');
  try {
    // Discovery's exchanges too: a replay of the recording discovers the API as the run did.
    return await observing(recording.observe, () => activeCheck(options, io, publish, undefined, true));
  } finally {
    await recording.close();
  }
}

/** The checks against the target, or against a recording of a run of them (`replay`: nothing is sent). */
async function activeCheck(
  options: CheckOptions,
  io: CheckIo,
  publish: PublishReports,
  replay?: Replay,
  recording = false,
): Promise<number> {
  const url = options.baseUrl;
  const traffic = await import('./recordings.js');
  const { resolveAuth, resolveTls } = await import('../core/http/auth/settings.js');
  const { proxyEnvOf } = await import('../core/http/auth/transport.js');
  // Only a real target goes through the environment's proxy; the embedded servers are on loopback; a replay sends nothing.
  const proxy = url === undefined || replay ? undefined : proxyEnvOf(io.env);
  const flagTls = url === undefined || replay ? undefined : await resolveTls(options.access, undefined, io.cwd);
  const headers = options.run.headers ?? {};
  const reach = { ...(flagTls ? { tls: flagTls } : {}), ...(proxy ? { proxy } : {}) };
  if (url !== undefined && options.waitSeconds !== undefined)
    await waitFor(url, options.waitSeconds, options.openapi, { headers, ...reach }, io);
  if (url !== undefined) await answersAtAll(url, options.run.timeoutMs, { headers, ...reach }, io);
  const target = await discoverProfile(url, options, { timeoutMs: options.run.timeoutMs, headers, ...reach }, io.cwd);
  const auth = await resolveAuth(options.access, target.profile.auth, headers, io.env, io.cwd);
  const tls = replay ? undefined : await resolveTls(options.access, target.profile.auth, io.cwd);
  if (url === undefined && (auth !== undefined || tls !== undefined)) {
    throw new UsageError(
      'credentials and TLS options need a base URL (the embedded servers bring their own: see --auth-demo)',
    );
  }
  if (options.printProfile) return printProfile(target, options, io);

  const interrupt = onInterrupt((text) => io.stderr(text));
  const cleanups: CleanupRecord[] = [];
  const run: Run = {
    ...options.run,
    // The recorded run's writes are in the recording: the replay sends them to it, never to the network.
    ...(replay?.writes ? { allowWrites: true } : {}),
    probe: true,
    interrupt: interrupt.signal,
    onCleanup: (entry) => cleanups.push(entry),
    ...(io.isTTY ? { onResult: progress(io) } : {}),
    ...(target.contract ? { contract: target.contract } : {}),
    ...(target.declaredPaths ? { declaredPaths: target.declaredPaths } : {}),
  };
  // Coverage per operation of --openapi, else of the document the API publishes, else of the embedded server's.
  run.operations = traffic.tallyOperations(
    target.contract ??
      target.published ??
      (url === undefined
        ? (await import('../reference-server/openapi/document.js')).buildOpenApiDocument()
        : undefined),
  );
  const access: Access = { ...(auth ? { auth } : {}), ...(tls ? { tls } : {}), ...(proxy ? { proxy } : {}) };
  // Each check's requests carry its name when they are recorded or replayed.
  const { taggedWithJob } = await import('./replay-run.js');
  const checks = replay ? replay.checks(CHECKS) : recording ? CHECKS.map((check) => taggedWithJob(check)) : CHECKS;
  try {
    const ran = await runOn(target, run, access, options.demo, io, checks);
    const report = replay ? { ...ran, source: replay.source() } : ran;
    if (replay) io.stderr(`restguide: ${replayLine(report.source!)}\n`);
    const exitCode = await finish(report, target.note, options, io, publish, () => interrupt.signal.aborted);
    // The quick start (`npm start`) ends on what to try next; on stderr, so stdout stays the report.
    if (url === undefined && !options.demo && exitCode !== EXIT_INTERRUPTED) io.stderr(`restguide: ${NEXT_STEP}\n`);
    return exitCode;
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    io.stderr(`restguide: interrupted before the checks ran: ${(error as Error).message}\n`);
    return EXIT_INTERRUPTED;
  } finally {
    interrupt.dispose();
    if (interrupt.signal.aborted) io.stderr(cleanupLines(cleanups));
  }
}

/** The profile as a file --profile reads, to see what was derived or to start one's own from it; nothing runs. */
async function printProfile(
  { profile, note, url }: TargetProfile,
  options: CheckOptions,
  io: CheckIo,
): Promise<number> {
  const { stringify } = commonJsExports(await import('yaml'));
  io.stdout(stringify(profile));
  // Where it came from, truthfully: --profile (which wins over everything), a derivation, or the built-in one.
  const source =
    note ??
    (options.profile !== undefined
      ? `the profile ${options.profile}`
      : url === undefined
        ? 'the built-in profile of the reference API'
        : "the built-in profile: the URL publishes the reference API's document");
  io.stderr(`restguide: ${source}${source.includes(profileCounts(profile)) ? '' : `: ${profileCounts(profile)}`}\n`);
  return 0;
}

/** What a run against the embedded reference server suggests next: the same against one's own API. */
const NEXT_STEP =
  'next, your own API: restguide check <base URL> (add --openapi <document> to check it against its contract)';

/** The checks against the target: the embedded protected server (--auth-demo), the embedded reference server, or the URL given. */
async function runOn(
  target: TargetProfile,
  run: Run,
  access: Access,
  demo: boolean,
  io: CheckIo,
  checks: readonly AnyCheck[],
): Promise<CheckReport> {
  const profile: Profile = target.profile;
  if (demo) {
    // The protected reference server, whole suite, writes included, with the demo client's credentials.
    const { startProtectedDemo } = await import('../reference-server/auth/demo.js');
    const { server, auth } = await startProtectedDemo();
    try {
      return await runChecks(checks, profile, { ...run, baseUrl: server.url, allowWrites: true, auth });
    } finally {
      await server.close();
    }
  }
  if (target.url === undefined) {
    // No URL: the embedded reference server, whole suite, writes included.
    const { startReferenceServer } = await import('../reference-server/index.js');
    const server = await startReferenceServer({ port: 0 });
    io.stderr(`restguide: no base URL given: checking the embedded reference server at ${server.url}\n`);
    try {
      return await runChecks(checks, profile, { ...run, baseUrl: server.url, allowWrites: true });
    } finally {
      await server.close();
    }
  }
  return runChecks(checks, profile, { ...run, baseUrl: target.url, ...access });
}

/** After the run: the note, the baseline, the reports, then what the terminal must know, and the exit code. */
async function finish(
  ran: CheckReport,
  note: string | undefined,
  options: CheckOptions,
  io: CheckIo,
  publish: PublishReports,
  interrupted: () => boolean,
): Promise<number> {
  if (io.isTTY) io.stderr('\r\u001b[K');
  // Said after the run, so an unreachable target gets one line, not a discovery note first.
  if (note) io.stderr(`restguide: ${note}\n`);
  if (ran.results.length === 0)
    throw new UsageError('no check applies: the profile lists no resource the selected checks run against');

  const { gate } = await import('../core/report/gate.js');
  const { report, exitCode } = await gate(
    ran,
    {
      baseline: options.baseline,
      writeBaseline: options.writeBaseline,
      async applyBaseline(result, file) {
        const { readBaseline, applyCheckBaseline } = await import('../core/report/baseline.js');
        return applyCheckBaseline(result, await readBaseline(file));
      },
      async recordBaseline(result, file) {
        const { writeCheckBaseline } = await import('../core/report/baseline.js');
        const written = await writeCheckBaseline(file, result);
        const failing = result.results.filter((r) => r.status === 'fail' && r.baseline !== 'fixed').length;
        return { entries: written.entries.length, each: `${failing} failing result${failing === 1 ? '' : 's'}` };
      },
      // A run that could not judge (2) or left records behind fails even when it records a baseline.
      exitCode(result, recorded) {
        const code = checkExitCode(result, options.failOn);
        return recorded && code !== 2 && leftRecords(result).length === 0 ? 0 : code;
      },
      publish,
      summaryLine: async (result) => (await import('../reporters/run-notes.js')).checkSummaryLine(result),
      interrupted,
    },
    io,
  );
  if (interrupted()) return EXIT_INTERRUPTED;
  // Said on stderr too, so a gate read through --format json still tells why it failed.
  const reason =
    exitCode === 1
      ? erroredReason(report.summary.errored)
      : exitCode === 2
        ? almostNothingVerified(report.coverage)
        : undefined;
  if (reason) io.stderr(`restguide: ${reason}\n`);
  const left = leftRecords(report);
  if (left.length > 0) io.stderr(`${redactUrlsIn(leftBehindLine(left))}\n`);
  return exitCode;
}

/** What a replay read and answered, said as the passive judging of a recording says it. */
function replayLine(source: NonNullable<CheckReport['source']>): string {
  const { answered = 0, missing = 0 } = source.replay ?? {};
  const files = source.files ?? [];
  return `replayed the run from ${source.exchanges.read} recorded exchanges of ${files.join(', ')}: ${answered} requests answered from it${missing > 0 ? `, ${missing} not in it (their checks skip)` : ''}; no request was sent`;
}

/** One self-overwriting line on stderr: `[12/40] problem.media-type`. */
function progress(io: CheckIo) {
  return (result: CheckResult, done: number, total: number) => {
    io.stderr(`\r\u001b[K[${Math.min(done, total)}/${total}] ${result.id}`);
  };
}
