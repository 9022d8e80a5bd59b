// Loads the built-in ruleset once per process, and user rulesets (`--ruleset`) that extend it.
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ruleset, type RulesetDefinition } from '@stoplight/spectral-core';
import * as coreFunctions from '@stoplight/spectral-functions';
import { parse as parseYaml } from 'yaml';
import { UsageError } from '../core/errors.js';
import { excludePatterns, type ExcludePattern } from './exclude.js';

/** Names a user ruleset may give in `extends` to mean the built-in ruleset. */
export const BUILTIN_RULESET_NAMES = ['restguide', 'restguide:belgif'];

let builtin: Promise<Ruleset> | undefined;
let loads = 0;

/** How many times the built-in ruleset was constructed in this process (tests assert 1). */
export const builtinRulesetLoads = (): number => loads;

async function builtinDefinition(): Promise<RulesetDefinition> {
  const module = await import('../../rulesets/belgif.js');
  return module.belgif;
}

/** The built-in ruleset, constructed (and its function options validated) once per process. */
export function loadBuiltinRuleset(): Promise<Ruleset> {
  builtin ??= builtinDefinition().then((definition) => {
    loads++;
    return new Ruleset(definition, { severity: 'recommended', source: 'restguide:belgif' });
  });
  return builtin;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replaces `restguide` in `extends` (alone or as `[name, severity]`) with the built-in definition. */
function substituteExtends(definition: Json, builtinDef: RulesetDefinition, file: string): Json {
  if (definition.extends === undefined) return definition;
  const list = Array.isArray(definition.extends) && !(definition.extends.length === 2 && typeof definition.extends[1] === 'string' && ['off', 'recommended', 'all'].includes(definition.extends[1]) && !Array.isArray(definition.extends[0]) && typeof definition.extends[0] !== 'string')
    ? definition.extends
    : [definition.extends];
  const mapOne = (entry: unknown): unknown => {
    if (typeof entry === 'string') {
      if (BUILTIN_RULESET_NAMES.includes(entry)) return builtinDef;
      throw new UsageError(`${file}: cannot extend "${entry}": only ${BUILTIN_RULESET_NAMES.join(' or ')} (or a ruleset object in a JS ruleset) can be extended`);
    }
    if (Array.isArray(entry) && entry.length === 2) return [mapOne(entry[0]), entry[1]];
    return entry;
  };
  return { ...definition, extends: list.map(mapOne) };
}

const CORE_FUNCTIONS = coreFunctions as unknown as Record<string, unknown>;

/** In a YAML/JSON ruleset a function is a name: one of Spectral's core functions. */
function bindFunctionNames(rules: unknown, file: string): unknown {
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
      if (typeof fn !== 'function') throw new UsageError(`${file}: rule ${code} uses unknown function "${then.function}" (YAML rulesets can use Spectral's core functions; write a JS ruleset for custom ones)`);
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
    throw new UsageError(`${file}: cannot read the ruleset (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new UsageError(`${file}: not valid YAML/JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (!isObject(parsed)) throw new UsageError(`${file}: a ruleset must be an object with extends/rules/overrides`);
  if (parsed.functions !== undefined || parsed.functionsDir !== undefined) {
    throw new UsageError(`${file}: custom functions need a JS ruleset (export default { extends: ['restguide'], rules: {...} })`);
  }
  // A ruleset may only extend (and exclude files): no `rules` key then, not `rules: undefined`.
  return parsed.rules === undefined ? parsed : { ...parsed, rules: bindFunctionNames(parsed.rules, file) };
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
  const definition = substituteExtends(rest, await builtinDefinition(), path);
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
