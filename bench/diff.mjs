// restguide diff of two versions of a ~1.5 MB document next to one restguide lint of it, interleaved.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fmt, interleavedRuns } from './lib/measure.mjs';
import { generateLargeDocument } from './lib/large-document.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The next version: every 10th resource loses a path, a property, a required field or gains an enum value. */
export function mutate(document) {
  const next = structuredClone(document);
  const names = Object.keys(next.paths).filter((p) => p.endsWith('}'));
  names.forEach((path, i) => {
    if (i % 40 === 0) delete next.paths[path];
  });
  Object.entries(next.components.schemas).forEach(([name, schema], i) => {
    if (!/^Thing\d+$/.test(name)) return;
    if (i % 20 === 0) delete schema.properties.field3;
    if (i % 20 === 5) schema.required = [];
    if (i % 20 === 10) schema.properties.status = { type: 'string', enum: ['a', 'b'] };
    if (i % 20 === 15) schema.properties.field1.maxLength = 10;
  });
  return next;
}

/** Exit 0 or 1 with a JSON report on stdout; anything else failed. */
const jsonReport = (r) => (r.code === 0 || r.code === 1) && /^\s*[[{]/.test(r.output);

export async function benchDiff({ resources = 380 } = {}) {
  const dir = join(root, '.bench-tmp');
  mkdirSync(dir, { recursive: true });
  const document = generateLargeDocument(resources);
  const oldFile = join(dir, 'diff-old.yaml');
  const newFile = join(dir, 'diff-new.yaml');
  const oldYaml = stringify(document);
  writeFileSync(oldFile, oldYaml);
  writeFileSync(newFile, stringify(mutate(document)));
  const megabytes = Buffer.byteLength(oldYaml) / 1024 / 1024;
  const bin = join(root, 'bin/restguide.js');

  const [diff, lint] = await interleavedRuns(
    [
      { args: [bin, 'diff', oldFile, newFile, '--format', 'json'], accept: jsonReport },
      { args: [bin, 'lint', newFile, '--format', 'json'], accept: jsonReport },
    ],
    3,
  );
  const report = JSON.parse(diff.result.output);
  return [
    {
      label: `diff: two versions of a ${fmt(megabytes, 1)} MB document, wall ms (${report.summary.errors} breaking, ${report.summary.infos} info)`,
      value: fmt(diff.ms),
      baseline: `restguide lint of it ${fmt(lint.ms)} ms`,
      ratio: diff.ms / lint.ms,
      target: { atMost: 1 },
    },
  ];
}
