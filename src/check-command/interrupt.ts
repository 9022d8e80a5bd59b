// SIGINT/SIGTERM during `check`: stop sending, run the cleanups (bounded), say what was left, exit 130.
import { redactUrl } from '../core/report/redact.js';
import type { CleanupRecord } from '../core/report/types.js';

export const EXIT_INTERRUPTED = 130;

/** SIGINT/SIGTERM abort the run once; a second signal gets Node's default (immediate exit). */
export function onInterrupt(say: (text: string) => void): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    say(`\nrestguide: ${signal}: sending no new request; running the cleanups (Ctrl-C again to quit at once)\n`);
    controller.abort();
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.removeListener('SIGINT', handler);
      process.removeListener('SIGTERM', handler);
    },
  };
}

/** What an interrupted run cleaned, and what it could not (so a person can remove it by hand). */
export function cleanupLines(cleanups: readonly CleanupRecord[]): string {
  const failed = cleanups.filter((entry) => entry.outcome === 'left');
  const lines = [
    `restguide: interrupted: ${cleanups.length - failed.length} cleanup request${cleanups.length - failed.length === 1 ? '' : 's'} succeeded, ${failed.length} could not clean up\n`,
  ];
  for (const entry of cleanups) {
    const what = `${entry.method} ${redactUrl(entry.url)}${entry.status === undefined ? '' : ` → ${entry.status}`}${entry.reason ? `: ${redactUrlsIn(entry.reason)}` : ''}`;
    lines.push(`  ${entry.outcome === 'cleaned' ? 'cleaned' : 'NOT cleaned'}: ${what}\n`);
  }
  return lines.join('');
}

export const redactUrlsIn = (text: string): string => text.replace(/https?:\/\/\S+/g, (url) => redactUrl(url));
