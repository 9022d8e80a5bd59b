import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  defineCheck,
  evidenceOf,
  judgesRecordings,
  judgesTraffic,
  renderMessage,
  type Evidence,
} from '../../src/core/engine/define-check.js';

const DEFINE_CHECK = join(import.meta.dirname, '../../src/core/engine/define-check.js');

/** Type-checks a snippet that imports defineCheck; returns the diagnostics' messages. */
function typeErrors(source: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'restguide-types-'));
  const file = join(dir, 'snippet.ts');
  writeFileSync(file, `import { defineCheck } from ${JSON.stringify(DEFINE_CHECK)};\n${source}`);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: ['node'],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const check = (report: string) => `
export default defineCheck({
  meta: { id: 'paging.sample', rule: 'col-paging', severity: 'error', writes: false, title: 'a title',
    messages: { missingNext: 'Page {{page}} has no next link.' } },
  appliesTo: 'collection',
  async run(ctx, collection) {
    const page = await ctx.get(collection.firstPage({ pageSize: 2 }));
    ${report}
  },
});`;

describe('defineCheck', () => {
  it('infers message ids: a known id compiles, a typo does not', () => {
    expect(typeErrors(check(`ctx.report('missingNext', { page: 1 }, page);`))).toEqual([]);
    expect(typeErrors(check(`ctx.report('missingNxt', { page: 1 }, page);`)).join('\n')).toMatch(/"missingNxt"/);
  }, 60_000);

  it('refuses ids outside the known areas or not kebab-case', () => {
    const meta = { rule: 'x', severity: 'error' as const, writes: false, title: 't', messages: { a: 'a' } };
    expect(() => defineCheck({ meta: { ...meta, id: 'nosuch.check' }, appliesTo: 'api', run() {} })).toThrow(
      /known area/,
    );
    expect(() => defineCheck({ meta: { ...meta, id: 'http.NotKebab' }, appliesTo: 'api', run() {} })).toThrow(/kebab/);
  });

  it('takes what a check judges from its meta: probes unless said, never reads or traffic for a check that writes', () => {
    const meta = { id: 'http.sample', rule: 'x', severity: 'error' as const, title: 't', messages: { a: 'a' } };
    const of = (extra: { writes: boolean; evidence?: Evidence }) =>
      defineCheck({ meta: { ...meta, ...extra }, appliesTo: 'api', run() {} });
    expect(evidenceOf(of({ writes: false }))).toBe('probes');
    expect(judgesRecordings(of({ writes: true }))).toBe(false);
    expect([
      judgesRecordings(of({ writes: false, evidence: 'reads' })),
      judgesTraffic(of({ writes: false, evidence: 'reads' })),
    ]).toEqual([true, false]);
    expect([
      judgesRecordings(of({ writes: false, evidence: 'traffic' })),
      judgesTraffic(of({ writes: false, evidence: 'traffic' })),
    ]).toEqual([true, true]);
    expect(() => of({ writes: true, evidence: 'reads' })).toThrow(/writes: its evidence is its own probes, not reads/);
    expect(() => of({ writes: true, evidence: 'traffic' })).toThrow(/not traffic/);
  });

  it('renders {{placeholders}}', () => {
    expect(renderMessage('Page {{page}} of {{ path }} ({{missing}})', { page: 2, path: '/employers' })).toBe(
      'Page 2 of /employers (?)',
    );
  });
});
