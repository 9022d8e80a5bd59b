// The check report as one HTML page: a pass/fail banner, the worst resources, failures first
// (grouped by check, with a count) and the passes collapsed, each item with its severity and guide rule.
import { resourceKey } from '../core/report/baseline.js';
import { perResource } from '../core/engine/fold-findings.js';
import { guideAnchor, type CheckReport, type CheckResult, type Evidence } from '../core/report/types.js';
import type { CheckReporter, RenderOptions } from './render-options.js';
import { countStatuses, groupByArea, statusLabel } from './check-areas.js';
import { checkboxFilter, html, page, selectFilter, type SafeHtml } from './html-page.js';
import { checkVerdict, type Verdict } from './verdict.js';
import { areaLine, cleanupLine, failedWords, leftRecords, leftText, scoreLine, transientLine } from './run-notes.js';
import { operationRows, operationsLine } from './operations-table.js';
import { sourceLine } from './source-line.js';

const headers = (record: Record<string, string>): string =>
  Object.entries(record)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

function evidenceBlock(evidence: Evidence): SafeHtml {
  const { request, response } = evidence;
  const requestText = [
    `${request.method} ${request.url}`,
    headers(request.headers),
    request.body ? `\n${request.body}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return html`
<div class="evidence">
<h4>Request</h4><pre class="request">${requestText}</pre>
<h4>Response</h4>${
    response
      ? html`<pre class="response">${`${response.status}\n${headers(response.headers)}`}</pre>
${response.body ? html`<h4>Body (excerpt)</h4><pre class="body">${response.body}</pre>` : ''}`
      : html`<p>No response.</p>`
  }
<div class="curl"><pre>${evidence.curl}</pre><button type="button" class="copy">Copy</button></div>
</div>`;
}

const baselineBadge = (baseline: 'known' | 'fixed' | undefined): SafeHtml | string =>
  baseline
    ? html` <span class="badge b-${baseline}">${baseline === 'known' ? 'known (baseline)' : 'fixed'}</span>`
    : '';

export const guideLink = (rule: string): SafeHtml | string =>
  rule
    ? html`<a class="guide" href="${guideAnchor(rule)}" target="_blank" rel="noopener noreferrer" title="the guide's rule ${rule}">${rule}</a>`
    : '';

export const verdictBanner = (verdict: Verdict): SafeHtml => html`
<div id="banner" class="banner ${verdict.passed ? 'v-pass' : 'v-fail'}" role="status"><strong>${verdict.passed ? '✔' : '✖'} ${verdict.headline}</strong> <span class="reason">${verdict.reason}</span></div>`;

/** The resource a result is listed under (see listedUnder). */
type ListedUnder = (result: CheckResult) => string;

/**
 * An API-wide check (resource `/`) that failed on one URL is listed under the resource that URL is:
 * the report's own resource template it matches (`/employers/{employerId}`), else the URL's path.
 */
function listedUnder(report: CheckReport): ListedUnder {
  const basePath = (() => {
    try {
      return new URL(report.target).pathname.replace(/\/$/, '');
    } catch {
      return '';
    }
  })();
  const templates = [...new Set(report.results.map((r) => r.resource))]
    .filter((resource) => resource.startsWith('/') && resource !== '/')
    .map((resource) => ({
      resource,
      pattern: new RegExp(
        `^${resource
          .split(/\{[^}/]+\}/)
          .map(escapeRegExp)
          .join('[^/]+')}$`,
      ),
    }));
  return (result) => {
    if (result.resource !== '/' || !isProblem(result) || result.resources) return result.resource;
    const url = result.urls?.[0] ?? result.evidence[0]?.request.url;
    if (url === undefined) return result.resource;
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return result.resource;
    }
    if (basePath && !path.startsWith(`${basePath}/`)) return result.resource;
    const relative = path.slice(basePath.length) || '/';
    return templates.find((t) => t.pattern.test(relative))?.resource ?? relative;
  };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function resultItem(area: string, result: CheckResult, withId: boolean, under: ListedUnder): SafeHtml {
  return html`
<li class="item result" data-status="${result.status}" data-area="${area}" data-severity="${result.severity}">
<span class="badge s-${result.status}">${statusLabel(result.status)}</span> <span class="badge sev-${result.severity}">${result.severity}</span>${baselineBadge(result.baseline)}
${withId ? html`<span class="id">${result.id}</span> ` : ''}<code class="resource">${under(result)}</code> ${withId ? guideLink(result.rule) : ''}
<span class="msg">${result.message}</span>
${
  result.urls && result.urls.length > 1
    ? html`<details class="urls"><summary>${result.resources ? `${result.resources.length} resources, ` : ''}${result.urls.length} URLs</summary><ul>${result.urls.map((url) => html`<li><code>${url}</code></li>`)}</ul></details>`
    : ''
}
${
  result.evidence.length && (result.status === 'fail' || result.status === 'error')
    ? html`<details><summary>Evidence (${result.evidence.length})</summary>${result.evidence.map(evidenceBlock)}</details>`
    : ''
}
</li>`;
}

/** Failing results of one area, one block per check: its severity, guide rule and how many findings. */
function failingChecks(area: string, results: CheckResult[], options: RenderOptions, under: ListedUnder): SafeHtml {
  const byCheck = new Map<string, CheckResult[]>();
  for (const result of results) byCheck.set(result.id, [...(byCheck.get(result.id) ?? []), result]);
  const titles = new Map((options.rules ?? []).filter((r) => r.kind === 'check').map((r) => [r.id, r.description]));
  return html`${[...byCheck].map(([id, items]) => {
    const first = items[0] as CheckResult;
    return html`
<div class="group check" data-check="${id}">
<div class="check-head"><span class="badge sev-${first.severity}">${first.severity}</span> <span class="id">${id}</span> ${guideLink(first.rule)} <span class="count" title="findings of this check">×${items.length}</span>${titles.has(id) ? html` <span class="msg">${titles.get(id)}</span>` : ''}</div>
<ul class="items">${items.map((result) => resultItem(area, result, false, under))}</ul>
</div>`;
  })}`;
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };
const NOT_APPLICABLE_ROW = '(none: not applicable)';

/**
 * Resources worst first: counted failures, then the worst severity, then errored checks (as Schemathesis groups by operation).
 * Like the summary, it counts runs (a check on a resource), each once, by the same precedence, so the
 * columns add up to it: skip-only resources last, and checks with nothing to run on under "(none: not applicable)".
 */
function resourceTable(results: readonly CheckResult[], under: ListedUnder): SafeHtml {
  type Row = { resource: string; failed: number; errored: number; passed: number; skipped: number; worst: string };
  const runs = new Map<string, CheckResult[]>();
  for (const listed of perResource(results)) {
    if (listed.baseline === 'fixed') continue;
    const result = { ...listed, resource: under(listed) };
    const key = `${result.id}\u0000${result.resource}`;
    runs.set(key, [...(runs.get(key) ?? []), result]);
  }
  const rows = new Map<string, Row>();
  for (const list of runs.values()) {
    const first = list[0] as CheckResult;
    const resource = first.resource === '-' ? NOT_APPLICABLE_ROW : resourceKey(first.resource) || '/';
    const row = rows.get(resource) ?? { resource, failed: 0, errored: 0, passed: 0, skipped: 0, worst: '' };
    const fresh = list.filter((r) => r.baseline !== 'known');
    const failed = fresh.filter((r) => r.status === 'fail');
    if (failed.length > 0) {
      row.failed++;
      for (const result of failed)
        if (!row.worst || (SEVERITY_RANK[result.severity] ?? 3) < (SEVERITY_RANK[row.worst] ?? 3))
          row.worst = result.severity;
    } else if (fresh.some((r) => r.status === 'error')) row.errored++;
    else if (list.some((r) => r.status === 'fail' || r.status === 'error'))
      continue; // all known to the baseline
    else if (list.some((r) => r.status === 'pass')) row.passed++;
    else row.skipped++;
    rows.set(resource, row);
  }
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.failed - a.failed ||
      (SEVERITY_RANK[a.worst] ?? 3) - (SEVERITY_RANK[b.worst] ?? 3) ||
      b.errored - a.errored ||
      a.resource.localeCompare(b.resource),
  );
  return html`<table id="resources"><thead><tr><th>resource</th><th>worst</th><th>fail</th><th>errored</th><th>pass</th><th>skip</th></tr></thead><tbody>
${sorted.map((row) => html`<tr data-resource="${row.resource}"><td><code>${row.resource}</code></td><td>${row.worst ? html`<span class="badge sev-${row.worst}">${row.worst}</span>` : ''}</td><td class="n fail">${row.failed}</td><td class="n error">${row.errored}</td><td class="n pass">${row.passed}</td><td class="n skip">${row.skipped}</td></tr>`)}
</tbody></table>`;
}

/** The transient answers the run waited out, and any record its cleanups could not remove (listed, so it can be removed by hand). */
function runNotes(report: CheckReport): SafeHtml {
  const notes = [scoreLine(report.coverage), transientLine(report.summary), cleanupLine(report)].filter(
    (note) => note !== undefined,
  );
  const left = leftRecords(report);
  return html`${notes.length ? html`<p id="run-notes">${notes.join('; ')}.</p>` : ''}${
    left.length
      ? html`
<section id="left-behind"><h2>Left behind (${left.length})</h2><ul class="items">${left.map((record) => html`<li class="item"><span class="badge s-fail">left</span> ${leftText(record)}</li>`)}</ul></section>`
      : ''
  }`;
}

const isProblem = (result: CheckResult): boolean => result.status === 'fail' || result.status === 'error';

export const checkHtml: CheckReporter = (report: CheckReport, options) => {
  const groups = groupByArea(report.results);
  const under = listedUnder(report);
  const s = report.summary;
  const problems = groups
    .map(([area, results]) => [area, results.filter(isProblem)] as const)
    .filter(([, results]) => results.length > 0);
  const others = groups
    .map(([area, results]) => [area, results.filter((r) => !isProblem(r))] as const)
    .filter(([, results]) => results.length > 0);
  const otherCount = others.reduce((n, [, results]) => n + results.length, 0);
  const body = html`
<h1>restguide check</h1>
${verdictBanner(checkVerdict(report, options.failOn, options.exitCode))}
<p>Target <code>${report.target}</code>, started ${report.startedAt}, ${(report.durationMs / 1000).toFixed(2)} s, restguide ${report.version}. Rules: <a class="guide" href="https://www.belgif.be/specification/rest/api-guide/" target="_blank" rel="noopener noreferrer">the Belgif REST guide</a>.</p>
${report.source ? html`<p class="source">Verdicts from traffic restguide did not send: ${sourceLine(report.source)}.</p>` : ''}
<p id="summary">${s.passed} passed, ${failedWords(s)}, ${s.skipped} skipped, ${s.errored} errored, ${s.requests} requests${s.known === undefined ? '' : `, ${s.known} known (baseline)`}${s.fixed === undefined ? '' : `, ${s.fixed} fixed`}.</p>
${runNotes(report)}
<h2>By resource (worst first)</h2>
${resourceTable(report.results, under)}
<h2>Results</h2>
<div class="filters">${checkboxFilter('status', 'Status', ['pass', 'fail', 'skip', 'error'], (status) => statusLabel(status as CheckResult['status']))}${checkboxFilter('severity', 'Severity', ['error', 'warning', 'info'])}${selectFilter(
    'area',
    'Area',
    groups.map(([area]) => area),
  )}<span id="shown"></span></div>
<section id="failures"><h3>Failures and errored checks (${problems.reduce((n, [, results]) => n + results.length, 0)})</h3>
${problems.length === 0 ? html`<p>None.</p>` : ''}${problems.map(
    ([area, results]) => html`
<section class="group" data-group="${area}"><h4>${area}</h4>${failingChecks(area, results, options, under)}</section>`,
  )}
</section>
<details id="others"><summary>Passed, skipped and fixed (${otherCount})</summary>
${others.map(
  ([area, results]) => html`
<section class="group" data-group="${area}"><h4>${area}</h4><ul class="items">${results.map((result) => resultItem(area, result, true, under))}</ul></section>`,
)}
</details>
${report.coverage ? html`<details id="coverage"><summary>Coverage: what each area verified</summary><ul class="items">${report.coverage.areas.map((area) => html`<li class="item" data-area="${area.area}">${areaLine(area)}</li>`)}</ul></details>` : ''}
${
  operationsLine(report.coverage)
    ? html`<details id="operations"><summary>Operations: ${operationsLine(report.coverage)}</summary>
<table><thead><tr><th>operation</th><th>statuses seen</th><th>declared, never seen</th></tr></thead><tbody>
${operationRows(report.coverage).map((row) => html`<tr><td><code>${row.operation}</code></td><td>${row.statuses}</td><td>${row.unseen}</td></tr>`)}
</tbody></table></details>`
    : ''
}
<details id="by-area"><summary>By area</summary>
<table id="areas"><thead><tr><th>area</th><th>pass</th><th>fail</th><th>skip</th><th>errored</th><th>known</th><th>fixed</th></tr></thead><tbody>
${groups.map(([area, results]) => {
  const c = countStatuses(results);
  return html`<tr data-area="${area}"><td>${area}</td><td class="n pass">${c.pass}</td><td class="n fail">${c.fail}</td><td class="n skip">${c.skip}</td><td class="n error">${c.error}</td><td class="n known">${c.known}</td><td class="n fixed">${c.fixed}</td></tr>`;
})}
</tbody></table></details>`;
  return page(`restguide check ${report.target}`, body);
};
