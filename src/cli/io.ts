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
}

export const processIo = (): Io => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  cwd: process.cwd(),
  env: process.env,
});

/** Colours on stdout: a terminal, unless NO_COLOR is set (https://no-color.org); FORCE_COLOR forces them. */
export const wantsColor = (io: Io): boolean =>
  Boolean(io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') || (Boolean(io.stdoutIsTTY) && !io.env.NO_COLOR);
