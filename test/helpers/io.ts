import type { Io } from '../../src/cli/io.js';

/** An Io that records what a command writes, for assertions. */
export function captureIo(): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    isTTY: false,
    cwd: process.cwd(),
    env: {} as NodeJS.ProcessEnv,
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
  };
  return io;
}
