import { UsageError } from '../core/util/errors.js';

/** Where a command writes; tests pass their own to capture output. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is an interactive terminal (progress lines only then). */
  isTTY: boolean;
  /** Whether stdout is an interactive terminal (colours only then); defaults to false. */
  stdoutIsTTY?: boolean;
  /** The working directory that relative paths resolve against. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** What `lint -` reads; absent, stdin is treated as empty. */
  stdin?: StdinSource;
}

export interface StdinSource {
  isTTY: boolean;
  /** The whole input as UTF-8; more than maxBytes is refused. */
  read(maxBytes: number): Promise<string>;
}

/** Reads stdin to its end, refusing more than maxBytes. */
async function readStream(stream: NodeJS.ReadableStream, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes)
      throw new UsageError(
        `lint -: stdin is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the lint size cap (set RESTGUIDE_LINT_MAX_MB to raise it)`,
      );
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const processIo = (): Io => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  cwd: process.cwd(),
  env: process.env,
  stdin: { isTTY: Boolean(process.stdin.isTTY), read: (maxBytes) => readStream(process.stdin, maxBytes) },
});

/** Colours on stdout: a terminal, unless NO_COLOR is set (https://no-color.org); FORCE_COLOR forces them. */
export const wantsColor = (io: Io): boolean =>
  Boolean(io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') || (Boolean(io.stdoutIsTTY) && !io.env.NO_COLOR);
