// The tail check, lint and diff share once their report is made: the baseline (--baseline applied,
// --write-baseline written), the exit code, the reports, and what the terminal must still be told.
// Each command brings what differs (which baseline, which gate, how it renders) as steps.
import { resolve } from 'node:path';

export interface GateSteps<R> {
  /** --baseline and --write-baseline as given (the messages name them so). */
  baseline?: string | undefined;
  writeBaseline?: string | undefined;
  /** The report with the baseline file (an absolute path) applied. */
  applyBaseline(report: R, file: string): Promise<R>;
  /** Writes the report's baseline to `file`; its entries, and what one entry stands for. */
  recordBaseline(report: R, file: string): Promise<{ entries: number; each: string }>;
  /** The exit code; `recorded`: a baseline was written, which is the point of the run, not a gate. */
  exitCode(report: R, recorded: boolean): number;
  /** Writes the reports; `toStdout` when one went to the terminal. */
  publish(report: R, exitCode: number): Promise<{ toStdout: boolean }>;
  /** The outcome in one line, for a terminal that got no report. */
  summaryLine(report: R): Promise<string>;
  /** A run stopped by a signal: it records no baseline, and says nothing after its reports. */
  interrupted?: () => boolean;
}

/** Applies the baseline, decides the exit code, publishes the report and tells the terminal what it must know. */
export async function gate<R>(
  ran: R,
  steps: GateSteps<R>,
  io: { cwd: string; stderr(text: string): void },
): Promise<{ report: R; exitCode: number }> {
  const interrupted = steps.interrupted ?? (() => false);
  let report = ran;
  const { baseline, writeBaseline } = steps;
  if (baseline) report = await steps.applyBaseline(report, resolve(io.cwd, baseline));
  let wrote: string | undefined;
  // A partial (interrupted) run would record a partial baseline: none is written then.
  if (writeBaseline && !interrupted()) {
    const { entries, each } = await steps.recordBaseline(report, resolve(io.cwd, writeBaseline));
    wrote = `restguide: wrote baseline ${writeBaseline}: ${entries} ${entries === 1 ? 'entry' : 'entries'} (${each}); runs with --baseline ${writeBaseline} now fail only on new ones\n`;
  }
  const exitCode = steps.exitCode(report, wrote !== undefined);
  const written = await steps.publish(report, exitCode);
  // Every report went to a file: the terminal still gets the outcome.
  if (!written.toStdout) io.stderr(`restguide: ${await steps.summaryLine(report)}\n`);
  if (wrote && !interrupted()) io.stderr(wrote);
  return { report, exitCode };
}
