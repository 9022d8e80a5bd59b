// Lint at scale: restguide against Redocly CLI and spectral-cli on the GitHub, Stripe and Twilio
// descriptions (or same-size generated stand-ins), linear growth over 1, 2, 4, 8 copies of a
// generated document, and start-up on a small document. Nothing is fetched: see docs/development.md.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fmt, median, timeRun } from './lib/measure.mjs';
import { generateLargeDocument } from './lib/large-document.mjs';

const root = new URL('..', import.meta.url).pathname;
const documents = join(root, 'bench/documents');
const tmp = join(root, '.bench-tmp');
const peakRss = join(root, 'bench/lib/peak-rss.cjs');
const restguideBin = join(root, 'bin/restguide.js');
const spectralBin = join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js');
const redoclyBin = join(root, 'bench/.tools/node_modules/@redocly/cli/bin/cli.js');
const octokitJson = join(root, 'bench/.tools/node_modules/@octokit/openapi/generated/api.github.com.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const MB = 1024 * 1024;
const REAL = [
  { name: 'Twilio api_v2010', file: 'twilio', megabytes: 1.5 },
  { name: 'Stripe spec3', file: 'stripe', megabytes: 4.2 },
  { name: 'GitHub REST', file: 'github', megabytes: 10 },
];

/** A same-shape stand-in: the generated document grown to about `megabytes` of YAML. */
function generated(megabytes, name) {
  const file = join(tmp, `${name}-generated-${megabytes}mb.yaml`);
  if (!existsSync(file)) {
    const perResource = Buffer.byteLength(stringify(generateLargeDocument(10))) / 10;
    writeFileSync(file, stringify(generateLargeDocument(Math.max(1, Math.round((megabytes * MB) / perResource)))));
  }
  return file;
}

function documentFor({ file, megabytes }) {
  for (const ext of ['yaml', 'yml', 'json']) {
    const path = join(documents, `${file}.${ext}`);
    if (existsSync(path)) return { path, real: true };
  }
  if (file === 'github' && existsSync(octokitJson)) {
    mkdirSync(documents, { recursive: true });
    const path = join(documents, 'github.yaml');
    writeFileSync(path, stringify(JSON.parse(readFileSync(octokitJson, 'utf8')), { aliasDuplicateObjects: false }));
    return { path, real: true };
  }
  return { path: generated(megabytes, file), real: false };
}

const exitedWithReport = (r) => r.code === 0 || r.code === 1;
const tools = (path) => ({
  restguide: [
    restguideBin,
    'lint',
    path,
    '--format',
    'json',
    '--output',
    join(tmp, 'restguide-report.json'),
    '--quiet',
  ],
  spectral: [spectralBin, 'lint', path, '--ruleset', join(tmp, '.spectral.yaml'), '--format', 'json', '--quiet'],
  redocly: existsSync(redoclyBin) ? [redoclyBin, 'lint', path, '--format=json'] : undefined,
});

/** Median wall ms and peak RSS (MB) of each command over interleaved rounds. */
async function measure(commands, rounds) {
  const runs = Object.fromEntries(Object.keys(commands).map((k) => [k, { ms: [], rss: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, args] of Object.entries(commands)) {
      // restguide runs as users run it (Node's default heap, the report written to a file); the peers
      // get a larger old space, which the 10 MB document needs.
      const flags = name === 'restguide' ? [] : ['--max-old-space-size=4096'];
      const result = await timeRun([...flags, '--require', peakRss, ...args], { env });
      if (!exitedWithReport(result)) throw new Error(`${name} exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      runs[name].ms.push(result.ms);
      runs[name].rss.push(Number(/PEAK_RSS_KB (\d+)/.exec(result.stderr)?.[1] ?? 0) / 1024);
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, { ms: median(v.ms), rss: Math.max(...v.rss) }]));
}

const cell = (m) => `${fmt(m.ms / 1000, 1)} s, ${fmt(m.rss)} MB`;

export async function benchLintScale({ rounds = 2 } = {}) {
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  const rows = [];
  for (const doc of REAL) {
    const { path, real } = documentFor(doc);
    const size = `${fmt(statSync(path).size / MB, 1)} MB${real ? '' : ', generated stand-in'}`;
    const all = tools(path);
    // spectral-cli on the 10 MB document takes minutes and gigabytes, and no target uses it.
    const commands = {
      restguide: all.restguide,
      ...(doc.file !== 'github' ? { spectral: all.spectral } : {}),
      ...(all.redocly ? { redocly: all.redocly } : {}),
    };
    process.stderr.write(`bench: lint-scale ${doc.name} (${size})...\n`);
    // The lint engine's accelerated mode must lint each document without falling back to its stock path.
    const verbose = await timeRun([...all.restguide, '--verbose'], { env });
    if (!/lint engine: accelerated, 0 fallbacks/.test(verbose.stderr))
      throw new Error(
        `${doc.name}: the lint engine fell back: ${verbose.stderr.slice(verbose.stderr.indexOf('lint engine')).trim()}`,
      );
    // Five rounds at least where spectral-cli runs: its wall time on one document varies by half
    // between runs on a shared VM (docs/performance.md). The 10 MB document keeps `rounds`.
    const m = await measure(commands, commands.spectral ? Math.max(rounds, 5) : rounds);
    const label = `lint ${doc.name} (${size}): restguide wall, peak RSS`;
    const versusRedocly = doc.file === 'twilio' ? 0.5 : 1.0;
    if (m.redocly)
      rows.push({
        label: `${label} vs Redocly CLI`,
        value: cell(m.restguide),
        baseline: `Redocly ${cell(m.redocly)}`,
        ratio: m.restguide.ms / m.redocly.ms,
        target: { atMost: versusRedocly },
      });
    else
      rows.push({
        label: `${label} (Redocly CLI not installed: see docs/development.md)`,
        value: cell(m.restguide),
        baseline: '-',
        ratio: NaN,
      });
    if (m.spectral)
      rows.push({
        label: `${label} vs spectral-cli (spectral:oas)`,
        value: cell(m.restguide),
        baseline: `spectral ${cell(m.spectral)}`,
        ratio: m.restguide.ms / m.spectral.ms,
      });
    if (doc.file === 'github')
      rows.push({
        label: `lint ${doc.name}: peak RSS MB against 600 MB`,
        value: fmt(m.restguide.rss),
        baseline: '600 MB',
        ratio: m.restguide.rss / 600,
        target: { atMost: 1.0 },
      });
  }
  rows.push(...(await linearity(rounds)));
  rows.push(await startup());
  return rows;
}

/** Cost per MB at 8 copies of a generated document against 1 copy: linear growth keeps it ≤ 1.25. */
async function linearity(rounds) {
  const sizes = [1, 2, 4, 8];
  const files = sizes.map((n) => generated(n, 'copies'));
  const perMb = {};
  for (const [i, n] of sizes.entries()) {
    process.stderr.write(`bench: lint-scale ${n} copies...\n`);
    const m = await measure({ restguide: tools(files[i]).restguide }, rounds);
    perMb[n] = { ...m.restguide, perMb: m.restguide.ms / (statSync(files[i]).size / MB) };
  }
  const detail = sizes.map((n) => `${n}×: ${fmt(perMb[n].ms / 1000, 1)} s ${fmt(perMb[n].rss)} MB`).join('; ');
  return [
    {
      label: `lint cost per MB, 8 copies vs 1 copy of a generated document (${detail})`,
      value: `${fmt(perMb[8].perMb)} ms/MB`,
      baseline: `${fmt(perMb[1].perMb)} ms/MB`,
      ratio: perMb[8].perMb / perMb[1].perMb,
      target: { atMost: 1.25 },
    },
  ];
}

/** `lint` of a small document against `--version` start-up: lint ≤ 1.5 × version + 150 ms. */
async function startup() {
  const small = join(root, 'test/fixtures/lint/multi/api.yaml');
  const version = [],
    lint = [];
  // Eleven interleaved rounds: a few seconds of a busy neighbour move a median of five, and the
  // budget's fixed 150 ms does not scale with the machine.
  for (let i = 0; i < 11; i++) {
    version.push((await timeRun([restguideBin, '--version'], { env })).ms);
    const r = await timeRun([restguideBin, 'lint', small, '--format', 'json'], { env });
    if (!exitedWithReport(r)) throw new Error(`lint of ${small} exited ${r.code}: ${r.stderr.slice(0, 300)}`);
    lint.push(r.ms);
  }
  const budget = 1.5 * median(version) + 150;
  return {
    label: 'lint of a small document, wall ms, against 1.5 × `--version` + 150 ms',
    value: fmt(median(lint)),
    baseline: `--version ${fmt(median(version))} ms, budget ${fmt(budget)} ms`,
    ratio: median(lint) / budget,
    target: { atMost: 1.0 },
  };
}
