// diff of Swagger 2.0 documents: compared in their OpenAPI 3.0 form, findings on each side's own lines.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../src/diff/index.js';
import { writeFiles } from './harness.js';

const CLEAN = join(import.meta.dirname, '../fixtures/lint/swagger/clean.yaml');

describe('restguide diff of Swagger 2.0 documents', () => {
  it('a removed response property: one breaking finding on the Swagger lines of both sides; no change: none', async () => {
    const old = await readFile(CLEAN, 'utf8');
    const changed = old.replace(
      '            href: {type: string, format: uri}\n            name: {type: string}\n',
      '            href: {type: string, format: uri}\n',
    );
    expect(changed).not.toBe(old);
    const dir = await writeFiles({ 'old.yaml': old, 'new.yaml': changed, 'same.yaml': old });
    expect((await diffDocuments('old.yaml', 'same.yaml', { cwd: dir })).findings).toEqual([]);

    const report = await diffDocuments('old.yaml', 'new.yaml', { cwd: dir });
    expect(report.findings.map((f) => `${f.code} ${f.severity} ${f.path.join('/')}`)).toEqual([
      'evo-compat-response-property-removed 0 definitions/EmployerCollection/properties/items/items',
    ]);
    const [finding] = report.findings;
    const line = (text: string, at: number) => text.split('\n')[at];
    expect(line(changed, finding!.range.start.line)).toBe('        items:');
    expect(finding!.old.path).toEqual([
      'definitions',
      'EmployerCollection',
      'properties',
      'items',
      'items',
      'properties',
      'name',
    ]);
    expect(line(old, finding!.old.range.start.line)).toBe('            name: {type: string}');
  });

  it('a Swagger 2.0 document against its OpenAPI 3.0 successor: only what the migration changed', async () => {
    const old = await readFile(CLEAN, 'utf8');
    const { convertSwagger } = await import('../../src/lint/swagger.js');
    const { parse } = await import('yaml');
    const migrated = convertSwagger(parse(old) as Record<string, unknown>);
    const dir = await writeFiles({ 'old.yaml': old, 'new.yaml': migrated });
    expect((await diffDocuments('old.yaml', 'new.yaml', { cwd: dir })).findings).toEqual([]);
  });
});
