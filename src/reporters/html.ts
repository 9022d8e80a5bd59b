import type { CheckResult, Evidence, LintFinding } from '../core/types.js';
import type { CheckReporter, LintReporter } from './render-options.js';
import { erroredReason } from '../core/summary.js';
import { countStatuses, groupByArea } from './check-areas.js';
import { checkboxFilter, html, page, selectFilter, type SafeHtml } from './html-page.js';
import { displaySource, lintSeverityName, printPath, startPosition } from './lint-severity.js';
import { groupFindings, SHOWN_LOCATIONS, type FindingGroup } from './lint-groups.js';

const headers = (record: Record<string, string>): string =>
  Object.entries(record).map(([name, value]) => `${name}: ${value}`).join('\n');

function evidenceBlock(evidence: Evidence): SafeHtml {
  const { request, response } = evidence;
  const requestText = [`${request.method} ${request.url}`, headers(request.headers), request.body ? `\n${request.body}` : ''].filter(Boolean).join('\n');
  return html`
<div class="evidence">
<h4>Request</h4><pre class="request">${requestText}</pre>
<h4>Response</h4>${response ? html`<pre class="response">${`${response.status}\n${headers(response.headers)}`}</pre>
${response.body ? html`<h4>Body (excerpt)</h4><pre class="body">${response.body}</pre>` : ''}` : html`<p>No response.</p>`}
<div class="curl"><pre>${evidence.curl}</pre><button type="button" class="copy">Copy</button></div>
</div>`;
}

const baselineBadge = (baseline: 'known' | 'fixed' | undefined): SafeHtml | string =>
  baseline ? html` <span class="badge b-${baseline}">${baseline === 'known' ? 'known (baseline)' : 'fixed'}</span>` : '';

function resultItem(area: string, result: CheckResult): SafeHtml {
  return html`
<li class="item result" data-status="${result.status}" data-area="${area}">
<span class="badge s-${result.status}">${result.status}</span>${baselineBadge(result.baseline)}
<span class="id">${result.id}</span> <code class="resource">${result.resource}</code>
<span class="msg">${result.message}</span>
${result.evidence.length && (result.status === 'fail' || result.status === 'error')
    ? html`<details><summary>Evidence (${result.evidence.length})</summary>${result.evidence.map(evidenceBlock)}</details>` : ''}
</li>`;
}

export const checkHtml: CheckReporter = (report) => {
  const groups = groupByArea(report.results);
  const s = report.summary;
  const body = html`
<h1>restguide check</h1>
<p>Target <code>${report.target}</code>, started ${report.startedAt}, ${(report.durationMs / 1000).toFixed(2)} s, restguide ${report.version}.</p>
<p id="summary">${s.passed} passed, ${s.failed} failed${s.findings === undefined ? '' : ` (${s.findings} findings)`}, ${s.skipped} skipped, ${s.errored} errored, ${s.requests} requests${s.known === undefined ? '' : `, ${s.known} known (baseline)`}${s.fixed === undefined ? '' : `, ${s.fixed} fixed`}.${erroredReason(s.errored) === undefined ? '' : ` ${erroredReason(s.errored)}.`}</p>
<h2>By area</h2>
<table id="areas"><thead><tr><th>area</th><th>pass</th><th>fail</th><th>skip</th><th>error</th><th>known</th><th>fixed</th></tr></thead><tbody>
${groups.map(([area, results]) => {
    const c = countStatuses(results);
    return html`<tr data-area="${area}"><td>${area}</td><td class="n pass">${c.pass}</td><td class="n fail">${c.fail}</td><td class="n skip">${c.skip}</td><td class="n error">${c.error}</td><td class="n known">${c.known}</td><td class="n fixed">${c.fixed}</td></tr>`;
  })}
</tbody></table>
<h2>Results</h2>
<div class="filters">${checkboxFilter('status', 'Status', ['pass', 'fail', 'skip', 'error'])}${selectFilter('area', 'Area', groups.map(([area]) => area))}<span id="shown"></span></div>
${groups.map(([area, results]) => html`
<section class="group" data-group="${area}"><h3>${area}</h3><ul class="items">${results.map((result) => resultItem(area, result))}</ul></section>`)}`;
  return page(`restguide check ${report.target}`, body);
};

// ---- lint ---------------------------------------------------------------------------------

type Listed = { finding: LintFinding; state: 'counted' | 'known' | 'ignored' | 'fixed' };

const location = (finding: LintFinding, state: Listed['state'], cwd: string | undefined): string => {
  const { line, column } = startPosition(finding);
  return state === 'fixed' ? displaySource(finding.source, cwd) : `${displaySource(finding.source, cwd)}:${line}:${column}`;
};

/** One entry per group of identical findings in a file: the first location, a count and a few more. */
function groupItem({ findings: [finding, ...others], state }: FindingGroup<Listed['state']>, cwd: string | undefined): SafeHtml {
  const first = finding!;
  const severity = lintSeverityName(first.severity);
  const shown = others.slice(0, SHOWN_LOCATIONS - 1).map((f) => `${startPosition(f).line}:${startPosition(f).column}`);
  const more = others.length - shown.length;
  return html`
<li class="item finding" data-severity="${severity}" data-rule="${first.code}">
<span class="badge sev-${severity}">${severity}</span>${state === 'counted' ? '' : html` <span class="badge b-${state}">${state === 'known' ? 'known (baseline)' : state}</span>`}${others.length ? html` <span class="badge count">×${others.length + 1}</span>` : ''}
<code class="where">${location(first, state, cwd)}</code> <span class="id">${first.code}</span>
<span class="msg">${first.message}</span> <code class="path">${printPath(first.path)}</code>
${state === 'ignored' && first.ignoredReason ? html`<span class="msg">(ignored: ${first.ignoredReason})</span>` : ''}
${others.length ? html`<span class="also">also at ${shown.join(', ')}${more > 0 ? ` and ${more} more (every one in the JSON or SARIF report)` : ''}</span>` : ''}
</li>`;
}

export const lintHtml: LintReporter = (report, options) => {
  const listed: Listed[] = [
    ...report.findings.map((finding): Listed => ({ finding, state: finding.baseline === 'known' ? 'known' : 'counted' })),
    ...report.ignored.map((finding): Listed => ({ finding, state: 'ignored' })),
    ...(report.fixed ?? []).map((finding): Listed => ({ finding, state: 'fixed' })),
  ];
  const byRule = new Map<string, { severity: string; counted: number; other: number }>();
  for (const { finding, state } of listed) {
    const row = byRule.get(finding.code) ?? { severity: lintSeverityName(finding.severity), counted: 0, other: 0 };
    if (state === 'counted') row.counted++; else row.other++;
    byRule.set(finding.code, row);
  }
  const rules = [...byRule.keys()].sort();
  const sources = [...new Set(listed.map(({ finding }) => finding.source))].sort();
  const s = report.summary;
  const body = html`
<h1>restguide lint</h1>
<p>${report.sources.length} document(s), started ${report.startedAt}, ${(report.durationMs / 1000).toFixed(2)} s, restguide ${report.version}.</p>
<p id="summary">${s.errors} errors, ${s.warnings} warnings, ${s.infos} infos, ${s.hints} hints, ${s.ignored} ignored${s.known === undefined ? '' : `, ${s.known} known (baseline)`}${s.fixed === undefined ? '' : `, ${s.fixed} fixed`}.</p>
<h2>By rule</h2>
<table id="rules"><thead><tr><th>rule</th><th>severity</th><th>counted</th><th>known, ignored or fixed</th></tr></thead><tbody>
${rules.map((rule) => { const row = byRule.get(rule)!; return html`<tr data-rule="${rule}"><td>${rule}</td><td>${row.severity}</td><td class="n">${row.counted}</td><td class="n">${row.other}</td></tr>`; })}
</tbody></table>
<h2>Findings</h2>
<div class="filters">${checkboxFilter('severity', 'Severity', ['error', 'warning', 'info', 'hint'])}${selectFilter('rule', 'Rule', rules)}<span id="shown"></span></div>
${sources.map((source) => html`
<section class="group"><h3>${displaySource(source, options.cwd)}</h3><ul class="items">${groupFindings(listed
    .filter(({ finding }) => finding.source === source)
    .sort((a, b) => a.finding.range.start.line - b.finding.range.start.line))
    .map((group) => groupItem(group, options.cwd))}</ul></section>`)}`;
  return page('restguide lint', body);
};
