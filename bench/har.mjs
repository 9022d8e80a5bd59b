// `check --har` keeps memory flat: a recording of the reference server's run is repeated into a small and a
// large HAR (written streaming), each judged by the built CLI in a child process; peak RSS large against small.
// By default 25,000 entries against 200,000 (target ≤ 1.3); HAR_SMALL_ENTRIES and HAR_LARGE_ENTRIES change
// them. HAR_SMALL_MB and HAR_LARGE_MB size them in megabytes instead (target ≤ 1.5; the 1 GB proof was
// HAR_LARGE_MB=1024 against 10 MB).
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from './lib/measure.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/restguide.js');
const peakRss = join(root, 'bench/lib/peak-rss.cjs');
const BY_MB = process.env.HAR_SMALL_MB !== undefined || process.env.HAR_LARGE_MB !== undefined;
const SMALL = BY_MB
  ? { mb: Number(process.env.HAR_SMALL_MB ?? 10) }
  : { count: Number(process.env.HAR_SMALL_ENTRIES ?? 25_000) };
const LARGE = BY_MB
  ? { mb: Number(process.env.HAR_LARGE_MB ?? 250) }
  : { count: Number(process.env.HAR_LARGE_ENTRIES ?? 200_000) };

/** Writes `entries` again and again until the file holds `size.mb` megabytes or `size.count` entries; returns the number of entries. */
async function repeatInto(file, entries, size) {
  const full = (bytes, written) => (size.mb !== undefined ? bytes >= size.mb * 1024 * 1024 : written >= size.count);
  const out = createWriteStream(file);
  out.write('{"log":{"version":"1.2","creator":{"name":"restguide bench"},"entries":[\n');
  let written = 0;
  let bytes = 0;
  while (!full(bytes, written)) {
    for (const entry of entries) {
      const chunk = `${written === 0 ? '' : ',\n'}${entry}`;
      bytes += chunk.length;
      written++;
      if (!out.write(chunk)) await once(out, 'drain');
      if (full(bytes, written)) break;
    }
  }
  out.end('\n]}}\n');
  await once(out, 'finish');
  return written;
}

/** Judges a HAR in a child process; returns its peak RSS in MB, its wall time and its exit code. */
function judge(file, base, openapi) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      '--require',
      peakRss,
      bin,
      'check',
      base,
      '--har',
      file,
      '--openapi',
      openapi,
      '-f',
      'json',
      '-o',
      join(file, '..', 'report.json'),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const kb = Number(/PEAK_RSS_KB (\d+)/.exec(run.stderr)?.[1]);
  if (!kb) throw new Error(`no peak RSS from the judging: ${run.stderr.slice(-500)}`);
  return { rssMB: kb / 1024, seconds: (performance.now() - started) / 1000, status: run.status };
}

export async function benchHar() {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-bench-har-'));
  try {
    // One real run of the reference server, recorded: the entries to repeat, and its base URL.
    const record = join(dir, 'run.har');
    const run = spawnSync(
      process.execPath,
      [bin, 'check', '--record', record, '-f', 'json', '-o', join(dir, 'run.json')],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`the recorded run exited ${run.status}: ${run.stderr.slice(-300)}`);
    const base = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).target;
    const entries = JSON.parse(readFileSync(record, 'utf8')).log.entries.map((entry) => JSON.stringify(entry));
    const openapi = join(dir, 'openapi.json');
    const { buildOpenApiDocument } = await import('../dist/src/reference-server/openapi/document.js').catch(() => ({}));
    if (!buildOpenApiDocument)
      throw new Error('build first (npm run build): dist/src/reference-server/openapi/document.js is missing');
    (await import('node:fs')).writeFileSync(openapi, JSON.stringify(buildOpenApiDocument()));

    const small = join(dir, 'small.har');
    const large = join(dir, 'large.har');
    const smallEntries = await repeatInto(small, entries, SMALL);
    const largeEntries = await repeatInto(large, entries, LARGE);
    const a = judge(small, base, openapi);
    const b = judge(large, base, openapi);
    if (a.status !== 0 || b.status !== 0)
      throw new Error(`judging exited ${a.status} (small) and ${b.status} (large), not 0`);
    const size = (file) => `${fmt(statSync(file).size / 1024 / 1024, 0)} MB`;
    return [
      {
        label: `check --har: peak RSS on ${size(large)} / ${fmt(largeEntries)} entries (${fmt(b.seconds, 1)} s, ${fmt(largeEntries / b.seconds, 0)} entries/s)`,
        value: `${fmt(b.rssMB, 0)} MB`,
        baseline: `${fmt(a.rssMB, 0)} MB on ${size(small)} / ${fmt(smallEntries)} entries (${fmt(a.seconds, 1)} s)`,
        ratio: b.rssMB / a.rssMB,
        target: { atMost: BY_MB ? 1.5 : 1.3, note: 'memory flat' },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
