// `check --har` of a run's own recording (every request sent by restguide): the whole run again, discovery
// included, each request answered from the recording (src/core/http/replay.ts) and none sent. A recording of other
// clients (a browser, an e2e suite) is judged passively instead (recordings.ts).
import { createReadStream } from 'node:fs';
import type { AnyCheck } from '../core/engine/define-check.js';
import { Recording, type RecordedExchange } from '../core/http/replay.js';
import { asJob, jobTag } from '../core/http/replay-scope.js';
import type { ReportSource } from '../core/report/types.js';
import { UsageError } from '../core/util/errors.js';
import type { CheckOptions } from './options.js';
import { isObject } from '../core/util/json.js';
import { harEntries } from '../traffic/har-entries.js';
import { exchangeOf } from '../traffic/har-read.js';

const OWN_AGENT = /^restguide\//;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The start of a skip reason for a request the recording lacks. */
export const NOT_IN_RECORDING = 'not in the recording';

/**
 * The exchanges of the files when restguide sent every one (its User-Agent): a run's own recording; undefined
 * for any other recording, read no further than its first foreign request.
 */
export async function ownRecording(files: readonly string[], given: readonly string[]) {
  const recorded: RecordedExchange[] = [];
  let skipped = 0;
  for (const [i, file] of files.entries()) {
    try {
      for await (const entry of harEntries(createReadStream(file, { highWaterMark: 64 * 1024 }))) {
        const exchange = exchangeOf(entry);
        if (!exchange) {
          skipped++;
          continue;
        }
        if (!OWN_AGENT.test(exchange.request.headers['user-agent'] ?? '')) return undefined;
        const tag = isObject(entry) && isObject(entry['_restguide']) ? entry['_restguide']['job'] : undefined;
        recorded.push({ exchange, ...(typeof tag === 'string' ? { job: tag } : {}) });
      }
    } catch (error) {
      throw new UsageError(`cannot read ${given[i] ?? file} as HAR: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return recorded.length === 0 ? undefined : { recorded, skipped };
}

/** What `checkApi` needs to run the checks against a recording instead of the network. */
export interface Replay {
  recording: Recording;
  baseUrl: string;
  /** The recorded run wrote (it had --allow-writes, or checked the embedded server): so does the replay. */
  writes: boolean;
  /** The recorded run sent credentials (an Authorization header, redacted in the recording): the API is protected. */
  credentials: boolean;
  /** The checks, each answered with its own recorded answers and skipped naming a request the recording lacks. */
  checks(checks: readonly AnyCheck[]): AnyCheck[];
  /** The report's `source`: the files, and how many recorded exchanges answered the replay. */
  source(): ReportSource;
}

/**
 * The replay of a run's own recording at `url` (or, not given, the URL its first request asked: the run's base
 * URL, asked first by every run).
 */
export function openReplay(
  own: { recorded: RecordedExchange[]; skipped: number },
  url: string | undefined,
  files: readonly string[],
  configuredHeaders: readonly string[],
): Replay {
  const { recorded, skipped } = own;
  const first = new URL(recorded[0]!.exchange.request.url);
  const baseUrl = url ?? `${first.origin}${first.pathname.replace(/\/+$/, '')}`;
  if (!recorded.some(({ exchange }) => exchange.request.url.startsWith(baseUrl)))
    throw new UsageError(
      `the recording holds no request to ${baseUrl}: give the base URL it was recorded against (its first request asked ${first.href})`,
    );
  const recording = new Recording(recorded, baseUrl, configuredHeaders);
  const times = recorded.map(({ exchange }) => exchange.startedAt).filter((at): at is number => at !== undefined);
  return {
    recording,
    baseUrl,
    writes: recorded.some(({ exchange }) => WRITES.has(exchange.request.method)),
    credentials: recorded.some(({ exchange }) => exchange.request.headers['authorization'] !== undefined),
    checks: (checks) => checks.map((check) => taggedWithJob(check, recording)),
    source: () => ({
      kind: 'recording',
      files: [...files],
      exchanges: {
        read: recorded.length + skipped,
        judged: recording.counts.used,
        outside: 0,
        dropped: recorded.length + skipped - recording.counts.used,
      },
      replay: { answered: recording.counts.answered, missing: recording.counts.missing },
      ...(times.length > 0
        ? { firstAt: new Date(Math.min(...times)).toISOString(), lastAt: new Date(Math.max(...times)).toISOString() }
        : {}),
    }),
  };
}

/** The Authorization a replay of a protected run sends: never sent anywhere, and no part of what is matched. */
export const REPLAYED_AUTHORIZATION = 'Bearer replayed-credential';

/**
 * The run options of a replay: a protected run's replay carries a credential of its own (a fixed Authorization,
 * as `--header` gives), so the API is protected in the replay too and the auth checks that need no token of
 * their own (no token, an invalid one, open resources) judge the recorded answers; unless credentials were given.
 */
export function replayHeaders(replay: Replay, options: CheckOptions): Record<string, string> | undefined {
  const headers = options.run.headers;
  const given = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
  if (!replay.credentials || given || options.profile !== undefined || options.access.clientId !== undefined)
    return headers;
  return { ...headers, authorization: REPLAYED_AUTHORIZATION };
}

/**
 * A check whose requests carry its job (so a recording names who sent each, and a replay answers each check with
 * its own answers); in a replay, a request the recording lacks ends it as a skip naming that request, unless it
 * found a fault before (what it found stands).
 */
export function taggedWithJob(check: AnyCheck, recording?: Recording): AnyCheck {
  return {
    ...check,
    async run(ctx, resource) {
      const job = jobTag(check.meta.id, (resource as { path: string }).path);
      let failure: unknown;
      try {
        await asJob(job, () => check.run(ctx, resource));
      } catch (error) {
        failure = error;
      }
      const miss = recording?.misses.get(job);
      if (miss !== undefined) ctx.skip(`${NOT_IN_RECORDING}: ${miss}`);
      if (failure !== undefined) throw failure;
    },
  };
}
