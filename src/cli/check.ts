// `restguide check [baseUrl]`: build the target, run the checks, apply the baseline, write the reports, map to an exit code.
import { resolve } from 'node:path';
import { checkRuleInfos } from '../catalogue/check-rules.js';
import { CHECKS } from '../checks/index.js';
import type { ProxyEnv, TlsMaterial } from '../core/auth/transport.js';
import { UsageError } from '../core/errors.js';
import { BUILT_IN_PROFILE, loadProfile, type Profile } from '../core/profile.js';
import { RUN_DEFAULTS, runChecks, type RunOptions } from '../core/runner.js';
import { splitList } from '../core/select-checks.js';
import type { CheckReport, CheckResult } from '../core/types.js';
import { wantsColor, type Io } from './io.js';
import { writeReports } from './output.js';

type FailOn = 'error' | 'warning';
/** How the OpenAPI document is fetched: the run's timeout, and for a real target its TLS material and proxy. */
type LoadOptions = { timeoutMs: number; tls?: TlsMaterial; proxy?: ProxyEnv };

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function positiveInteger(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer, not "${String(value)}"`);
  return n;
}

/** `http(s)://host[:port][/base/path]` without a trailing slash; anything else is a usage error. */
export function parseBaseUrl(value: string): string {
  let url: URL;
  try { url = new URL(value); } catch { throw new UsageError(`not a URL: "${value}" (expected http(s)://host/base/path)`); }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`not an http(s) URL: "${value}"`);
  if (url.search || url.hash) throw new UsageError(`the base URL must not have a query or fragment: "${value}"`);
  return url.href.replace(/\/+$/, '');
}

/** `Name: value` → [name, value]. */
export function parseHeaders(values: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(value);
    if (!match?.[1]) throw new UsageError(`--header must look like 'Name: value', not "${value}"`);
    headers[match[1]] = match[2] ?? '';
  }
  return headers;
}

/** 2 when every check that ran errored (skips did not run); 1 when a counted failure is at or above `failOn`; else 0. */
export function checkExitCode(report: CheckReport, failOn: FailOn): number {
  const results = report.results.filter((r) => r.baseline !== 'fixed');
  const ran = results.filter((r) => r.status !== 'skip');
  if (ran.length > 0 && ran.every((r) => r.status === 'error')) return 2;
  const counts = (r: CheckResult) => r.severity === 'error' || (failOn === 'warning' && r.severity === 'warning');
  return results.some((r) => r.status === 'fail' && r.baseline !== 'known' && counts(r)) ? 1 : 0;
}

/**
 * The profile, in order of precedence: --profile, --openapi, then for a given URL the API's own
 * document at the guide's reserved `{base}/doc/openapi.json|yaml`; the built-in profile serves
 * the reference API (embedded, or a URL publishing the reference document).
 */
async function targetProfile(url: string | undefined, options: Record<string, unknown>, fetch: LoadOptions, io: Io): Promise<{ profile: Profile; note?: string }> {
  const profile = text(options.profile);
  if (profile) return { profile: await loadProfile(profile, io.cwd) };
  const openapi = text(options.openapi);
  const { loadOpenApi, deriveProfile } = await import('../core/openapi-profile.js');
  if (openapi) return { profile: deriveProfile(await loadOpenApi(openapi, io.cwd, fetch)) };
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
    return { profile: deriveProfile(document), note: `no --profile or --openapi: the target was read from the API's own ${url}/doc/${file}` };
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

export async function runCheck(baseUrl: string | undefined, options: Record<string, unknown>, io: Io): Promise<number> {
  const failOn = String(options.failOn ?? 'warning');
  if (failOn !== 'error' && failOn !== 'warning') throw new UsageError(`--fail-on must be error or warning, not "${failOn}"`);
  const run: Omit<RunOptions, 'baseUrl'> = {
    allowWrites: options.allowWrites === true,
    only: splitList(strings(options.only)),
    skip: splitList(strings(options.skip)),
    headers: parseHeaders(strings(options.header)),
    timeoutMs: positiveInteger(options.timeout, '--timeout', RUN_DEFAULTS.timeoutMs),
    concurrency: positiveInteger(options.concurrency, '--concurrency', RUN_DEFAULTS.concurrency),
    ...(options.rate === undefined ? {} : { ratePerSecond: positiveInteger(options.rate, '--rate', 0) }),
    deadlineMs: positiveInteger(options.deadline, '--deadline', RUN_DEFAULTS.deadlineMs),
    probe: true,
    ...(io.isTTY ? { onResult: progress(io) } : {}),
  };
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
  const { profile, note } = await targetProfile(url, options, {
    timeoutMs: run.timeoutMs ?? RUN_DEFAULTS.timeoutMs, ...(flagTls ? { tls: flagTls } : {}), ...(proxy ? { proxy } : {}),
  }, io);
  const auth = await resolveAuth(flags, profile.auth, run.headers ?? {}, io.env, io.cwd);
  const tls = await resolveTls(flags, profile.auth, io.cwd);
  if (url === undefined && (auth !== undefined || tls !== undefined)) {
    throw new UsageError('credentials and TLS options need a base URL (the embedded servers bring their own: see --auth-demo)');
  }

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
  if (baseline || writeBaseline) {
    const { readBaseline, applyCheckBaseline, writeCheckBaseline } = await import('../core/baseline.js');
    if (baseline) report = applyCheckBaseline(report, await readBaseline(resolve(io.cwd, baseline)));
    if (writeBaseline) await writeCheckBaseline(resolve(io.cwd, writeBaseline), report);
  }

  const { renderCheckReport } = await import('../reporters/index.js');
  const color = wantsColor(io);
  const rules = checkRuleInfos();
  const finished = report;
  await writeReports(
    { formats: strings(options.format), outputs: strings(options.output) },
    (format, to) => renderCheckReport(format, finished, { color: color && to.kind === 'stdout', rules, cwd: io.cwd }),
    io,
  );
  return checkExitCode(report, failOn);
}

/** One self-overwriting line on stderr: `[12/40] problem.media-type`. */
function progress(io: Io) {
  return (result: CheckResult, done: number, total: number) => {
    io.stderr(`\r\u001b[K[${Math.min(done, total)}/${total}] ${result.id}`);
  };
}
