// The traffic flags of `restguide check`: --record (write the run's exchanges as HAR) and --har (judge recordings,
// sending nothing). run-check.ts calls in here; the logic stays in src/traffic/.
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CHECKS } from '../checks/index.js';
import type { Exchange } from '../core/engine/exchange.js';
import { UsageError } from '../core/util/errors.js';
import { loadProfile, type Profile } from '../core/profile/profile.js';
import type { RunOptions } from '../core/engine/runner.js';
import { Redactor } from '../core/report/secrets.js';
import type { CheckReport } from '../core/report/types.js';
import { withoutTrailingSlashes } from '../core/profile/trailing-slashes.js';
import type { CheckIo, CheckOptions } from './options.js';
import { HarRecorder } from '../traffic/har-write.js';
import { readHar } from '../traffic/har-read.js';
import { judgeTraffic, sourceOf } from '../traffic/judge.js';
import { OperationTally } from '../traffic/operations.js';
import type { Replay } from './replay-run.js';

/**
 * --record: every exchange of the run, discovery included, goes to a HAR file (redacted with the run's own
 * redactor) with the check that sent it; `observe` takes them (checkApi runs inside `observing(observe)`), `close`
 * ends the file.
 */
export async function startRecording(
  file: string | undefined,
  run: Omit<RunOptions, 'baseUrl'>,
  io: CheckIo,
): Promise<{ observe(exchange: Exchange, job: string | undefined): void; close(): Promise<void> } | undefined> {
  if (file === undefined) return undefined;
  const redactor = run.redactor ?? new Redactor();
  run.redactor = redactor;
  let recorder: HarRecorder;
  try {
    recorder = new HarRecorder(resolve(io.cwd, file), redactor);
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${(error as Error).message}`);
  }
  return {
    observe: (exchange, job) => recorder.add(exchange, job),
    async close() {
      try {
        await recorder.close();
      } catch (error) {
        throw new UsageError(`cannot write ${file}: ${(error as Error).message}`);
      }
      io.stderr(
        `restguide: recorded ${recorder.entries} exchange${recorder.entries === 1 ? '' : 's'} to ${file} (credentials redacted); replay the run from them with --har ${file}\n`,
      );
    },
  };
}

/** The coverage per operation of a run, when its document is known: the tally the runner feeds. */
export function tallyOperations(document: Record<string, unknown> | undefined): RunOptions['operations'] {
  return document === undefined ? undefined : (baseUrl) => new OperationTally(document, baseUrl);
}

/** The API's base URL of a recording: given, else the first absolute `servers` URL of --openapi. */
function baseOf(url: string | undefined, contract: Record<string, unknown> | undefined): string {
  if (url !== undefined) return url;
  const servers = contract?.['servers'];
  const first = Array.isArray(servers) ? (servers[0] as { url?: unknown } | undefined)?.url : undefined;
  if (typeof first === 'string' && /^https?:\/\//i.test(first) && !first.includes('{'))
    return withoutTrailingSlashes(new URL(first).href);
  throw new UsageError(
    "--har needs the API's base URL: give it as the argument, or --openapi whose first server is an absolute URL",
  );
}

/** Every exchange of the files, in order; a file that is not HAR is a usage error naming it. */
async function* exchangesOf(files: readonly string[], skipped: { count: number }): AsyncGenerator<Exchange> {
  for (const file of files) {
    try {
      yield* readHar(file, skipped);
    } catch (error) {
      throw new UsageError(`cannot read ${file} as HAR: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}

/**
 * --har: a run's own recording replays the run (`replay`); any other recording is judged as it is (`judge`, on
 * the target `baseUrl`).
 */
export async function harCheck(
  url: string | undefined,
  options: CheckOptions,
  io: CheckIo,
): Promise<{ replay: Replay } | { baseUrl: string; judge(): Promise<CheckReport> }> {
  const { run } = options;
  if (options.record !== undefined)
    throw new UsageError(
      '--record writes the exchanges of a run that sends requests; --har sends none: give one of them',
    );
  // `--har a.har b.har https://api` : a variadic option takes the base URL after it too; it is none of the files.
  const given = options.har ?? [];
  const urls = given.filter((item) => /^https?:\/\//i.test(item));
  if (urls.length > 1 || (urls.length === 1 && url !== undefined))
    throw new UsageError(`--har takes HAR files, not URLs: ${urls.join(', ')}`);
  if (urls[0] !== undefined) url = withoutTrailingSlashes(urls[0]);
  const files = given.filter((item) => !urls.includes(item)).map((file) => resolve(io.cwd, file));
  if (files.length === 0) throw new UsageError('--har needs at least one HAR file');
  for (const file of files)
    await access(file).catch(() => {
      throw new UsageError(`cannot read ${file}: no such file`);
    });
  const named = given.filter((item) => !urls.includes(item));
  const { ownRecording, openReplay } = await import('./replay-run.js');
  const own = await ownRecording(files, named);
  const refused = {
    // A replay runs the recorded writes again, against the recording.
    'allow-writes': run.allowWrites === true && !own,
    wait: options.waitSeconds !== undefined,
    'auth-demo': options.demo,
    'oauth2-token-url': options.access.oauth2TokenUrl !== undefined,
    'print-profile': options.printProfile && !own,
  };
  for (const [flag, given] of Object.entries(refused))
    if (given) throw new UsageError(`--har sends no request: --${flag} does not apply`);
  if (own) {
    return { replay: openReplay(own, url, named, Object.keys(run.headers ?? {})) };
  }
  const { openapi } = options;
  const { loadOpenApi, deriveProfile } = await import('../core/profile/openapi-profile.js');
  const contract = openapi ? await loadOpenApi(openapi, io.cwd, { timeoutMs: run.timeoutMs ?? 10_000 }) : undefined;
  const profilePath = options.profile;
  const profile: Profile = profilePath
    ? await loadProfile(profilePath, io.cwd)
    : contract
      ? deriveProfile(contract)
      : {};
  const baseUrl = baseOf(url, contract);
  return {
    baseUrl,
    async judge() {
      const skipped = { count: 0 };
      const { report, counts } = await judgeTraffic(CHECKS, profile, exchangesOf(files, skipped), {
        baseUrl,
        ...(run.only ? { only: run.only } : {}),
        ...(run.skip ? { skip: run.skip } : {}),
        ...(contract ? { contract } : {}),
        redactor: new Redactor().addHeaderValues(run.headers),
      });
      const aside = [
        counts.outside > 0 ? `${counts.outside} outside ${baseUrl}` : '',
        skipped.count > 0 ? `${skipped.count} entries that are no HTTP exchange` : '',
      ].filter(Boolean);
      io.stderr(
        `restguide: judged ${counts.judged} recorded exchange${counts.judged === 1 ? '' : 's'} of ${files.length} file${files.length === 1 ? '' : 's'}${aside.length ? ` (left aside: ${aside.join(', ')})` : ''}; no request was sent\n`,
      );
      return {
        ...report,
        source: sourceOf(
          { kind: 'recording', files: given.filter((item) => !urls.includes(item)) },
          counts,
          skipped.count,
        ),
      };
    },
  };
}
