// Every test run writes its temporary files (reports, baselines, profiles, spawned CLIs' files)
// under one folder of its own, removed when the run ends: tests create them with
// mkdtemp(tmpdir()), and a run used to leave a few hundred `restguide-*` folders in /tmp.
// Test workers and the processes they spawn inherit TMPDIR, which tmpdir() reads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  // Each vitest project runs the global setup: the first one makes the folder, the others use it.
  if (process.env.RESTGUIDE_TEST_RUN_DIR) return () => {};
  const previous = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'restguide-test-run-'));
  process.env.TMPDIR = runDir;
  process.env.RESTGUIDE_TEST_RUN_DIR = runDir;
  return () => {
    delete process.env.RESTGUIDE_TEST_RUN_DIR;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true });
  };
}
