// Runs a shell script as a CI runner would, asynchronously (the servers under test run in this
// process), with a bound on its time; resolves with its status and output.
import { spawn } from 'node:child_process';

export interface ShellRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runShell(
  shell: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<ShellRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
