// `diff -f markdown`: a pull-request comment, breaking changes first with their paths, the rest folded.
import { describe, expect, it } from 'vitest';
import { renderDiffReport } from '../../src/reporters/index.js';
import { mdCode, mdText } from '../../src/reporters/markdown.js';
import { DIFF_CWD, diffReport } from '../fixtures/reports/diff-report.js';

const rules = [
  {
    kind: 'diff' as const,
    id: 'evo-compat-operation-removed',
    rule: 'evo-compat',
    severity: 'error' as const,
    writes: false,
    description: '',
    url: 'https://www.belgif.be/specification/rest/api-guide/#rule-evo-compat',
  },
];
const render = (report = diffReport(), extra: Record<string, unknown> = {}) =>
  renderDiffReport('markdown', report, { color: false, cwd: DIFF_CWD, rules, ...extra });

describe('markdown reporter (diff)', () => {
  const text = render(diffReport(), { failOn: 'warning', exitCode: 1 });

  it('opens with one summary line: both sides, the verdict, the counts', () => {
    expect(text.split('\n')[0]).toBe(
      '**restguide diff** `api/old.yaml` (1.2.0) → `api/new.yaml` (1.3.0): ❌ fails the gate (--fail-on warning): 2 breaking changes, 1 warning, 1 compatible change, 1 ignored (x-ignore-rules)',
    );
  });

  it('lists breaking changes first, each with its path and both locations, then folds the rest', () => {
    const breaking = text.indexOf('### Breaking changes (2)');
    const details = text.indexOf('<details><summary>2 other changes</summary>');
    expect(breaking).toBeGreaterThan(0);
    expect(details).toBeGreaterThan(breaking);
    expect(text.indexOf('evo-compat-response-property-removed')).toBeLessThan(details);
    expect(text.indexOf('evo-compat-operation-removed')).toBeLessThan(details);
    expect(text.indexOf('evo-deprec')).toBeGreaterThan(details);
    expect(text.indexOf('evo-compat-response-property-added')).toBeGreaterThan(details);
    expect(text).toContain(
      '- ❌ [`evo-compat-operation-removed`](https://www.belgif.be/specification/rest/api-guide/#rule-evo-compat) DELETE /employers/\\{id\\} was removed.  \n' +
        '  at `paths./employers/{id}`; new: `api/new.yaml` line 31; old: `api/old.yaml` line 61 `paths./employers/{id}.delete`',
    );
  });

  it('says the old location once, on the location line, not also in the message', () => {
    const [first] = diffReport().findings;
    const report = diffReport({ findings: [{ ...first!, message: `${first!.message} [old: api/old.yaml:45]` }] });
    const out = render(report);
    expect(out).not.toContain('\\[old:');
    expect(out).toContain('old: `api/old.yaml` line 45');
  });

  it('escapes what the documents say: no markup, link or HTML gets through', () => {
    expect(text).toContain('Response property `status` of GET');
    expect(text).not.toContain('<b>');
    expect(text).toContain('\\| \\*not\\* &lt;b&gt;renamed&lt;/b&gt;.');
    expect(mdText('[x](javascript:alert(1)) <img src=x>')).toBe(
      '\\[x\\]\\(javascript:alert\\(1\\)\\) &lt;img src=x&gt;',
    );
    expect(mdCode('a ``b`` c')).toBe('```a ``b`` c```');
    expect(mdCode('`edge`')).toBe('`` `edge` ``');
  });

  it('says when the gate passes, when nothing breaks, and when a new major version expects it', () => {
    const clean = render(diffReport({ findings: [] }), { exitCode: 0 });
    expect(clean).toContain('✅ passes the gate (--fail-on warning): 0 breaking changes');
    expect(clean).toContain('No breaking change.');
    expect(clean).not.toContain('<details>');
    const major = render(
      diffReport({
        majorChanged: true,
        findings: diffReport().findings.map((f) => (f.breaking ? { ...f, severity: 2 as const } : f)),
      }),
      { exitCode: 1, failOn: 'warning' },
    );
    expect(major).toContain('the major version changed, so breaking changes are expected');
    expect(major).toContain('### Breaking changes (2)');
  });
});
