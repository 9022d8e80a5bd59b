// Writes two documents (and any extra files) to a temp folder as YAML and diffs them.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { diffDocuments } from '../../src/diff/index.js';
import type { DiffReport } from '../../src/diff/types.js';

export type Doc = Record<string, unknown>;

export async function writeFiles(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-diff-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), typeof content === 'string' ? content : stringify(content));
  }
  return dir;
}

export async function diffPair(oldDoc: Doc, newDoc: Doc, extra: Record<string, unknown> = {}): Promise<DiffReport> {
  const dir = await writeFiles({ 'old.yaml': oldDoc, 'new.yaml': newDoc, ...extra });
  return diffDocuments('old.yaml', 'new.yaml', { cwd: dir });
}

export const errorCodes = (report: DiffReport): string[] =>
  report.findings
    .filter((f) => f.severity === 0)
    .map((f) => f.code)
    .sort();
export const infoCodes = (report: DiffReport): string[] =>
  report.findings
    .filter((f) => f.severity === 2)
    .map((f) => f.code)
    .sort();

/** A deep copy changed by `mutate`. */
export const variant = (doc: Doc, mutate: (d: any) => void): Doc => {
  const copy = structuredClone(doc);
  mutate(copy);
  return copy;
};
