// restguide lint next to spectral lint (spectral:oas) on the same generated large document, interleaved.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fmt, interleavedRuns } from './lib/measure.mjs';
import { generateLargeDocument } from './lib/large-document.mjs';

const root = new URL('..', import.meta.url).pathname;
// spectral-cli's bin (package.json "bin": { "spectral": "./dist/index.js" }).
const spectralBin = join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js');

/** Exit 0 (clean) or 1 (findings) with a JSON report on stdout; anything else failed. */
const jsonReport = (r) => (r.code === 0 || r.code === 1) && /^\s*[[{]/.test(r.output);

export async function benchLint({ resources = 1000 } = {}) {
  const dir = join(root, '.bench-tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'large-openapi.yaml');
  const yaml = stringify(generateLargeDocument(resources));
  writeFileSync(file, yaml);
  const ruleset = join(dir, '.spectral.yaml');
  writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
  const megabytes = Buffer.byteLength(yaml) / 1024 / 1024;

  const [ours, spectral] = await interleavedRuns(
    [
      { args: [join(root, 'bin/restguide.js'), 'lint', file, '--format', 'json'], accept: jsonReport },
      { args: [spectralBin, 'lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet'], accept: jsonReport },
    ],
    3,
  );
  const ourFindings = countFindings(JSON.parse(ours.result.output));
  const spectralFindings = JSON.parse(spectral.result.output).length;
  return [
    {
      label: `lint: ${fmt(megabytes, 1)} MB document (${resources * 2 + 1} paths), wall ms (${ourFindings} findings)`,
      value: fmt(ours.ms),
      baseline: `spectral lint (spectral:oas) ${fmt(spectral.ms)} ms (${spectralFindings} findings)`,
      ratio: ours.ms / spectral.ms,
      target: { atMost: 0.5 },
    },
  ];
}

function countFindings(report) {
  if (Array.isArray(report)) return report.length;
  if (Array.isArray(report.results)) return report.results.length;
  if (Array.isArray(report.findings)) return report.findings.length;
  return '?';
}
