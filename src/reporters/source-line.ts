// Where a report's verdicts came from when restguide sent nothing (a recording, the proxy's traffic): one line
// for stylish, HTML and Markdown, properties for JUnit. The JSON report carries `source` as it is.
import type { ReportSource } from '../core/report/types.js';

/** "judged 3 of 4 recorded exchanges from run.har (1 outside the base URL, 0 dropped), <first> to <last>; ...". */
export function sourceLine(source: ReportSource): string {
  const { read, judged, outside, dropped } = source.exchanges;
  const from =
    source.kind === 'recording'
      ? `recorded exchange${read === 1 ? '' : 's'} from ${(source.files ?? []).join(', ')}`
      : `exchange${read === 1 ? '' : 's'} through the proxy at ${source.listening ?? '?'} to ${source.upstream ?? '?'}`;
  const span =
    source.firstAt === undefined
      ? ''
      : source.lastAt === undefined || source.lastAt === source.firstAt
        ? `, at ${source.firstAt}`
        : `, ${source.firstAt} to ${source.lastAt}`;
  const sent = source.kind === 'recording' ? '; no request was sent' : '';
  if (source.replay) {
    // A run's own recording replayed: its checks ran again, each request answered from the recording.
    const { answered, missing } = source.replay;
    return `replayed the run from ${(source.files ?? []).join(', ')}: ${answered} request${answered === 1 ? '' : 's'} answered by ${judged} of its ${read} recorded exchanges, ${missing} not in it${span}${sent}`;
  }
  return `judged ${judged} of ${read} ${from} (${outside} outside the base URL, ${dropped} dropped)${span}${sent}`;
}

/** The same as JUnit properties: `source`, `source.files` or `source.upstream`/`source.listening`, the counts, the span. */
export function sourceProperties(source: ReportSource): Array<[string, string]> {
  const { read, judged, outside, dropped } = source.exchanges;
  return [
    ['source', source.kind],
    ...(source.files ? [['source.files', source.files.join(', ')] as [string, string]] : []),
    ...(source.upstream ? [['source.upstream', source.upstream] as [string, string]] : []),
    ...(source.listening ? [['source.listening', source.listening] as [string, string]] : []),
    ['source.exchanges', `read ${read}, judged ${judged}, outside ${outside}, dropped ${dropped}`],
    ...(source.replay
      ? [
          ['source.replay', `answered ${source.replay.answered}, not in the recording ${source.replay.missing}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...(source.firstAt ? [['source.firstAt', source.firstAt] as [string, string]] : []),
    ...(source.lastAt ? [['source.lastAt', source.lastAt] as [string, string]] : []),
  ];
}
