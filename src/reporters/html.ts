import type { LintFinding } from '../core/report/types.js';
import type { LintReporter, RenderOptions } from './render-options.js';
import { guideLink, verdictBanner } from './html-check.js';
import { checkboxFilter, html, page, selectFilter, type SafeHtml } from './html-page.js';
import { countedFindings, displaySource, lintSeverityName, printPath, startPosition } from './lint-severity.js';
import { lintVerdict } from './verdict.js';
import { groupFindings, groupHint, SHOWN_LOCATIONS, type FindingGroup } from './lint-groups.js';
import { countCauses } from './lint-causes.js';

// ---- lint ---------------------------------------------------------------------------------

type Listed = { finding: LintFinding; state: 'counted' | 'known' | 'ignored' | 'fixed' };

/** The finding's line with one line of context either side, numbered, the finding's line marked. */
function sourceExcerpt(finding: LintFinding, lines: readonly string[] | undefined): SafeHtml | string {
  if (!lines) return '';
  const at = finding.range.start.line;
  if (at < 0 || at >= lines.length) return '';
  const from = Math.max(0, at - 1);
  const to = Math.min(lines.length - 1, at + 1);
  const width = String(to + 1).length;
  const rows = [];
  for (let i = from; i <= to; i++) {
    const text = (lines[i] ?? '').slice(0, 300);
    const number = html`<span class="ln">${String(i + 1).padStart(width)} │ </span>`;
    rows.push(i === at ? html`${number}<mark>${text}</mark>\n` : html`${number}${text}\n`);
  }
  return html`<pre class="source">${rows}</pre>`;
}

/** One entry per cause in a file: the first finding's message and location, a count and a few more places. */
function groupItem(
  group: FindingGroup<Listed['state']>,
  options: RenderOptions,
  rules: ReadonlyMap<string, string>,
): SafeHtml {
  const {
    findings: [first, ...others],
    state,
  } = group;
  const finding = first!;
  const hint = options.changes ? undefined : groupHint(group);
  const severity = lintSeverityName(finding.severity);
  const shown = others.slice(0, SHOWN_LOCATIONS - 1).map((f) => `${startPosition(f).line}:${startPosition(f).column}`);
  const more = others.length - shown.length;
  const { line, column } = startPosition(finding);
  const where =
    state === 'fixed'
      ? displaySource(finding.source, options.cwd)
      : `${displaySource(finding.source, options.cwd)}:${line}:${column}`;
  const rule = rules.get(finding.code);
  return html`
<li class="item finding" data-severity="${severity}" data-rule="${finding.code}" data-count="${others.length + 1}">
<span class="badge sev-${severity}">${severity}</span>${state === 'counted' ? '' : html` <span class="badge b-${state}">${state === 'known' ? 'known (baseline)' : state}</span>`}${others.length ? html` <span class="badge count">×${others.length + 1}</span>` : ''}
<code class="where">${where}</code> <span class="id">${finding.code}</span> ${rule ? guideLink(rule) : ''}
<span class="msg">${finding.message}</span> <code class="path">${printPath(finding.path)}</code>
${state === 'ignored' && finding.ignoredReason ? html`<span class="msg">(ignored: ${finding.ignoredReason})</span>` : ''}
${others.length ? html`<span class="also">also at ${shown.join(', ')}${more > 0 ? ` and ${more} more (every one in the JSON or SARIF report)` : ''}</span>` : ''}
${hint ? html`<span class="hint">hint: ${hint}</span>` : ''}
${state === 'fixed' ? '' : sourceExcerpt(finding, options.sourceLines?.get(finding.source))}
</li>`;
}

export const lintHtml: LintReporter = (report, options) => {
  const listed: Listed[] = [
    ...report.findings.map((finding): Listed => ({
      finding,
      state: finding.baseline === 'known' ? 'known' : 'counted',
    })),
    ...report.ignored.map((finding): Listed => ({ finding, state: 'ignored' })),
    ...(report.fixed ?? []).map((finding): Listed => ({ finding, state: 'fixed' })),
  ];
  const byRule = new Map<string, { severity: string; counted: number; other: number }>();
  for (const { finding, state } of listed) {
    const row = byRule.get(finding.code) ?? { severity: lintSeverityName(finding.severity), counted: 0, other: 0 };
    if (state === 'counted') row.counted++;
    else row.other++;
    byRule.set(finding.code, row);
  }
  const rules = [...byRule.keys()].sort();
  // A lint code's guide rule (sub-rules like stat-codes-get link to stat-codes), from `restguide rules`.
  const guideRules = new Map((options.rules ?? []).filter((r) => r.kind === 'lint').map((r) => [r.id, r.rule]));
  const sources = [...new Set(listed.map(({ finding }) => finding.source))].sort();
  const s = report.summary;
  const counted = countedFindings(report);
  const causes =
    options.changes || counted.length === 0 ? '' : `${counted.length} findings from ${countCauses(counted)} causes: `;
  const body = html`
<h1>restguide lint</h1>
${verdictBanner(lintVerdict(report, options.failOn, options.exitCode))}
<p>${report.sources.length} document(s), started ${report.startedAt}, ${(report.durationMs / 1000).toFixed(2)} s, restguide ${report.version}.</p>
<p id="summary">${causes}${s.errors} errors, ${s.warnings} warnings, ${s.infos} infos, ${s.hints} hints, ${s.ignored} ignored${s.known === undefined ? '' : `, ${s.known} known (baseline)`}${s.fixed === undefined ? '' : `, ${s.fixed} fixed`}.</p>
<h2>By rule</h2>
<table id="rules"><thead><tr><th>rule</th><th>severity</th><th>counted</th><th>known, ignored or fixed</th></tr></thead><tbody>
${rules.map((rule) => {
  const row = byRule.get(rule)!;
  return html`<tr data-rule="${rule}"><td>${rule}</td><td>${row.severity}</td><td class="n">${row.counted}</td><td class="n">${row.other}</td></tr>`;
})}
</tbody></table>
<h2>Findings</h2>
<div class="filters">${checkboxFilter('severity', 'Severity', ['error', 'warning', 'info', 'hint'])}${selectFilter('rule', 'Rule', rules)}<span id="shown"></span></div>
${sources.map(
  (source) => html`
<section class="group" data-group="${displaySource(source, options.cwd)}"><h3>${displaySource(source, options.cwd)}</h3><ul class="items">${groupFindings(
    listed
      .filter(({ finding }) => finding.source === source)
      .sort((a, b) => a.finding.range.start.line - b.finding.range.start.line),
    options.changes ? 'message' : 'cause',
  ).map((group) => groupItem(group, options, guideRules))}</ul></section>`,
)}`;
  return page('restguide lint', body);
};
