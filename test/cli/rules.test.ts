import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRulesMarkdown, ruleCatalogue } from '../../src/catalogue/rules.js';
import { CHECKS } from '../../src/checks/index.js';
import { main } from '../../src/cli/main.js';
import type { RuleInfo } from '../../src/core/report/types.js';
import { lintRuleInfos } from '../../src/lint/rule-infos.js';
import { DIFF_KINDS } from '../../src/diff/kinds.js';
import { captureIo } from '../helpers/io.js';

describe('restguide rules', () => {
  it('lists every registered check and every lint rule once, as JSON', async () => {
    const io = captureIo();
    expect(await main(['rules', '--format', 'json'], io)).toBe(0);
    const rules = JSON.parse(io.out) as RuleInfo[];
    const ids = rules.map((r) => `${r.kind}:${r.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      rules
        .filter((r) => r.kind === 'check')
        .map((r) => r.id)
        .sort(),
    ).toEqual(CHECKS.map((c) => c.meta.id).sort());
    expect(
      rules
        .filter((r) => r.kind === 'lint')
        .map((r) => r.id)
        .sort(),
    ).toEqual(
      lintRuleInfos()
        .map((r) => r.id)
        .sort(),
    );
    expect(
      rules
        .filter((r) => r.kind === 'diff')
        .map((r) => r.id)
        .sort(),
    ).toEqual(Object.keys(DIFF_KINDS).sort());
    for (const rule of rules) {
      // The OpenAPI Specification's own rules link to it; every other rule to its guide anchor.
      if (rule.rule === 'openapi-spec')
        expect(rule.url).toMatch(/^https:\/\/spec\.openapis\.org\/oas\/v3\.0\.3\.html#/);
      else expect(rule.url).toBe(`https://www.belgif.be/specification/rest/api-guide/#rule-${rule.rule}`);
      expect(['error', 'warning', 'info']).toContain(rule.severity);
      expect(rule.description.length).toBeGreaterThan(0);
    }
  });

  it("docs/rules-command.md quotes today's tally", async () => {
    const io = captureIo();
    expect(await main(['rules'], io)).toBe(0);
    const tally = io.out.trim().split('\n').at(-1) ?? '';
    expect(tally).toMatch(/^\d+ checks, \d+ lint rules, \d+ diff findings$/);
    expect(readFileSync(new URL('../../docs/rules-command.md', import.meta.url), 'utf8')).toContain(`\`${tally}\``);
  });

  it('keeps the rules a filter names: a kind, or a word of the id, area or guide rule', async () => {
    const listed = async (filter: string) => {
      const io = captureIo();
      expect(await main(['rules', filter, '-f', 'json'], io)).toBe(0);
      return JSON.parse(io.out) as RuleInfo[];
    };
    const all = ruleCatalogue();
    expect(await listed('check')).toEqual(all.filter((r) => r.kind === 'check'));
    const paging = await listed('PAGING');
    expect(paging.length).toBeGreaterThan(0);
    expect(paging.every((r) => r.id.includes('paging') || r.rule.includes('paging'))).toBe(true);
    expect(paging.some((r) => r.id.startsWith('paging.'))).toBe(true);
    expect((await listed('col-paging')).every((r) => r.rule === 'col-paging' || r.id.includes('col-paging'))).toBe(
      true,
    );
    const text = captureIo();
    await main(['rules', 'diff'], text);
    expect(text.out.trim().split('\n').at(-1)).toMatch(/^0 checks, 0 lint rules, \d+ diff findings$/);
    const one = captureIo();
    await main(['rules', 'oas-contra'], one);
    expect(one.out.trim().split('\n').at(-1)).toBe('1 check, 1 lint rule, 0 diff findings');
  });

  it('refuses a filter that matches nothing, in one line, exit 2', async () => {
    const io = captureIo();
    expect(await main(['rules', 'nothing-by-this-name'], io)).toBe(2);
    expect(io.err.trim()).toBe(
      'restguide: no check, lint rule or diff finding matches "nothing-by-this-name": try a kind (check, lint, diff), an area such as paging, or a guide rule such as col-paging',
    );
  });

  it('takes -f as --format, as check and lint do', async () => {
    const short = captureIo();
    const long = captureIo();
    expect(await main(['rules', '-f', 'json'], short)).toBe(0);
    expect(await main(['rules', '--format', 'json'], long)).toBe(0);
    expect(short.out).toBe(long.out);
    expect(Array.isArray(JSON.parse(short.out))).toBe(true);
  });

  it('says which checks write', async () => {
    const rules = ruleCatalogue();
    const writing = CHECKS.filter((c) => c.meta.writes)
      .map((c) => c.meta.id)
      .sort();
    expect(
      rules
        .filter((r) => r.writes)
        .map((r) => r.id)
        .sort(),
    ).toEqual(writing);
    expect(rules.filter((r) => r.kind === 'lint' && r.writes)).toEqual([]);
  });

  it('prints a text table with one row per rule and a tally', async () => {
    const io = captureIo();
    expect(await main(['rules'], io)).toBe(0);
    const lines = io.out.trimEnd().split('\n');
    const rules = ruleCatalogue();
    expect(lines[0]).toMatch(/^KIND\s+ID\s+GUIDE RULE\s+SEVERITY\s+WRITES\s+DESCRIPTION\s+LINK$/);
    expect(lines).toHaveLength(rules.length + 3);
    const diffs = Object.keys(DIFF_KINDS).length;
    expect(lines.at(-1)).toBe(
      `${CHECKS.length} checks, ${rules.length - CHECKS.length - diffs} lint rules, ${diffs} diff findings`,
    );
  });

  it('matches the tables in docs/rules.md (regenerate: npm run build && node scripts/sync-rules-doc.mjs)', () => {
    const page = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8');
    const generated = page.split('<!-- rules:start -->')[1]?.split('<!-- rules:end -->')[0];
    // The shape scripts/sync-rules-doc.mjs writes: one table per kind, under its heading, with its count.
    const kinds = [
      ['check', 'Checks', 'checks', '`restguide check`'],
      ['lint', 'Lint rules', 'lint rules', '`restguide lint`'],
      ['diff', 'Diff findings', 'diff finding kinds', '`restguide diff`'],
    ] as const;
    const rules = ruleCatalogue();
    const expected = kinds
      .map(([kind, heading, noun, command]) => {
        const rows = rules.filter((rule) => rule.kind === kind);
        return `## ${heading}\n\n${rows.length} ${noun} of ${command}.\n\n${renderRulesMarkdown(rows)}\n`;
      })
      .join('\n');
    expect(generated).toBe(`\n${expected}`);
  });
});
