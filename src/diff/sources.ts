// Reads one side of a diff: a file, an http(s) URL or `git:<rev>:<path>` (through `git show`),
// with every file its $refs name, read from the same place (the same revision for git). A Swagger
// 2.0 document is compared in its OpenAPI 3.0 form, and its findings placed on its own lines.
import { execFile } from 'node:child_process';
import { dirname, posix, resolve as resolvePath } from 'node:path';
import Parsers from '@stoplight/spectral-parsers';
import { UsageError } from '../core/util/errors.js';
import { assertOpenApi } from '../lint/lint-documents.js';
import { convertSwagger, isSwagger2 } from '../lint/swagger.js';
import type { JsonPath } from '../openapi/json.js';
import { decodePercent } from '../openapi/pointer.js';
import { parserFor } from '../openapi/text.js';
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, isUrl, readSource, type ReadLimits } from '../lint/read-source.js';

type Parser = typeof Parsers.Yaml;
type Parsed = ReturnType<Parser['parse']>;

/** `swagger`: the Swagger 2.0 document as written, when `data` is its OpenAPI 3.0 form (compared, then placed back). */
interface ParsedFile {
  source: string;
  data: unknown;
  parsed: Parsed;
  parser: Parser;
  swagger?: Record<string, unknown>;
}

/** A $ref target that could not be read: what it describes is not compared, and the report says so. */
interface MissingFile {
  location: string;
  from: string;
  path: JsonPath;
  reason: string;
}

/** One side: the root document and every file reached through its $refs, by source. */
export interface DocumentSet {
  root: string;
  files: Map<string, ParsedFile>;
  missing: MissingFile[];
}

interface ReadOptions {
  cwd: string;
  limits?: Partial<ReadLimits>;
}

// A document with more referenced files than this is refused rather than read without end.
const MAX_FILES = 1000;

const GIT = /^git:([^:]+):(.+)$/;
// A $ref whose value does not start with `#`, in YAML or JSON spelling.
const EXTERNAL_REF = /\$ref['"]?\s*:\s*['"]?[^#\s'"]/;

const PARSERS = { json: Parsers.Json as unknown as Parser, yaml: Parsers.Yaml };

/**
 * What git's refusal means for `git:<rev>:<path>`, in the user's terms: a revision the repository
 * lacks, a path the revision lacks, no repository; undefined for anything else (git's own line).
 */
function gitReason(stderr: string, rev: string, path: string): string | undefined {
  if (/^fatal: not a git repository/m.test(stderr)) return 'not inside a git repository (run diff from inside one)';
  if (/^fatal: invalid object name /m.test(stderr)) return `no revision ${rev} in this repository`;
  if (/^fatal: path '.*' exists on disk, but not in /m.test(stderr))
    return `${rev} has no file ${path} (it exists on disk, not committed)`;
  if (/^fatal: path '.*' does not exist in /m.test(stderr)) return `${rev} has no file ${path}`;
  return undefined;
}

function runGit(
  args: string[],
  cwd: string,
  maxBytes: number,
  timeoutMs: number,
  input?: { location: string; rev: string; path: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, maxBuffer: maxBytes, timeout: timeoutMs, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === 'ENOENT'
            ? 'git is not installed'
            : code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
              ? `larger than ${Math.round(maxBytes / 1048576)} MB`
              : stderr.trim().split('\n')[0] || error.message;
        const explained = input && gitReason(stderr, input.rev, input.path);
        reject(new UsageError(explained ? `${input.location}: ${explained}` : `git ${args.join(' ')}: ${reason}`));
      },
    );
  });
}

/** Where a $ref's file part points, from the file that holds it. */
export function resolveLocation(from: string, ref: string): string {
  if (isUrl(ref)) return ref;
  const git = GIT.exec(from);
  if (git) return `git:${git[1]}:${posix.normalize(posix.join(posix.dirname(git[2]!), ref))}`;
  if (isUrl(from)) return new URL(ref, from).href;
  return resolvePath(dirname(from), decodePercent(ref));
}

/** The external file part of every `$ref` in a parsed document, with where it first appears. */
function externalRefs(data: unknown): Map<string, JsonPath> {
  const out = new Map<string, JsonPath>();
  const stack: Array<[unknown, JsonPath]> = [[data, []]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const file = value.split('#')[0]!;
        if (file && !out.has(file)) out.set(file, path);
      } else if (typeof value === 'object') stack.push([value, [...path, Array.isArray(node) ? Number(key) : key]]);
    }
  }
  return out;
}

async function readText(location: string, cwd: string, limits: ReadLimits): Promise<string> {
  const git = GIT.exec(location);
  if (git)
    return runGit(['show', `${git[1]}:${git[2]}`], cwd, limits.maxBytes, limits.timeoutMs, {
      location,
      rev: git[1]!,
      path: git[2]!,
    });
  return readSource(location, limits);
}

function parse(source: string, text: string): ParsedFile {
  const parser = parserFor(source, text, PARSERS);
  const parsed = parser.parse(text);
  const fatal = parsed.diagnostics.find((d) => d.severity === 0);
  if (fatal)
    throw new UsageError(
      `${source}:${fatal.range.start.line + 1}:${fatal.range.start.character + 1}: malformed document (${fatal.message})`,
    );
  return { source, data: parsed.data, parsed, parser };
}

function convertedSwagger(location: string, swagger: Record<string, unknown>): Record<string, unknown> {
  try {
    return convertSwagger(swagger);
  } catch (error) {
    throw new UsageError(
      `${location}: Swagger 2.0 document that cannot be converted to OpenAPI 3.0 (${(error as Error).message})`,
    );
  }
}

/** The canonical source of a command-line input: absolute file, URL, or git path from the repository root. */
async function rootLocation(input: string, cwd: string, limits: ReadLimits): Promise<string> {
  const git = GIT.exec(input);
  if (!git) return isUrl(input) ? input : resolvePath(cwd, input);
  const where = { location: input, rev: git[1]!, path: git[2]! };
  const prefix = (await runGit(['rev-parse', '--show-prefix'], cwd, limits.maxBytes, limits.timeoutMs, where)).trim();
  return `git:${git[1]}:${posix.normalize(posix.join(prefix, git[2]!.replace(/^\.\//, '')))}`;
}

/** Reads a document and every file its $refs reach; bad input throws UsageError. */
export async function readDocumentSet(input: string, options: ReadOptions): Promise<DocumentSet> {
  const limits: ReadLimits = {
    maxBytes: options.limits?.maxBytes ?? DEFAULT_MAX_BYTES,
    timeoutMs: options.limits?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const root = await rootLocation(input, options.cwd, limits);
  const files = new Map<string, ParsedFile>();
  const missing: MissingFile[] = [];
  const queue: Array<{ location: string; from?: string; path?: JsonPath }> = [{ location: root }];
  while (queue.length) {
    const { location, from, path } = queue.shift()!;
    if (files.has(location) || missing.some((m) => m.location === location)) continue;
    if (files.size >= MAX_FILES) throw new UsageError(`${root}: more than ${MAX_FILES} files reached through $ref`);
    let text: string;
    try {
      text = await readText(location, options.cwd, limits);
    } catch (error) {
      if (!from) throw error;
      // Like lint, an unreadable $ref target is a finding, not the end: belgif's documents name
      // files that a build unpacks beside them.
      missing.push({ location, from, path: path ?? [], reason: (error as Error).message });
      continue;
    }
    let file = parse(location, text);
    if (!from && isSwagger2(file.data))
      file = { ...file, data: convertedSwagger(location, file.data), swagger: file.data };
    else if (!from) assertOpenApi(location, file.data, text);
    files.set(location, file);
    // Most documents are one file: a scan of the text spares walking their whole tree.
    if (!EXTERNAL_REF.test(text)) continue;
    for (const [ref, at] of externalRefs(file.data))
      queue.push({ location: resolveLocation(location, ref), from: location, path: at });
  }
  return { root, files, missing };
}
