// `restguide check [baseUrl]`: commander's options → CheckOptions, then the run (src/check-command/run-check.ts);
// this file only parses flags and writes the reports the run hands back.
import { resolve } from 'node:path';
import { checkRuleInfos } from '../catalogue/check-rules.js';
import type { CheckOptions, PublishReports } from '../check-command/options.js';
import { CHECKS } from '../checks/index.js';
import { UsageError } from '../core/util/errors.js';
import { parseFailOn } from '../core/report/fail-on.js';
import { RUN_DEFAULTS } from '../core/engine/runner.js';
import { selectChecks, splitList } from '../core/engine/select-checks.js';
import { withoutTrailingSlashes } from '../core/profile/trailing-slashes.js';
import { CHECK_FORMATS } from '../reporters/formats.js';
import { wantsColor, type Io } from './io.js';
import { planOutputs, reportTargets, writeReports } from './output.js';

export { profileCounts } from '../check-command/discover-profile.js';

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function nonNegativeInteger(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new UsageError(`${flag} must be a whole number, 0 or more, not "${String(value)}"`);
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
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`not a URL: "${value}" (expected http(s)://host/base/path)`);
  }
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
    if (!HEADER_NAME.test(name) || LINE_BREAK.test(rest))
      throw new UsageError(`--header must look like 'Name: value', not "${value}"`);
    headers[name] = rest;
  }
  return headers;
}

/** --wait's seconds: a positive number, at most an hour. */
function waitSeconds(value: unknown): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
    throw new UsageError(`--wait must be a number of seconds above 0, at most 3600, not "${String(value)}"`);
  return seconds;
}

/** The flags of the reports: where each format goes, and how stylish reads. */
interface ReportSettings {
  targets: ReturnType<typeof reportTargets>;
  quiet: boolean;
  showDocumentationUrl: boolean;
}

/**
 * Commander's record, read once → the run's CheckOptions and the reports' settings; a bad flag (or a bad -f/-o,
 * or a selection of no check) is refused before any work.
 */
function optionsOf(
  baseUrl: string | undefined,
  flags: Record<string, unknown>,
): { options: CheckOptions; reports: ReportSettings } {
  const failOn = parseFailOn(flags.failOn, ['error', 'warning'] as const);
  const run: CheckOptions['run'] = {
    allowWrites: flags.allowWrites === true,
    only: splitList(strings(flags.only)),
    skip: splitList(strings(flags.skip)),
    headers: parseHeaders(strings(flags.header)),
    timeoutMs: positiveInteger(flags.timeout, '--timeout', RUN_DEFAULTS.timeoutMs),
    concurrency: positiveInteger(flags.concurrency, '--concurrency', RUN_DEFAULTS.concurrency),
    ...(flags.rate === undefined ? {} : { ratePerSecond: positiveInteger(flags.rate, '--rate', 0) }),
    deadlineMs: positiveInteger(flags.deadline, '--deadline', RUN_DEFAULTS.deadlineMs),
    ...(flags.retries === undefined ? {} : { retries: nonNegativeInteger(flags.retries, '--retries') }),
  };
  const reports = {
    targets: reportTargets(flags),
    quiet: flags.quiet === true,
    showDocumentationUrl: flags.showDocumentationUrl === true,
  };
  planOutputs(reports.targets, 'stylish', CHECK_FORMATS);
  selectChecks(CHECKS, run.only, run.skip);
  const url = baseUrl === undefined ? undefined : parseBaseUrl(baseUrl);
  const demo = flags.authDemo === true;
  if (demo && url !== undefined)
    throw new UsageError('--auth-demo checks the embedded protected reference server: give no base URL');
  if (flags.wait !== undefined && url === undefined)
    throw new UsageError('--wait needs a base URL: the embedded reference server is ready when the run starts');
  const optional = (name: string, value: string | undefined) => (value === undefined ? {} : { [name]: value });
  const options: CheckOptions = {
    ...(url === undefined ? {} : { baseUrl: url }),
    demo,
    ...optional('profile', text(flags.profile)),
    ...optional('openapi', text(flags.openapi)),
    printProfile: flags.printProfile === true,
    ...(flags.wait === undefined ? {} : { waitSeconds: waitSeconds(flags.wait) }),
    run,
    access: {
      ...optional('oauth2TokenUrl', text(flags.oauth2TokenUrl)),
      ...optional('clientId', text(flags.clientId)),
      ...optional('clientKey', text(flags.clientKey)),
      ...optional('scope', text(flags.scope)),
      ...optional('narrowScope', text(flags.narrowScope)),
      ...optional('cert', text(flags.cert)),
      ...optional('key', text(flags.key)),
      ...optional('ca', text(flags.ca)),
    },
    failOn,
    ...optional('baseline', text(flags.baseline)),
    ...optional('writeBaseline', text(flags.writeBaseline)),
    ...optional('record', text(flags.record)),
    ...(flags.har === undefined ? {} : { har: strings(flags.har) ?? [] }),
  };
  return { options, reports };
}

/** Renders the report in each format asked for, to stdout or its file. */
function reportWriter(reports: ReportSettings, options: CheckOptions, io: Io): PublishReports {
  return async (report, exitCode) => {
    const { renderCheckReport } = await import('../reporters/index.js');
    const { targets, quiet, showDocumentationUrl } = reports;
    const document =
      options.openapi && !/^https?:/i.test(options.openapi) ? resolve(io.cwd, options.openapi) : undefined;
    // GitLab Code Quality points at the line of each resource's path in the document.
    const wantsLines =
      document !== undefined && planOutputs(targets, 'stylish', CHECK_FORMATS).some((item) => item.format === 'gitlab');
    const documentLines = wantsLines ? await (await import('../openapi/lines.js')).readPathLines(document) : undefined;
    const color = wantsColor(io);
    const rules = checkRuleInfos();
    return writeReports(
      targets,
      (format, to) =>
        renderCheckReport(format, report, {
          color: color && to.kind === 'stdout',
          rules,
          cwd: io.cwd,
          failOn: options.failOn,
          exitCode,
          quiet,
          showDocumentationUrl,
          ...(document ? { document } : {}),
          ...(documentLines ? { documentLines } : {}),
        }),
      io,
      'stylish',
      CHECK_FORMATS,
    );
  };
}

export async function runCheck(baseUrl: string | undefined, flags: Record<string, unknown>, io: Io): Promise<number> {
  const { options, reports } = optionsOf(baseUrl, flags);
  const { checkApi } = await import('../check-command/run-check.js');
  return checkApi(options, io, reportWriter(reports, options, io));
}
