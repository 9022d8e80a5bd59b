// The lines of the linted files, for reports that show each finding's line (the HTML page).
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { LintReport } from '../core/report/types.js';
import { DEFAULT_MAX_BYTES } from './read-source.js';

/** Local files named by findings, split into lines; URLs and unreadable or oversized files are left out. */
export async function readSourceLines(
  report: LintReport,
  maxBytes = DEFAULT_MAX_BYTES,
): Promise<Map<string, string[]>> {
  const files = new Set(
    [...report.findings, ...report.ignored].map((finding) => finding.source).filter((source) => isAbsolute(source)),
  );
  const lines = new Map<string, string[]>();
  for (const file of files) {
    try {
      if ((await stat(file)).size > maxBytes) continue;
      lines.set(file, (await readFile(file, 'utf8')).split(/\r?\n/));
    } catch {
      // A file gone since it was linted: its findings are shown without the line.
    }
  }
  return lines;
}
