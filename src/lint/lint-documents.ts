// Lints OpenAPI documents: read, parse, check it is OpenAPI 3.x (or convert Swagger 2.0), resolve $refs across files,
// run the ruleset, map Spectral's results to findings and apply x-ignore-rules.
import { dirname, relative, resolve as resolvePath } from 'node:path';
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import { EMPTY_REASON, isBlankText } from '../core/util/blank-text.js';
import { UsageError } from '../core/util/errors.js';
import {
  compareCodes,
  findingsOutcome,
  type LintFinding,
  type LintReport,
  type LintSeverity,
} from '../core/report/types.js';
import { VERSION } from '../core/util/version.js';
import { ignoredReason, ignoreIdsOf } from '../lint-base/ignore-rules.js';
import { loadBuiltinRuleset, loadUserRuleset } from './load-ruleset.js';
import { expandInputs } from './expand-inputs.js';
import { asUnlintable, UnlintableDocument } from './unlintable.js';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, isUrl, readSource, type ReadLimits } from './read-source.js';
import { guideRuleOf } from './rule-infos.js';
import { recodeKeyDiagnostic } from './key-quotes.js';
import { misplacedRefMessage, misplacedRefs, REF_PLACE_RULE } from './ref-places.js';
import { excludePatterns, isExcluded, type ExcludePattern } from './exclude.js';
import { RefIndex } from './relocate.js';
import { convertSwagger, isSwagger2, swaggerPath } from './swagger.js';
import { excludedFilesOf } from './load-ruleset.js';
import {
  compareSpectralResults,
  compareText,
  createLinter,
  withRuleProgress,
  type Linter,
  type LintProgress,
  type ProgressSink,
} from './engine/index.js';

export interface LintOptions {
  /** A user ruleset file (JS, YAML, JSON); the built-in ruleset otherwise. */
  ruleset?: string;
  cwd?: string;
  limits?: Partial<ReadLimits>;
  /** Globs (relative to cwd) of files not linted as the user's own: skipped as inputs, their findings dropped. */
  exclude?: string[];
  /** Called as the run advances (for a progress line); rule functions are counted only when given. */
  onProgress?: ProgressSink;
  /** The text of the input `-` (read from stdin by the CLI), linted as `<stdin>` in cwd: its relative $refs resolve there. */
  stdin?: string;
  /** The engine (src/lint/engine): accelerated unless RESTGUIDE_LINT_ENGINE=stock; its fallbacks are counted there. */
  linter?: Linter;
}

/** The name a document read from stdin goes by in reports and baselines. */
export const STDIN_SOURCE = '<stdin>';

type Phase = (phase: LintProgress['phase']) => void;

const locate = (input: string, cwd: string): string => (isUrl(input) ? input : resolvePath(cwd, input));

/** Refuses, in one line, what is not an OpenAPI 3.x document (`text`, when given, may be blank: empty). */
export function assertOpenApi(location: string, data: unknown, text?: string): void {
  if (text !== undefined && (data === null || data === undefined) && isBlankText(text))
    throw new UnlintableDocument(location, 'unrecognized-format', EMPTY_REASON);
  const root =
    typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (root && typeof root.swagger === 'string')
    throw new UnlintableDocument(
      location,
      'unrecognized-format',
      `Swagger ${root.swagger} is not supported (Swagger 2.0 and OpenAPI 3.0 and 3.1 are): convert it to OpenAPI 3.0`,
    );
  if (!root || typeof root.openapi !== 'string' || !/^3\.[01]\./.test(root.openapi)) {
    throw new UnlintableDocument(
      location,
      'unrecognized-format',
      'not an OpenAPI 3.0 or 3.1 document (no "openapi: 3.x.y" at its root)',
    );
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

/** What relocation needs of a parsed document. */
interface Parsed {
  data: unknown;
  getRangeForJsonPath(path: Array<string | number>, closest?: boolean): LintFinding['range'] | undefined;
}

interface DocumentResult {
  findings: LintFinding[];
  ignored: LintFinding[];
  unlintable?: UnlintableDocument;
}

async function lintOne(
  linter: Linter,
  source: string,
  ruleset: Ruleset,
  limits: ReadLimits,
  exclude: ExcludePattern[],
  phase?: Phase,
  given?: string,
): Promise<DocumentResult & { source: string }> {
  phase?.('reading');
  try {
    return {
      ...(await lintText(linter, source, given ?? (await readSource(source, limits)), ruleset, limits, exclude, phase)),
      source,
    };
  } catch (error) {
    const unlintable = asUnlintable(error, source);
    return { findings: [unlintable.toFinding()], ignored: [], source, unlintable };
  }
}

async function lintText(
  linter: Linter,
  source: string,
  text: string,
  ruleset: Ruleset,
  limits: ReadLimits,
  exclude: ExcludePattern[] = [],
  phase?: Phase,
): Promise<DocumentResult> {
  phase?.('parsing');
  const document = linter.document(text, source);
  const fatal = document.diagnostics.find((d) => d.severity === 0);
  if (fatal)
    throw new UnlintableDocument(source, 'parser', `malformed document (${fatal.message})`, { ...fatal.range.start });
  const swagger = isSwagger2(document.data) ? document.data : undefined;
  if (!swagger) assertOpenApi(source, document.data, text);

  phase?.('resolving $refs'); // Spectral resolves, then runs every rule in one pass
  const linted = swagger ? linter.document(JSON.stringify(converted(source, swagger)), source, true) : document;
  const { results, texts } = await linter.run(linted, ruleset, (location) => readSource(location, limits));
  // A converted Swagger document: each finding of it back on the Swagger document's own path and line.
  if (swagger) {
    for (const result of results)
      if (result.source === source || result.source === undefined) backToSwagger(result, swagger, document);
    results.push(...swaggerContract(ruleset, swagger, document, source));
  } else {
    results.push(...refPlaces(document, source));
  }

  // x-ignore-rules is looked up in the file a finding points at, and at the $ref that brings it in.
  const documents = new Map<string, Parsed | undefined>([[source, document as Parsed]]);
  const documentOf = (location: string): Parsed | undefined => {
    if (!documents.has(location)) {
      const raw = texts.get(location);
      documents.set(location, raw === undefined ? undefined : (linter.document(raw, location) as Parsed));
    }
    return documents.get(location);
  };
  const dataOf = (location: string): unknown => documentOf(location)?.data;
  const refs = new RefIndex(source, dataOf);

  const seen = new Set<string>();
  const out: DocumentResult = { findings: [], ignored: [] };
  const origins = new Map<LintFinding, ISpectralDiagnostic>();
  for (const result of results) {
    const finding = recodeKeyDiagnostic(toFinding(result, source));
    const key = findingKey(finding);
    if (seen.has(key)) continue; // one object reached through several $refs
    seen.add(key);
    if (finding.source !== source && isExcluded(finding.source, exclude)) continue;
    const ids = ignoreIdsOf(finding.code, guideRuleOf);
    const own = ignoredReason(finding, dataOf(finding.source), ids);
    const placed =
      finding.source === source
        ? finding
        : relocate(finding, refs, documentOf, (f) => own ?? ignoredReason(f, document.data, ids));
    // A finding of the linted document itself was looked up just above.
    const reason = own ?? (placed === finding ? undefined : ignoredReason(placed, document.data, ids));
    const kept = reason !== undefined ? { ...placed, ignoredReason: reason } : placed;
    origins.set(kept, result);
    (reason !== undefined ? out.ignored : out.findings).push(kept);
  }
  // Spectral does not sort its results (patches/spectral-core-results-no-sort.patch): its order is applied here,
  // after restguide's own for findings, and alone for ignored ones (what sorting them twice gave).
  const spectralOrder = (a: LintFinding, b: LintFinding): number =>
    compareSpectralResults(origins.get(a) as ISpectralDiagnostic, origins.get(b) as ISpectralDiagnostic);
  out.findings.sort((a, b) => bySourceAndPosition(a, b) || spectralOrder(a, b));
  out.ignored.sort(spectralOrder);
  return out;
}

/** The OpenAPI 3.0 form of a Swagger 2.0 document; one the converter cannot read is an unlintable document. */
function converted(source: string, swagger: Record<string, unknown>): Record<string, unknown> {
  try {
    return convertSwagger(swagger);
  } catch (error) {
    throw new UnlintableDocument(
      source,
      'unrecognized-format',
      `Swagger 2.0 document that cannot be converted to OpenAPI 3.0 (${(error as Error).message}): check it against the Swagger 2.0 schema`,
    );
  }
}

function backToSwagger(result: ISpectralDiagnostic, swagger: Record<string, unknown>, document: Parsed): void {
  const path = swaggerPath(swagger, result.path);
  const range = document.getRangeForJsonPath(path, true) ?? {
    start: { line: 0, character: 0 },
    end: { line: 0, character: 0 },
  };
  Object.assign(result, { path, range: { start: { ...range.start }, end: { ...range.end } } });
}

/** oas-contra, once per Swagger document, as the ruleset has it (its severity; none when it is off or absent). */
function swaggerContract(
  ruleset: Ruleset,
  swagger: Record<string, unknown>,
  document: Parsed,
  source: string,
): ISpectralDiagnostic[] {
  const rule = ruleset.rules['oas-contra'];
  if (!rule?.enabled) return [];
  const range = document.getRangeForJsonPath(['swagger'], true) ?? {
    start: { line: 0, character: 0 },
    end: { line: 0, character: 0 },
  };
  const message = `Swagger ${String(swagger.swagger)} is not OpenAPI 3.0: describe new APIs with OpenAPI 3.0 (restguide lints this one converted in memory)`;
  return [{ code: 'oas-contra', severity: rule.severity, message, path: ['swagger'], source, range }];
}

/** oas-ref-place: each $ref of the linted document where OpenAPI allows none. */
function refPlaces(document: Parsed, source: string): ISpectralDiagnostic[] {
  return misplacedRefs(document.data).map((misplaced) => {
    const path = [...misplaced.path, '$ref'];
    const range = document.getRangeForJsonPath(path, true) ?? {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    };
    return { code: REF_PLACE_RULE.id, severity: 0, message: misplacedRefMessage(misplaced), path, source, range };
  });
}

/** A referenced file as the user wrote it: relative to the linted document's folder. */
const shortLocation = (location: string, root: string): string =>
  isUrl(location) || isUrl(root) ? location : relative(dirname(root), location) || location;

/**
 * A finding in a referenced file, moved to the `$ref` of the linted document that brings it in (the
 * first such $ref that does not ignore it), with where it arises as related information.
 */
function relocate(
  finding: LintFinding,
  refs: RefIndex,
  documentOf: (location: string) => Parsed | undefined,
  ignored: (f: LintFinding) => string | undefined,
): LintFinding {
  const origin = documentOf(finding.source);
  // Spectral places some findings of referenced files (invalid-ref) at 0:0: find their line.
  const zero = finding.range.start.line === 0 && finding.range.start.character === 0 && finding.range.end.line === 0;
  const range = (zero && origin?.getRangeForJsonPath(finding.path, true)) || finding.range;
  const sites = refs.sitesFor(finding.source, finding.path);
  const root = documentOf(refs.rootSource);
  if (sites.length === 0 || !root) return { ...finding, range: { start: { ...range.start }, end: { ...range.end } } };
  const related = [
    {
      source: finding.source,
      path: finding.path,
      range: { start: { ...range.start }, end: { ...range.end } },
      message: 'where it arises',
    },
  ];
  const candidates = sites.map((path): LintFinding => {
    const at = root.getRangeForJsonPath(path, true) ?? {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    };
    const message = `${finding.message} (in ${shortLocation(finding.source, refs.rootSource)}:${range.start.line + 1})`;
    return {
      ...finding,
      message,
      path,
      source: refs.rootSource,
      range: { start: { ...at.start }, end: { ...at.end } },
      related,
    };
  });
  return candidates.find((c) => ignored(c) === undefined) ?? (candidates[0] as LintFinding);
}

const bySourceAndPosition = (a: LintFinding, b: LintFinding): number =>
  compareText(a.source, b.source) ||
  a.range.start.line - b.range.start.line ||
  a.range.start.character - b.range.start.character ||
  compareCodes(a.code, b.code);

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
  const limits: ReadLimits = {
    maxBytes: options.limits?.maxBytes ?? DEFAULT_MAX_BYTES,
    timeoutMs: options.limits?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const linter = options.linter ?? createLinter();
  const ruleset = options.ruleset ? await loadUserRuleset(options.ruleset, cwd) : await loadBuiltinRuleset(linter);
  const exclude = [...excludePatterns(options.exclude ?? [], cwd), ...excludedFilesOf(ruleset)];
  const failures: UnlintableDocument[] = [];
  if (inputs.includes('-') && options.stdin === undefined) throw new UsageError('lint -: no text was read from stdin');
  const stdinLocation = resolvePath(cwd, STDIN_SOURCE);
  const expanded = await expandInputs(
    inputs.filter((input) => input !== '-'),
    cwd,
  );
  if (inputs.includes('-')) expanded.unshift({ input: '-', files: [STDIN_SOURCE] });
  for (const { input, files } of expanded)
    if (files.length === 0) failures.push(new UnlintableDocument(input, 'unreadable', 'no file matches this pattern'));
  const locations = expanded.flatMap(({ files }) => files.map((file) => locate(file, cwd)));
  const included = locations.filter((location) => !isExcluded(location, exclude));
  if (included.length === 0 && failures.length === 0)
    throw new UsageError(
      `nothing to lint: every document given matches an exclude pattern (${exclude.map((p) => p.glob).join(', ')})`,
    );
  const findings: LintFinding[] = [];
  const ignored: LintFinding[] = [];
  const sources: string[] = [];
  const sink = options.onProgress;
  const progress: LintProgress = {
    files: 0,
    totalFiles: included.length,
    rules: sink ? linter.progressRules(ruleset, true) : 0,
    findings: 0,
    phase: 'reading',
  };
  const phase: Phase | undefined =
    sink &&
    ((name) => {
      progress.phase = name;
      sink({ ...progress });
    });
  const counted =
    sink &&
    ((count: number) => {
      progress.phase = 'running rules';
      progress.findings += count;
      sink({ ...progress });
    });
  await withRuleProgress(counted, async () => {
    for (const location of included) {
      const result = await lintOne(
        linter,
        location,
        ruleset,
        limits,
        exclude,
        phase,
        location === stdinLocation ? options.stdin : undefined,
      );
      sources.push(result.source);
      if (result.unlintable) failures.push(result.unlintable);
      // Not push(...spread): a large document has tens of thousands of findings (stack limit).
      for (const f of result.findings) findings.push(f);
      for (const f of result.ignored) ignored.push(f);
      progress.files++;
    }
  });
  phase?.('done');
  const linted = sources.length - failures.filter((failure) => sources.includes(failure.source)).length;
  if (failures.length > 0 && linted === 0) {
    const [first] = failures;
    throw new UsageError(
      failures.length === 1
        ? (first as UnlintableDocument).message
        : `no document could be linted: ${(first as UnlintableDocument).message} (and ${failures.length - 1} more)`,
    );
  }
  for (const failure of failures) if (!sources.includes(failure.source)) findings.push(failure.toFinding());
  return buildReport(sources, findings, ignored, started);
}

/** Lints a document held in memory (the reference server's own document, tests) as if read from `name`. */
export async function lintObject(
  document: Record<string, unknown>,
  name = 'document.json',
  linter: Linter = createLinter(),
): Promise<LintReport> {
  const started = Date.now();
  const ruleset = await loadBuiltinRuleset(linter);
  const limits = { maxBytes: DEFAULT_MAX_BYTES, timeoutMs: DEFAULT_TIMEOUT_MS };
  const result = await lintText(linter, name, JSON.stringify(document, null, 2), ruleset, limits);
  return buildReport([name], result.findings, result.ignored, started);
}

function buildReport(sources: string[], findings: LintFinding[], ignored: LintFinding[], started: number): LintReport {
  findings.sort(bySourceAndPosition);
  return { tool: 'restguide', version: VERSION, sources, ...findingsOutcome(findings, ignored, started) };
}
