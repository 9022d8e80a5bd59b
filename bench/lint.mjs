// restguide lint next to spectral lint (spectral:oas) on the same generated large document.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fmt, medianRun } from './lib/measure.mjs';
import { generateLargeDocument } from './lib/large-document.mjs';

const root = new URL('..', import.meta.url).pathname;

export async function benchLint({ resources = 400 } = {}) {
  const dir = join(root, '.bench-tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'large-openapi.yaml');
  const yaml = stringify(generateLargeDocument(resources));
  writeFileSync(file, yaml);
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
  const megabytes = Buffer.byteLength(yaml) / 1024 / 1024;

  const ours = await medianRun([join(root, 'bin/restguide.js'), 'lint', file, '--format', 'json'], 3);
  const spectral = await medianRun([join(root, 'node_modules/@stoplight/spectral-cli/dist/index.js'), 'lint', file,
    '--ruleset', join(dir, '.spectral.yaml'), '--format', 'json', '--quiet'], 3);
  return [{ label: `lint: ${fmt(megabytes, 1)} MB document, ms`, value: fmt(ours.ms), baseline: `spectral lint (spectral:oas) ${fmt(spectral.ms)} ms`, ratio: ours.ms / spectral.ms, target: { atMost: 0.5 } }];
}
