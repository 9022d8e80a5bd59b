// The progress line of a long lint run: on stderr, only on a terminal, not with --quiet, and only
// once the run has taken a second (a quick run prints nothing). Rewritten in place, cleared at the end.
import type { Io } from './io.js';
import type { LintProgress, ProgressSink } from '../lint/engine/progress.js';
import { formatCount } from '../core/report/format-count.js';

interface ProgressLine {
  sink?: ProgressSink;
  /** Clears the line, if one was shown. */
  end(): void;
}

interface ProgressTiming {
  afterMs?: number;
  everyMs?: number;
  now?: () => number;
}

const CLEAR = '\r\u001b[K';

const progressText = (p: LintProgress): string =>
  `restguide lint: ${p.files}/${p.totalFiles} files, ${p.rules} rules, ${formatCount(p.findings)} findings so far (${p.phase})`;

export function progressLine(
  io: Io,
  quiet: boolean,
  { afterMs = 1000, everyMs = 100, now = Date.now }: ProgressTiming = {},
): ProgressLine {
  if (quiet || !io.isTTY) return { end() {} };
  const started = now();
  let last = -Infinity;
  let shown = false;
  return {
    sink(progress) {
      const t = now();
      if (t - started < afterMs || t - last < everyMs) return;
      last = t;
      shown = true;
      io.stderr(`${CLEAR}${progressText(progress)}`);
    },
    end() {
      if (shown) io.stderr(CLEAR);
    },
  };
}
