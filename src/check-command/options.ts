// What `restguide check` is asked to do, typed and parsed once from the command line (src/cli/check.ts);
// everything under src/check-command/ reads this, never commander's record. A new flag is a field here.
import type { AuthFlags } from '../core/http/auth/settings.js';
import type { FailOn } from '../core/report/fail-on.js';
import type { RunOptions } from '../core/engine/runner.js';
import type { CheckReport } from '../core/report/types.js';

/** The run's settings that come from flags; the base URL, contract and callbacks are added by the run. */
export type RunSettings = Pick<RunOptions, 'allowWrites' | 'only' | 'skip' | 'headers' | 'ratePerSecond' | 'retries'> &
  Required<Pick<RunOptions, 'timeoutMs' | 'concurrency' | 'deadlineMs'>>;

export interface CheckOptions {
  /** The API's base URL with its base path, no trailing slash; undefined: an embedded reference server. */
  baseUrl?: string;
  /** --auth-demo: the embedded reference server in protected mode. */
  demo: boolean;
  /** --profile: the file naming what to check. */
  profile?: string;
  /** --openapi: a file or URL; the profile is derived from it unless --profile is given, and it is the contract. */
  openapi?: string;
  /** --print-profile: print the profile the run would use, and run nothing. */
  printProfile: boolean;
  /** --wait: seconds to wait for the target to answer first. */
  waitSeconds?: number;
  run: RunSettings;
  /** OAuth2 client credentials and TLS material. */
  access: AuthFlags;
  failOn: Extract<FailOn, 'error' | 'warning'>;
  /** --baseline and --write-baseline: files, relative to the working directory. */
  baseline?: string;
  writeBaseline?: string;
  /** --record: the run's exchanges go to this HAR file (credentials redacted). */
  record?: string;
  /** --har: recordings to judge instead of a run (files; a base URL may follow them); nothing is sent. */
  har?: string[];
}

/** Where the run speaks: the terminal's two streams, and the working directory and environment it reads. */
export interface CheckIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** stderr is a terminal: progress lines only then. */
  isTTY: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Renders and writes the run's reports (the CLI's part: formats and files); says whether one went to stdout. */
export type PublishReports = (report: CheckReport, exitCode: number) => Promise<{ toStdout: boolean }>;
