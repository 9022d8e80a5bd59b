// `restguide check [baseUrl]`: build the target, run the checks, apply the baseline, write the reports, map to an exit code.
import { resolve } from 'node:path';
import { checkRuleInfos } from '../catalogue/check-rules.js';
import { CHECKS } from '../checks/index.js';
import type { ProxyEnv, TlsMaterial } from '../core/auth/transport.js';
import { commonJsExports } from '../core/commonjs-exports.js';
import { UsageError } from '../core/errors.js';
import { parseFailOn } from '../core/fail-on.js';
import { redactUrl } from '../core/redact.js';
import { BUILT_IN_PROFILE, loadProfile, type Profile } from '../core/profile.js';
import { RUN_DEFAULTS, runChecks, type RunOptions } from '../core/runner.js';
import { selectChecks, splitList } from '../core/select-checks.js';
import { erroredReason, newErrors } from '../core/summary.js';
import { almostNothingVerified } from '../core/coverage.js';
import { isUnproven, leftRecords } from '../reporters/run-notes.js';
import type { CheckReport, CheckResult, CleanupRecord } from '../core/types.js';
import { wantsColor, type Io } from './io.js';
import { planOutputs, reportTargets, writeReports } from './output.js';
import { withoutTrailingSlashes } from '../core/trailing-slashes.js';
import { CHECK_FORMATS } from '../reporters/formats.js';

type FailOn = 'error' | 'warning';
/** How the OpenAPI document is fetched: the run's timeout, and for a real target its TLS material and proxy. */
type LoadOptions = { timeoutMs: number; tls?: TlsMaterial; proxy?: ProxyEnv };

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function nonNegativeInteger(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number, 0 or more, not "${String(value)}"`);
  return n;
}

function positiveInteger(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer, not "${String(value)}"`);
  return n;
}

/** `http(s)://host[:port][/base/path]` without a trailing slash; anything else is a usage error. */
function parseBaseUrl(value: string): string {
  let url: URL;
  try { url = new URL(value); } catch { throw new UsageError(`not a URL: "${value}" (expected http(s)://host/base/path)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`not an http(s) URL: "${value}"`);
  if (url.search || url.hash) throw new UsageError(`the base URL must not have a query or fragment: "${value}"`);
  return withoutTrailingSlashes(url.href);
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * `Name: value` → [name, value]: a token, a colon, white space, then a value on one line. Read by
 * hand: `^(token+):\s*(.*)$` backtracked over the white space after the colon, each time to the end
 * of the value, when a line break followed it: a long argument looked like a hung CLI.
 */
export function parseHeaders(values: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = value.slice(0, Math.max(colon, 0));
    const rest = value.slice(colon + 1).trimStart();
    if (!HEADER_NAME.test(name) || LINE_BREAK.test(rest)) throw new UsageError(`--header must look like 'Name: value', not "${value}"`);
    headers[name] = rest;
  }
  return headers;
}

/**
 * 2 when every check that ran errored (nothing could run); 1 when a failure at or above `failOn`
 * or any error is not known to the baseline (a gate never passes what it could not verify), or a
 * cleanup may have left a record in the API; else 0.
 */
function checkExitCode(report: CheckReport, failOn: FailOn): number {
  const results = report.results.filter((r) => r.baseline !== 'fixed');
  const ran = results.filter((r) => r.status !== 'skip');
  if (ran.length > 0 && ran.every((r) => r.status === 'error')) return 2;
  if (newErrors(results).length > 0 || leftRecords(report).length > 0) return 1;
  const counts = (r: CheckResult) => r.severity === 'error' || (failOn === 'warning' && r.severity === 'warning');
  if (results.some((r) => r.status === 'fail' && r.baseline !== 'known' && counts(r))) return 1;
  // A run that found nothing wrong but verified almost nothing is no pass (unless a baseline accepted what it could not verify).
  return almostNothingVerified(report.coverage) === undefined || (report.summary.known ?? 0) > 0 ? 0 : 2;
}


/** One line on what the run may have left in the API, with each URL so it can be removed by hand. */
function leftBehindLine(left: readonly CleanupRecord[]): string {
  const each = left.map((c) => `${c.method} ${redactUrl(c.url)} (${c.reason ?? 'not cleaned'})`).join('; ');
  if (!left.some(isUnproven)) return `restguide: ${left.length} cleanup${left.length === 1 ? '' : 's'} failed, so ${left.length === 1 ? 'a record' : 'records'} may be left in the API: ${each}`;
  return `restguide: ${left.length === 1 ? 'a record' : `${left.length} records`} may be left in the API: ${each}`;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a profile holds, so a user sees why checks skipped: `2 collections, 1 document, 0 tasks, 0 controllers`. */
export const profileCounts = (profile: Profile): string =>
  [plural(profile.collections?.length ?? 0, 'collection'), plural(profile.documents?.length ?? 0, 'document'),
    plural(profile.tasks?.length ?? 0, 'task'), plural(profile.controllers?.length ?? 0, 'controller')].join(', ');

/**
 * The profile, in order of precedence: --profile, --openapi (never both), then for a given URL the API's own
 * document at the guide's reserved `{base}/doc/openapi.json|yaml`; the built-in profile serves
 * the reference API (embedded, or a URL publishing the reference document).
 */
async function targetProfile(url: string | undefined, options: Record<string, unknown>, fetch: LoadOptions, io: Io): Promise<{ profile: Profile; note?: string; contract?: Record<string, unknown> }> {
  const profile = text(options.profile);
  const openapi = text(options.openapi);
  const { loadOpenApi, deriveProfile } = await import('../core/openapi-profile.js');
  // --openapi is also the contract responses are held to, even when --profile says what to check.
  const contract = openapi ? await loadOpenApi(openapi, io.cwd, fetch) : undefined;
  if (profile) {
    const note = contract ? `the resources come from ${profile}; ${openapi} is the contract responses are held to` : undefined;
    return { profile: await loadProfile(profile, io.cwd), ...(contract ? { contract } : {}), ...(note ? { note } : {}) };
  }
  if (contract) {
    const derived = deriveProfile(contract);
    return { profile: derived, contract, note: `the target was derived from ${openapi}: ${profileCounts(derived)}` };
  }
  if (url === undefined) return { profile: BUILT_IN_PROFILE };
  for (const file of ['openapi.json', 'openapi.yaml']) {
    let document: Record<string, unknown>;
    try {
      document = await loadOpenApi(`${url}/doc/${file}`, io.cwd, fetch);
    } catch (error) {
      if (error instanceof UsageError) continue;
      throw error;
    }
    if (await isReferenceDocument(document)) return { profile: BUILT_IN_PROFILE };
    const derived = deriveProfile(document);
    return { profile: derived, note: `no --profile or --openapi: the target was read from the API's own ${url}/doc/${file}: ${profileCounts(derived)}` };
  }
  return { profile: {}, note: `no --profile or --openapi, and no OpenAPI document at ${url}/doc/openapi.json|yaml: only API-wide checks ran` };
}

/** Whether a published document is the reference server's own (title and version alike). */
async function isReferenceDocument(document: Record<string, unknown>): Promise<boolean> {
  const { buildOpenApiDocument } = await import('../reference-server/openapi/document.js');
  const reference = buildOpenApiDocument()['info'] as Record<string, unknown>;
  const info = document['info'] as Record<string, unknown> | undefined;
  return info?.['title'] === reference['title'] && info?.['version'] === reference['version'];
}

/** --wait's seconds: a positive number, at most an hour. */
function waitSeconds(value: unknown): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new UsageError(`--wait must be a number of seconds above 0, at most 3600, not "${String(value)}"`);
  return seconds;
}

/** Waits for the target to answer, saying so on stderr: a self-overwriting line on a terminal, a line every 5 s in CI logs. */
async function waitFor(url: string, seconds: number, options: Record<string, unknown>, transport: { headers: Record<string, string>; tls?: TlsMaterial; proxy?: ProxyEnv }, io: Io): Promise<void> {
  const { waitForTarget, waitUrls, formatSeconds } = await import('../core/wait-for-target.js');
  const openapi = text(options.openapi);
  // A local document names paths to try; one served by the target is read once the target answers.
  const document = openapi && !/^https?:\/\//i.test(openapi) ? await (await import('../core/openapi-profile.js')).loadOpenApi(openapi, io.cwd) : undefined;
  const urls = waitUrls(url, document);
  io.stderr(`restguide: waiting up to ${formatSeconds(seconds * 1000)} for ${redactUrl(urls[0]!)}${urls.length > 1 ? ` (or ${urls.slice(1).map(redactUrl).join(', ')})` : ''} to answer\n`);
  let shown = 0;
  const answered = await waitForTarget({
    urls, timeoutMs: seconds * 1000, ...transport,
    onProgress: ({ elapsedMs, url: tried, reason }) => {
      const line = `restguide: still waiting (${formatSeconds(elapsedMs)} of ${formatSeconds(seconds * 1000)}): ${redactUrl(tried)}: ${reason}`;
      if (io.isTTY) io.stderr(`\r\u001b[K${line}`);
      else if (elapsedMs - shown >= 5000) { shown = elapsedMs; io.stderr(`${line}\n`); }
    },
  }).finally(() => { if (io.isTTY) io.stderr('\r\u001b[K'); });
  io.stderr(`restguide: ${redactUrl(answered.url)} answered (HTTP ${answered.status}) after ${formatSeconds(answered.elapsedMs)}\n`);
}

export async function runCheck(baseUrl: string | undefined, options: Record<string, unknown>, io: Io): Promise<number> {
  const failOn: FailOn = parseFailOn(options.failOn, ['error', 'warning']);
  const run: Omit<RunOptions, 'baseUrl'> = {
    allowWrites: options.allowWrites === true,
    only: splitList(strings(options.only)),
    skip: splitList(strings(options.skip)),
    headers: parseHeaders(strings(options.header)),
    timeoutMs: positiveInteger(options.timeout, '--timeout', RUN_DEFAULTS.timeoutMs),
    concurrency: positiveInteger(options.concurrency, '--concurrency', RUN_DEFAULTS.concurrency),
    ...(options.rate === undefined ? {} : { ratePerSecond: positiveInteger(options.rate, '--rate', 0) }),
    deadlineMs: positiveInteger(options.deadline, '--deadline', RUN_DEFAULTS.deadlineMs),
    ...(options.retries === undefined ? {} : { retries: nonNegativeInteger(options.retries, '--retries') }),
    probe: true,
    ...(io.isTTY ? { onResult: progress(io) } : {}),
  };
  planOutputs(reportTargets(options), 'stylish', CHECK_FORMATS); // a bad -f/-o is refused before any work
  selectChecks(CHECKS, run.only, run.skip); // and so is a selection that leaves nothing, before the target is contacted
  const url = baseUrl === undefined ? undefined : parseBaseUrl(baseUrl);
  const demo = options.authDemo === true;
  if (demo && url !== undefined) throw new UsageError('--auth-demo checks the embedded protected reference server: give no base URL');
  const { resolveAuth, resolveTls } = await import('../core/auth/settings.js');
  const { proxyEnvOf } = await import('../core/auth/transport.js');
  const flags = {
    oauth2TokenUrl: text(options.oauth2TokenUrl), clientId: text(options.clientId), clientKey: text(options.clientKey),
    scope: text(options.scope), narrowScope: text(options.narrowScope), cert: text(options.cert), key: text(options.key), ca: text(options.ca),
  };
  // Only a real target goes through the environment's proxy; the embedded servers are on loopback.
  const proxy = url === undefined ? undefined : proxyEnvOf(io.env);
  const flagTls = url === undefined ? undefined : await resolveTls(flags, undefined, io.cwd);
  if (options.wait !== undefined) {
    if (url === undefined) throw new UsageError('--wait needs a base URL: the embedded reference server is ready when the run starts');
    await waitFor(url, waitSeconds(options.wait), options, { headers: run.headers ?? {}, ...(flagTls ? { tls: flagTls } : {}), ...(proxy ? { proxy } : {}) }, io);
  }
  const { profile, note, contract } = await targetProfile(url, options, {
    timeoutMs: run.timeoutMs ?? RUN_DEFAULTS.timeoutMs, ...(flagTls ? { tls: flagTls } : {}), ...(proxy ? { proxy } : {}),
  }, io);
  const auth = await resolveAuth(flags, profile.auth, run.headers ?? {}, io.env, io.cwd);
  const tls = await resolveTls(flags, profile.auth, io.cwd);
  if (url === undefined && (auth !== undefined || tls !== undefined)) {
    throw new UsageError('credentials and TLS options need a base URL (the embedded servers bring their own: see --auth-demo)');
  }
  if (options.printProfile === true) {
    // The profile as a file --profile reads, to see what was derived or to start one's own from it.
    const { stringify } = commonJsExports(await import('yaml'));
    io.stdout(stringify(profile));
    // Where it came from, truthfully: --profile (which wins over everything), a derivation, or the built-in one.
    const source = note ?? (text(options.profile) !== undefined ? `the profile ${text(options.profile)}`
      : url === undefined ? 'the built-in profile of the reference API' : 'the built-in profile: the URL publishes the reference API\'s document');
    io.stderr(`restguide: ${source}${source.includes(profileCounts(profile)) ? '' : `: ${profileCounts(profile)}`}\n`);
    return 0;
  }
  if (contract) run.contract = contract;
  const access: Access = { demo, auth, tls, proxy };

  const interrupt = onInterrupt(io);
  const cleanups: CleanupRecord[] = [];
  run.interrupt = interrupt.signal;
  run.onCleanup = (entry) => cleanups.push(entry);
  try {
    return await checkAndReport(url, profile, note, run, access, options, failOn, io, () => interrupt.signal.aborted);
  } catch (error) {
    if (!interrupt.signal.aborted) throw error;
    io.stderr(`restguide: interrupted before the checks ran: ${(error as Error).message}\n`);
    return EXIT_INTERRUPTED;
  } finally {
    interrupt.dispose();
    if (interrupt.signal.aborted) reportCleanups(cleanups, io);
  }
}

const EXIT_INTERRUPTED = 130;

/** How the run reaches the API: the protected demo, or a target's credentials, TLS material and proxy. */
interface Access { demo: boolean; auth: RunOptions['auth']; tls: RunOptions['tls']; proxy: RunOptions['proxy'] }

/** SIGINT/SIGTERM abort the run once; a second signal gets Node's default (immediate exit). */
function onInterrupt(io: Io): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    io.stderr(`\nrestguide: ${signal}: sending no new request; running the cleanups (Ctrl-C again to quit at once)\n`);
    controller.abort();
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => { process.removeListener('SIGINT', handler); process.removeListener('SIGTERM', handler); },
  };
}

/** What an interrupted run cleaned, and what it could not (so a person can remove it by hand). */
function reportCleanups(cleanups: CleanupRecord[], io: Io): void {
  const failed = cleanups.filter((entry) => entry.outcome === 'left');
  io.stderr(`restguide: interrupted: ${cleanups.length - failed.length} cleanup request${cleanups.length - failed.length === 1 ? '' : 's'} succeeded, ${failed.length} could not clean up\n`);
  for (const entry of cleanups) {
    const what = `${entry.method} ${redactUrl(entry.url)}${entry.status === undefined ? '' : ` → ${entry.status}`}${entry.reason ? `: ${redactUrlsIn(entry.reason)}` : ''}`;
    io.stderr(`  ${entry.outcome === 'cleaned' ? 'cleaned' : 'NOT cleaned'}: ${what}\n`);
  }
}

const redactUrlsIn = (text: string): string => text.replace(/https?:\/\/\S+/g, (url) => redactUrl(url));

async function checkAndReport(
  url: string | undefined, profile: Profile, note: string | undefined, run: Omit<RunOptions, 'baseUrl'>, access: Access,
  options: Record<string, unknown>, failOn: FailOn, io: Io, interrupted: () => boolean,
): Promise<number> {
  const { demo, auth, tls, proxy } = access;
  let report: CheckReport;
  if (demo) {
    // The protected reference server, whole suite, writes included, with the demo client's credentials.
    const { startProtectedDemo } = await import('../reference-server/auth/demo.js');
    const { server, auth: demoAuth } = await startProtectedDemo();
    try {
      report = await runChecks(CHECKS, profile, { ...run, baseUrl: server.url, allowWrites: true, auth: demoAuth });
    } finally {
      await server.close();
    }
  } else if (url === undefined) {
    // No URL: the embedded reference server, whole suite, writes included.
    const { startReferenceServer } = await import('../reference-server/index.js');
    const server = await startReferenceServer({ port: 0 });
    try {
      report = await runChecks(CHECKS, profile, { ...run, baseUrl: server.url, allowWrites: true });
    } finally {
      await server.close();
    }
  } else {
    report = await runChecks(CHECKS, profile, {
      ...run, baseUrl: url, ...(auth ? { auth } : {}), ...(tls ? { tls } : {}), ...(proxy ? { proxy } : {}),
    });
  }
  if (io.isTTY) io.stderr('\r\u001b[K');
  // Said after the run, so an unreachable target gets one line, not a discovery note first.
  if (note) io.stderr(`restguide: ${note}\n`);
  if (report.results.length === 0) throw new UsageError('no check applies: the profile lists no resource the selected checks run against');

  const baseline = text(options.baseline);
  const writeBaseline = text(options.writeBaseline);
  let wrote: string | undefined;
  if (baseline || writeBaseline) {
    const { readBaseline, applyCheckBaseline, writeCheckBaseline } = await import('../core/baseline.js');
    if (baseline) report = applyCheckBaseline(report, await readBaseline(resolve(io.cwd, baseline)));
    // A partial (interrupted) run would record a partial baseline: none is written then.
    if (writeBaseline && !interrupted()) {
      const written = await writeCheckBaseline(resolve(io.cwd, writeBaseline), report);
      const failing = report.results.filter((r) => r.status === 'fail' && r.baseline !== 'fixed').length;
      const entries = written.entries.length;
      wrote = `restguide: wrote baseline ${writeBaseline}: ${entries} ${entries === 1 ? 'entry' : 'entries'} (${failing} failing result${failing === 1 ? '' : 's'}); runs with --baseline ${writeBaseline} now fail only on new ones\n`;
    }
  }

  const { renderCheckReport } = await import('../reporters/index.js');
  const color = wantsColor(io);
  const rules = checkRuleInfos();
  const finished = report;
  const openapi = text(options.openapi);
  const document = openapi && !/^https?:/i.test(openapi) ? resolve(io.cwd, openapi) : undefined;
  // GitLab Code Quality points at the line of each resource's path in the document.
  const wantsLines = document !== undefined && planOutputs(reportTargets(options), 'stylish', CHECK_FORMATS).some((item) => item.format === 'gitlab');
  const documentLines = wantsLines ? await (await import('../openapi/lines.js')).readPathLines(document) : undefined;
  // Recording a baseline is the point of the run, not a gate: it succeeds once the file is written.
  const gate = checkExitCode(report, failOn);
  const exitCode = wrote && gate !== 2 && leftRecords(report).length === 0 ? 0 : gate;
  const written = await writeReports(
    reportTargets(options),
    (format, to) => renderCheckReport(format, finished, {
      color: color && to.kind === 'stdout', rules, cwd: io.cwd, failOn, exitCode, quiet: options.quiet === true,
      showDocumentationUrl: options.showDocumentationUrl === true, ...(document ? { document } : {}), ...(documentLines ? { documentLines } : {}),
    }),
    io, 'stylish', CHECK_FORMATS,
  );
  // Every report went to a file: the terminal still gets the outcome.
  if (!written.toStdout) {
    const { checkSummaryLine } = await import('../reporters/run-notes.js');
    io.stderr(`restguide: ${checkSummaryLine(finished)}\n`);
  }
  if (interrupted()) return EXIT_INTERRUPTED;
  if (wrote) io.stderr(wrote);
  // Said on stderr too, so a gate read through --format json still tells why it failed.
  const reason = exitCode === 1 ? erroredReason(report.summary.errored) : exitCode === 2 ? almostNothingVerified(report.coverage) : undefined;
  if (reason) io.stderr(`restguide: ${reason}\n`);
  const left = leftRecords(report);
  if (left.length > 0) io.stderr(`${redactUrlsIn(leftBehindLine(left))}\n`);
  return exitCode;
}

/** One self-overwriting line on stderr: `[12/40] problem.media-type`. */
function progress(io: Io) {
  return (result: CheckResult, done: number, total: number) => {
    io.stderr(`\r\u001b[K[${Math.min(done, total)}/${total}] ${result.id}`);
  };
}
