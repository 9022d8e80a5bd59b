// `restguide proxy <upstream>`: start the judging proxy, print a line per new finding, write the reports on
// SIGINT/SIGTERM (and every --report-every seconds), exit as check does on what was judged.
import { checkRuleInfos } from '../catalogue/check-rules.js';
import { UsageError } from '../core/util/errors.js';
import { parseFailOn } from '../core/report/fail-on.js';
import { loadProfile, type Profile } from '../core/profile/profile.js';
import { splitList } from '../core/engine/select-checks.js';
import { withoutTrailingSlashes } from '../core/profile/trailing-slashes.js';
import type { CheckReport, CheckResult } from '../core/report/types.js';
import type { Io } from './io.js';
import { planOutputs, reportTargets, writeCommandReports } from './output.js';
import { CHECK_FORMATS } from '../reporters/formats.js';
import { sourceOf } from '../traffic/judge.js';
import { startJudgingProxy } from '../traffic/proxy.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;

function upstreamOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`not a URL: "${value}" (expected the upstream's http(s)://host/base/path)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`not an http(s) URL: "${value}"`);
  if (url.search || url.hash)
    throw new UsageError(`the upstream base URL must not have a query or fragment: "${value}"`);
  return withoutTrailingSlashes(url.href);
}

function port(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port must be 0 to 65535, not "${String(value)}"`);
  return n;
}

/** Runs until SIGINT/SIGTERM (or `until`, for tests); 1 when the judged traffic has findings at or above --fail-on. */
export async function runProxy(
  upstreamArg: string,
  options: Record<string, unknown>,
  io: Io,
  signals: { until?: Promise<unknown> } = {},
): Promise<number> {
  const upstream = upstreamOf(upstreamArg);
  const failOn = parseFailOn(options.failOn, ['error', 'warning']);
  planOutputs(reportTargets(options), 'stylish', CHECK_FORMATS);
  const every = options.reportEvery === undefined ? undefined : Number(options.reportEvery);
  if (every !== undefined && (!Number.isFinite(every) || every < 1))
    throw new UsageError(`--report-every must be a number of seconds, 1 or more, not "${String(options.reportEvery)}"`);
  const host = text(options.host) ?? '127.0.0.1';
  const openapi = text(options.openapi);
  const { loadOpenApi, deriveProfile } = await import('../core/profile/openapi-profile.js');
  const contract = openapi ? await loadOpenApi(openapi, io.cwd, { timeoutMs: 10_000 }) : undefined;
  const profilePath = text(options.profile);
  const profile: Profile = profilePath
    ? await loadProfile(profilePath, io.cwd)
    : contract
      ? deriveProfile(contract)
      : {};
  const only = splitList(strings(options.only));
  const skip = splitList(strings(options.skip));
  const { selectChecks } = await import('../core/engine/select-checks.js');
  const { CHECKS } = await import('../checks/index.js');
  selectChecks(CHECKS, only, skip);

  const findingLine = (result: CheckResult): void =>
    io.stderr(`${result.severity === 'error' ? '✖' : '⚠'} ${result.id}: ${result.message}\n`);
  let proxy;
  try {
    proxy = await startJudgingProxy({
      upstream,
      port: port(options.port ?? 8080),
      host,
      judge: { profile, ...(contract ? { contract } : {}), only, skip, batchExchanges: 500, idleMs: 300 },
      forwardedHeaders: options.forwardedHeaders !== false,
      onFinding: findingLine,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new UsageError(`proxy: cannot listen on ${host}:${String(options.port)} (${code})`);
    throw error;
  }
  io.stdout(`restguide proxy listening on ${proxy.url}, forwarding to ${upstream}\n`);
  io.stderr(
    `restguide: judging each exchange off the request path; a line per new finding; the reports on Ctrl-C${every ? ` and every ${every} s` : ''}\n`,
  );

  const write = async (): Promise<CheckReport> => {
    const judged = await proxy.report();
    // Dropped: not judged because judging was behind, or because the upstream gave no answer.
    const notJudged = proxy.stats.dropped + proxy.stats.failed;
    const report: CheckReport = {
      ...judged.report,
      source: sourceOf({ kind: 'proxy', upstream, listening: proxy.url }, judged.counts, notJudged),
    };
    const { renderCheckReport } = await import('../reporters/index.js');
    const exitCode = exitOf(report, failOn);
    const shared = {
      rules: checkRuleInfos(),
      failOn,
      exitCode,
      quiet: options.quiet === true,
      showDocumentationUrl: false,
    };
    await writeCommandReports(options, io, CHECK_FORMATS, shared, (format, told) =>
      renderCheckReport(format, report, told),
    );
    const { forwarded, dropped, failed } = proxy.stats;
    io.stderr(
      `restguide: forwarded ${forwarded} exchange${forwarded === 1 ? '' : 's'}, dropped ${dropped} from judging (it was behind), ${failed} without an upstream answer\n`,
    );
    return report;
  };

  let stop!: () => void;
  const stopped = new Promise<void>((done) => {
    stop = done;
  });
  const onSignal = () => stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  signals.until?.then(stop, stop);
  const timer = every
    ? setInterval(() => {
        void write();
      }, every * 1000)
    : undefined;
  try {
    await stopped;
    clearInterval(timer);
    const report = await write();
    return exitOf(report, failOn);
  } finally {
    clearInterval(timer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await proxy.close();
  }
}

/** 1 when a finding at or above `failOn`, or an errored check, was judged; else 0. */
function exitOf(report: CheckReport, failOn: 'error' | 'warning'): number {
  const counts = (r: CheckResult) => r.severity === 'error' || (failOn === 'warning' && r.severity === 'warning');
  return report.results.some((r) => r.status === 'error' || (r.status === 'fail' && counts(r))) ? 1 : 0;
}
