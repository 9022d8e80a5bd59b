// Lints OpenAPI documents: read, parse, check it is OpenAPI 3.x, resolve $refs across files,
// run the ruleset, map Spectral's results to findings and apply x-ignore-rules.
import { extname, resolve as resolvePath } from 'node:path';
import { Document, Spectral, type ISpectralDiagnostic, type Ruleset } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { UsageError } from '../core/errors.js';
import type { LintFinding, LintReport, LintSeverity } from '../core/types.js';
import { VERSION } from '../core/version.js';
import { ignoredReason, ignoreIdsOf } from './ignore-rules.js';
import { loadBuiltinRuleset, loadUserRuleset } from './load-ruleset.js';
import { createResolver } from './resolver.js';
import { expandInputs } from './expand-inputs.js';
import { asUnlintable, UnlintableDocument } from './unlintable.js';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, isUrl, readSource, type ReadLimits } from './read-source.js';
import { guideRuleOf } from './rule-infos.js';

export interface LintOptions {
  /** A user ruleset file (JS, YAML, JSON); the built-in ruleset otherwise. */
  ruleset?: string;
  cwd?: string;
  limits?: Partial<ReadLimits>;
}

type Parser = typeof Parsers.Yaml;
const parserFor = (location: string, text: string): Parser =>
  extname(location.split(/[?#]/)[0] ?? '').toLowerCase() === '.json' || /^\s*\{/.test(text) ? (Parsers.Json as unknown as Parser) : Parsers.Yaml;

const locate = (input: string, cwd: string): string => (isUrl(input) ? input : resolvePath(cwd, input));

/** Refuses, in one line, what is not an OpenAPI 3.x document. */
function assertOpenApi(location: string, data: unknown): void {
  const root = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (root && typeof root.swagger === 'string') throw new UnlintableDocument(location, 'unrecognized-format', `Swagger ${root.swagger} is not supported, convert it to OpenAPI 3.0`);
  if (!root || typeof root.openapi !== 'string' || !/^3\.[01]\./.test(root.openapi)) {
    throw new UnlintableDocument(location, 'unrecognized-format', 'not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.x.y" at its root)');
  }
}

function toFinding(result: ISpectralDiagnostic, fallbackSource: string): LintFinding {
  return {
    code: String(result.code),
    severity: Math.min(3, Math.max(0, Number(result.severity))) as LintSeverity,
    message: result.message,
    path: [...result.path],
    source: result.source ?? fallbackSource,
    range: { start: { ...result.range.start }, end: { ...result.range.end } },
  };
}

const findingKey = (f: LintFinding) => `${f.code}\u0000${f.source}\u0000${f.path.join('\u0001')}\u0000${f.message}`;

interface DocumentResult { findings: LintFinding[]; ignored: LintFinding[]; unlintable?: UnlintableDocument }

async function lintOne(input: string, ruleset: Ruleset, cwd: string, limits: ReadLimits): Promise<DocumentResult & { source: string }> {
  const source = locate(input, cwd);
  try {
    return { ...(await lintText(source, await readSource(source, limits), ruleset, limits)), source };
  } catch (error) {
    const unlintable = asUnlintable(error, source);
    return { findings: [unlintable.toFinding()], ignored: [], source, unlintable };
  }
}

async function lintText(source: string, text: string, ruleset: Ruleset, limits: ReadLimits): Promise<DocumentResult> {
  const document = new Document(text, parserFor(source, text), source);
  const fatal = document.diagnostics.find((d) => d.severity === 0);
  if (fatal) throw new UnlintableDocument(source, 'parser', `malformed document (${fatal.message})`, { ...fatal.range.start });
  assertOpenApi(source, document.data);

  const { resolver, texts } = createResolver(limits);
  const spectral = new Spectral({ resolver });
  spectral.setRuleset(ruleset);
  const results = await spectral.run(document, { ignoreUnknownFormat: true });

  // x-ignore-rules is looked up in the file a finding points at.
  const dataBySource = new Map<string, unknown>([[source, document.data]]);
  const dataOf = (location: string): unknown => {
    if (!dataBySource.has(location)) {
      const raw = texts.get(location);
      dataBySource.set(location, raw === undefined ? undefined : new Document(raw, parserFor(location, raw), location).data);
    }
    return dataBySource.get(location);
  };

  const seen = new Set<string>();
  const out: DocumentResult = { findings: [], ignored: [] };
  for (const result of results) {
    const finding = toFinding(result, source);
    const key = findingKey(finding);
    if (seen.has(key)) continue; // one object reached through several $refs
    seen.add(key);
    const reason = ignoredReason(finding, dataOf(finding.source), ignoreIdsOf(finding.code, guideRuleOf));
    if (reason !== undefined) out.ignored.push({ ...finding, ignoredReason: reason });
    else out.findings.push(finding);
  }
  return out;
}

const bySourceAndPosition = (a: LintFinding, b: LintFinding): number =>
  a.source.localeCompare(b.source) || a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code);

export function maxBytesFromEnv(env: NodeJS.ProcessEnv): number {
  const mb = Number(env.RESTGUIDE_LINT_MAX_MB);
  return Number.isFinite(mb) && mb > 0 ? mb * 1024 * 1024 : DEFAULT_MAX_BYTES;
}

/**
 * Lints every input (globs expanded) with one ruleset and returns one report. A document that
 * cannot be linted is an error finding (`unreadable`, `parser`, `unrecognized-format`) and the
 * others are still linted; only when no document could be linted does it throw a UsageError.
 */
export async function lintDocuments(inputs: string[], options: LintOptions = {}): Promise<LintReport> {
  const started = Date.now();
  const cwd = options.cwd ?? process.cwd();
  const limits: ReadLimits = { maxBytes: options.limits?.maxBytes ?? DEFAULT_MAX_BYTES, timeoutMs: options.limits?.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const ruleset = options.ruleset ? await loadUserRuleset(options.ruleset, cwd) : await loadBuiltinRuleset();
  const findings: LintFinding[] = [];
  const ignored: LintFinding[] = [];
  const sources: string[] = [];
  const failures: UnlintableDocument[] = [];
  for (const { input, files } of await expandInputs(inputs, cwd)) {
    if (files.length === 0) failures.push(new UnlintableDocument(input, 'unreadable', 'no file matches this pattern'));
    for (const file of files) {
      const result = await lintOne(file, ruleset, cwd, limits);
      sources.push(result.source);
      if (result.unlintable) failures.push(result.unlintable);
      findings.push(...result.findings);
      ignored.push(...result.ignored);
    }
  }
  const linted = sources.length - failures.filter((failure) => sources.includes(failure.source)).length;
  if (failures.length > 0 && linted === 0) {
    const [first] = failures;
    throw new UsageError(failures.length === 1 ? (first as UnlintableDocument).message : `no document could be linted: ${(first as UnlintableDocument).message} (and ${failures.length - 1} more)`);
  }
  for (const failure of failures) if (!sources.includes(failure.source)) findings.push(failure.toFinding());
  return buildReport(sources, findings, ignored, started);
}

/** Lints a document held in memory (the reference server's own document, tests) as if read from `name`. */
export async function lintObject(document: Record<string, unknown>, name = 'document.json'): Promise<LintReport> {
  const started = Date.now();
  const ruleset = await loadBuiltinRuleset();
  const limits = { maxBytes: DEFAULT_MAX_BYTES, timeoutMs: DEFAULT_TIMEOUT_MS };
  const result = await lintText(name, JSON.stringify(document, null, 2), ruleset, limits);
  return buildReport([name], result.findings, result.ignored, started);
}

function buildReport(sources: string[], findings: LintFinding[], ignored: LintFinding[], started: number): LintReport {
  findings.sort(bySourceAndPosition);
  const count = (severity: LintSeverity) => findings.filter((f) => f.severity === severity).length;
  return {
    tool: 'restguide',
    version: VERSION,
    sources,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    summary: { errors: count(0), warnings: count(1), infos: count(2), hints: count(3), ignored: ignored.length },
    findings,
    ignored,
  };
}
