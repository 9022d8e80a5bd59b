// `restguide diff`: read both sides, compare, and turn raw findings into a report with severities,
// both locations and the new document's x-ignore-rules applied.
import { relative } from 'node:path';
import { findingsOutcome, type LintSeverity } from '../core/report/types.js';
import { VERSION } from '../core/util/version.js';
import { ignoredReason, ignoreIdsOf } from '../lint-base/ignore-rules.js';
import type { ReadLimits } from '../lint/read-source.js';
import { compareApiVersion, majorVersion } from './api-version.js';
import { compareComponents } from './compare-components.js';
import { comparePaths } from './compare-operations.js';
import { Differ, type RawFinding } from './differ.js';
import { DIFF_KINDS, diffGuideRuleOf } from './kinds.js';
import { Side } from './nodes.js';
import { readDocumentSet } from './sources.js';
import type { DiffFinding, DiffLocation, DiffReport } from './types.js';

export interface DiffOptions {
  cwd?: string;
  limits?: Partial<ReadLimits>;
}

const shown = (source: string, cwd: string): string =>
  source.startsWith('/') ? relative(cwd, source) || source : source;

export async function diffDocuments(
  oldInput: string,
  newInput: string,
  options: DiffOptions = {},
): Promise<DiffReport> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const [oldSet, newSet] = await Promise.all([
    readDocumentSet(oldInput, { cwd, limits: options.limits }),
    readDocumentSet(newInput, { cwd, limits: options.limits }),
  ]);
  const d = new Differ(new Side(oldSet), new Side(newSet));
  comparePaths(d);
  compareComponents(d);
  compareApiVersion(d);
  for (const [side, set, other] of [
    [d.old, oldSet, d.new_],
    [d.new_, newSet, d.old],
  ] as const) {
    for (const m of set.missing) {
      const at = { source: m.from, path: m.path, value: undefined };
      const message = `${side === d.old ? 'old' : 'new'} version: cannot read the $ref target ${m.location} (${m.reason}); what it describes was not compared`;
      if (side === d.old) d.add('evo-compat-unresolved-ref', message, at, other.root);
      else d.add('evo-compat-unresolved-ref', message, other.root, at);
    }
  }

  const oldMajor = majorVersion(d.old);
  const newMajor = majorVersion(d.new_);
  const majorChanged = oldMajor !== undefined && newMajor !== undefined && oldMajor !== newMajor;
  const locate = (side: Side, at: RawFinding['old']): DiffLocation => ({ ...at, ...side.place(at) });

  const seen = new Set<string>();
  const findings: DiffFinding[] = [];
  const ignored: DiffFinding[] = [];
  for (const raw of d.findings) {
    const key = `${raw.code}\u0000${raw.new.source}\u0000${raw.new.path.join('\u0001')}\u0000${raw.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const breaking = DIFF_KINDS[raw.code].breaking;
    // A new major version announces its breaking changes; api-version is about the new document itself.
    const downgraded = breaking && majorChanged && raw.code !== 'api-version-mismatch';
    const severity: LintSeverity = breaking && !downgraded ? 0 : 'warning' in DIFF_KINDS[raw.code] ? 1 : 2;
    const old = locate(d.old, raw.old);
    const now = locate(d.new_, raw.new);
    const message = `${raw.message}${downgraded ? ` (breaking, with a new major version ${newMajor})` : ''} [old: ${shown(old.source, cwd)}:${old.range.start.line + 1}]`;
    const finding: DiffFinding = {
      code: raw.code,
      severity,
      message,
      path: now.path,
      source: now.source,
      range: now.range,
      breaking,
      old,
      new: now,
    };
    const reason = ignoredReason(finding, d.new_.written(now.source), ignoreIdsOf(raw.code, diffGuideRuleOf));
    if (reason !== undefined) ignored.push({ ...finding, ignoredReason: reason });
    else findings.push(finding);
  }
  findings.sort(
    (a, b) =>
      a.source.localeCompare(b.source) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      a.code.localeCompare(b.code),
  );
  const version = (side: Side) => {
    const v = side.at(side.root, 'info', 'version').value;
    return v === undefined ? undefined : String(v);
  };
  return {
    tool: 'restguide',
    version: VERSION,
    kind: 'diff',
    sources: [oldSet.root, newSet.root],
    old: { source: oldSet.root, version: version(d.old) },
    new: { source: newSet.root, version: version(d.new_) },
    majorChanged,
    ...findingsOutcome(findings, ignored, started),
  };
}
