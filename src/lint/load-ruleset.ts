// Loads the built-in ruleset once per process, and user rulesets (`--ruleset`) that extend it.
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ruleset, type RulesetDefinition } from '@stoplight/spectral-core';
import { commonJsExports } from '../core/util/commonjs-exports.js';
import { UsageError } from '../core/util/errors.js';
import { isObject, type Json } from '../openapi/json.js';
import { excludePatterns, type ExcludePattern } from './exclude.js';
import { createLinter, type Linter } from './engine/index.js';

/** Names a user ruleset may give in `extends` to mean the built-in ruleset. */
export const BUILTIN_RULESET_NAMES = ['restguide', 'restguide:belgif', 'restguide/ruleset'];
/** Spectral's own rulesets, so one run gives Spectral's findings and the guide's. */
const SPECTRAL_RULESET_NAMES = ['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'];

/** The definitions `extends` may name, Spectral's loaded only when named (they are large). */
async function namedDefinitions(definition: Json): Promise<Map<string, unknown>> {
  const named = new Map<string, unknown>();
  const builtinDef = await builtinDefinition();
  for (const name of BUILTIN_RULESET_NAMES) named.set(name, builtinDef);
  if (SPECTRAL_RULESET_NAMES.some((name) => JSON.stringify(definition.extends ?? null).includes(`"${name}"`))) {
    const spectral = commonJsExports(await import('@stoplight/spectral-rulesets')) as unknown as Record<
      string,
      unknown
    >;
    for (const name of SPECTRAL_RULESET_NAMES) named.set(name, spectral[name.slice('spectral:'.length)]);
  }
  return named;
}

const builtin = new Map<boolean, Promise<Ruleset>>();
let loads = 0;

/** How many times the built-in ruleset was constructed in this process (tests assert 1 per engine mode). */
export const builtinRulesetLoads = (): number => loads;

async function builtinDefinition(): Promise<RulesetDefinition> {
  const module = await import('../../rulesets/belgif.js');
  return module.belgif;
}

/**
 * The built-in ruleset, constructed once per process and engine mode. Accelerated, without
 * Spectral's schema validation, which compiles the ruleset schema: the largest cost of a small
 * lint's start-up (a test proves the definition valid instead).
 */
export function loadBuiltinRuleset(
  linter: Pick<Linter, 'accelerated' | 'trustedRuleset'> = createLinter(),
): Promise<Ruleset> {
  let ruleset = builtin.get(linter.accelerated);
  if (!ruleset) {
    ruleset = builtinDefinition().then((definition) => {
      loads++;
      return linter.trustedRuleset(definition, 'restguide:belgif');
    });
    builtin.set(linter.accelerated, ruleset);
  }
  return ruleset;
}

/** Replaces `restguide` and `spectral:oas|asyncapi|arazzo` in `extends` (alone or as `[name, severity]`) with their definitions. */
function substituteExtends(definition: Json, named: Map<string, unknown>, file: string): Json {
  if (definition.extends === undefined) return definition;
  const list =
    Array.isArray(definition.extends) &&
    !(
      definition.extends.length === 2 &&
      typeof definition.extends[1] === 'string' &&
      ['off', 'recommended', 'all'].includes(definition.extends[1]) &&
      !Array.isArray(definition.extends[0]) &&
      typeof definition.extends[0] !== 'string'
    )
      ? definition.extends
      : [definition.extends];
  const mapOne = (entry: unknown): unknown => {
    if (typeof entry === 'string') {
      const found = named.get(entry);
      if (found !== undefined) return found;
      throw new UsageError(
        `${file}: cannot extend "${entry}": only ${[...BUILTIN_RULESET_NAMES, ...SPECTRAL_RULESET_NAMES].join(', ')} (or a ruleset object in a JS ruleset) can be extended`,
      );
    }
    if (Array.isArray(entry) && entry.length === 2) return [mapOne(entry[0]), entry[1]];
    return entry;
  };
  return { ...definition, extends: list.map(mapOne) };
}

/** In a YAML/JSON ruleset a function is a name: one of Spectral's core functions (loaded only then). */
function bindFunctionNames(rules: unknown, file: string, CORE_FUNCTIONS: Record<string, unknown>): unknown {
  if (!isObject(rules)) return rules;
  const bound: Json = {};
  for (const [code, rule] of Object.entries(rules)) {
    if (!isObject(rule) || rule.then === undefined) {
      bound[code] = rule;
      continue;
    }
    const bindThen = (then: unknown): unknown => {
      if (!isObject(then) || typeof then.function !== 'string') return then;
      const fn = CORE_FUNCTIONS[then.function];
      if (typeof fn !== 'function')
        throw new UsageError(
          `${file}: rule ${code} uses unknown function "${then.function}" (YAML rulesets can use Spectral's core functions; write a JS ruleset for custom ones)`,
        );
      return { ...then, function: fn };
    };
    bound[code] = { ...rule, then: Array.isArray(rule.then) ? rule.then.map(bindThen) : bindThen(rule.then) };
  }
  return bound;
}

async function readUserDefinition(file: string): Promise<Json> {
  const ext = extname(file).toLowerCase();
  if (ext === '.js' || ext === '.mjs' || ext === '.cjs') {
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (error) {
      throw new UsageError(`${file}: cannot load the ruleset (${(error as Error).message.split('\n')[0]})`);
    }
    const definition = module.default;
    if (!isObject(definition)) throw new UsageError(`${file}: the default export must be a ruleset object`);
    return definition;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${file}: cannot read the ruleset (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let parsed: unknown;
  const { parse: parseYaml } = commonJsExports(await import('yaml')); // only a YAML/JSON ruleset needs it: not every lint's start-up
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new UsageError(`${file}: not valid YAML/JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (!isObject(parsed)) throw new UsageError(`${file}: a ruleset must be an object with extends/rules/overrides`);
  if (parsed.functions !== undefined || parsed.functionsDir !== undefined) {
    throw new UsageError(
      `${file}: custom functions need a JS ruleset (export default { extends: ['restguide'], rules: {...} })`,
    );
  }
  // A ruleset may only extend (and exclude files): no `rules` key then, not `rules: undefined`.
  if (parsed.rules === undefined) return parsed;
  const coreFunctions = commonJsExports(await import('@stoplight/spectral-functions')) as unknown as Record<
    string,
    unknown
  >;
  return { ...parsed, rules: bindFunctionNames(parsed.rules, file, coreFunctions) };
}

const excludedByRuleset = new WeakMap<Ruleset, ExcludePattern[]>();

/** The ruleset file's `excludedFiles` (globs relative to that file), as belgif's Java validator names them. */
export const excludedFilesOf = (ruleset: Ruleset): ExcludePattern[] => excludedByRuleset.get(ruleset) ?? [];

/** Takes `excludedFiles` out of a definition (Spectral does not know it), checked to be a list of globs. */
function takeExcludedFiles(definition: Json, file: string): { rest: Json; globs: string[] } {
  const { excludedFiles, ...rest } = definition;
  if (excludedFiles === undefined) return { rest, globs: [] };
  const globs = typeof excludedFiles === 'string' ? [excludedFiles] : excludedFiles;
  if (!Array.isArray(globs) || !globs.every((g) => typeof g === 'string' && g !== '')) {
    throw new UsageError(`${file}: excludedFiles must be a list of file globs`);
  }
  return { rest, globs: globs as string[] };
}

/** A user ruleset (JS, YAML or JSON) whose `extends: [restguide]` means the built-in ruleset. */
export async function loadUserRuleset(file: string, cwd: string): Promise<Ruleset> {
  const path = resolve(cwd, file);
  const { rest, globs } = takeExcludedFiles(await readUserDefinition(path), path);
  const definition = substituteExtends(rest, await namedDefinitions(rest), path);
  try {
    const ruleset = new Ruleset(definition as RulesetDefinition, { severity: 'recommended', source: path });
    excludedByRuleset.set(ruleset, excludePatterns(globs, dirname(path)));
    return ruleset;
  } catch (error) {
    const inner = (error as { errors?: Error[] }).errors;
    const detail = inner && inner.length > 0 ? inner.map((e) => e.message).join('; ') : (error as Error).message;
    throw new UsageError(`${file}: invalid ruleset: ${detail.split('\n')[0]}`);
  }
}
