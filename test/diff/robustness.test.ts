// Documents we did not write for the diff: the reference server's own document (24 paths), as
// JSON against YAML, and under random edits, which must never crash or hang the comparison.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffDocuments } from '../../src/diff/index.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { random } from '../helpers/random.js';
import { writeFiles } from './harness.js';

/** Every [parent, key] of a JSON tree. */
function slots(
  node: unknown,
  out: Array<[Record<string, unknown>, string]> = [],
): Array<[Record<string, unknown>, string]> {
  if (typeof node === 'object' && node !== null) {
    for (const key of Object.keys(node)) {
      out.push([node as Record<string, unknown>, key]);
      slots((node as Record<string, unknown>)[key], out);
    }
  }
  return out;
}

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  'x',
  0,
  true,
  [],
  {},
  { $ref: '#/nowhere' },
  { $ref: '#/components' },
  ['a'],
];

describe('restguide diff on the reference server document', () => {
  it('finds nothing between its JSON and its YAML spelling', async () => {
    const document = buildOpenApiDocument();
    const dir = await writeFiles({ 'openapi.yaml': document, 'openapi.json': JSON.stringify(document, null, 2) });
    const report = await diffDocuments('openapi.json', 'openapi.yaml', { cwd: dir });
    expect(report.findings).toEqual([]);
  });

  it('survives 25 random edits of either side: a report every time, never a crash', async () => {
    const document = buildOpenApiDocument();
    const dir = await writeFiles({ 'base.yaml': document });
    const next = random(13);
    const codes = new Set<string>();
    for (let round = 0; round < 25; round++) {
      const edited = structuredClone(document);
      const places = slots(edited);
      for (let edits = 0; edits < 5; edits++) {
        const [parent, key] = places[Math.floor(next() * places.length)]!;
        const value = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
        if (value === undefined) delete parent[key];
        else parent[key] = structuredClone(value);
      }
      edited.openapi = '3.0.3'; // an edit of the version line itself is refused up front, tested elsewhere
      await writeFile(join(dir, 'edited.yaml'), stringify(edited));
      const [a, b] = round % 2 ? ['base.yaml', 'edited.yaml'] : ['edited.yaml', 'base.yaml'];
      const report = await diffDocuments(a, b, { cwd: dir });
      for (const finding of report.findings) codes.add(finding.code);
      expect(report.findings.every((f) => f.range.start.line >= 0 && typeof f.message === 'string')).toBe(true);
    }
    expect(codes.size).toBeGreaterThan(5);
  });
});
