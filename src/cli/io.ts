/** Where a command writes; tests pass their own to capture output. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is an interactive terminal (progress lines only then). */
  isTTY: boolean;
  /** The working directory that relative paths resolve against. */
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stderr.isTTY),
  cwd: process.cwd(),
  env: process.env,
});
