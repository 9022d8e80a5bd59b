// A document compared with itself has no change: no finding and exit 0, whatever it holds (even a
// condition of the document itself, such as servers /v2 beside info.version 1.x); nor has one
// whose oneOf/anyOf alternatives were reordered.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { diffDocuments } from '../../src/diff/index.js';
import { captureIo } from '../helpers/io.js';
import { DocumentGenerator } from './generate-document.js';
import { writeFiles } from './harness.js';

const ROUNDS = 60;

describe('restguide diff of a document with itself', () => {
  it(`gives no finding on ${ROUNDS} generated documents`, async () => {
    const generator = new DocumentGenerator(29);
    let mismatched = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const doc = generator.document();
      const info = String((doc.info as { version: string }).version);
      if (
        (doc.servers as Array<{ url: string }>).some(
          (s) => !s.url.includes(`/v${/\d+/.exec(info)?.[0]}`) && /\/v\d/.test(s.url),
        )
      )
        mismatched++;
      const dir = await writeFiles({ 'old.yaml': doc, 'new.yaml': doc });
      const report = await diffDocuments('old.yaml', 'new.yaml', { cwd: dir });
      expect({ round, findings: report.findings, ignored: report.ignored }).toEqual({
        round,
        findings: [],
        ignored: [],
      });
    }
    // The property covers documents that disagree with themselves about their major version.
    expect(mismatched).toBeGreaterThan(5);
  });

  it('gives no finding when every oneOf/anyOf of a generated document is reordered', async () => {
    const generator = new DocumentGenerator(52);
    let shuffled = 0;
    for (let round = 0; round < 30; round++) {
      const doc = generator.document();
      const reordered = structuredClone(doc);
      const visit = (node: unknown): void => {
        if (typeof node !== 'object' || node === null) return;
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value) && value.length > 1) {
            value.push(value.shift());
            if (generator.chance(0.5)) value.reverse();
            shuffled++;
          }
          visit(value);
        }
      };
      visit(reordered);
      const dir = await writeFiles({ 'old.yaml': doc, 'new.yaml': reordered });
      const report = await diffDocuments('old.yaml', 'new.yaml', { cwd: dir });
      expect({ round, findings: report.findings }).toEqual({ round, findings: [] });
    }
    expect(shuffled).toBeGreaterThan(10);
  });

  it('exits 0 through the CLI, with --fail-on info', async () => {
    const generator = new DocumentGenerator(28);
    for (let round = 0; round < 5; round++) {
      const dir = await writeFiles({ 'api.yaml': generator.document() });
      const io = captureIo();
      io.cwd = dir;
      expect(await main(['diff', 'api.yaml', 'api.yaml', '--fail-on', 'info', '-f', 'json'], io)).toBe(0);
      expect(JSON.parse(io.out).findings).toEqual([]);
    }
  });
});
