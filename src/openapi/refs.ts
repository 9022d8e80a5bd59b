// Following `$ref`s: the one follower, with one cycle rule and one length rule, for a single
// document or a set of files (diff). Lint's $refs are resolved by Spectral, not here.
import { isObject, type JsonPath } from './json.js';
import { splitRef, valueAt } from './pointer.js';

/** A chain of $refs to $refs longer than this is refused (a cycle is caught before: this bounds long chains). */
export const MAX_REF_HOPS = 64;

/** A value and where it lives: its file (`` for a single document) and path. */
export interface Located {
  source: string;
  path: JsonPath;
  value: unknown;
}

/**
 * Why a chain did not end at a value: the target is missing (or its fragment is no pointer), in
 * another file with no way to read it, back at a $ref already met, or longer than MAX_REF_HOPS.
 */
export type RefBreak = 'missing' | 'external' | 'cycle' | 'too-long';

export interface Followed extends Located {
  broken?: RefBreak;
}

export interface RefFiles {
  /** The data of a source; undefined when it was not read. */
  dataOf(source: string): unknown;
  /** Where a $ref's file part points from the source that writes it; without it, $refs to other files are not followed. */
  locate?(from: string, file: string): string;
}

export interface FollowOptions {
  /** Follow only a `$ref` with no siblings (under OpenAPI 3.1 a schema's siblings of $ref are constraints of their own). */
  bareOnly?: boolean;
}

/** The `$ref` of an object that has one. */
export const refOf = (value: unknown): string | undefined => {
  if (!isObject(value)) return undefined;
  const ref = value['$ref'];
  return typeof ref === 'string' ? ref : undefined;
};

/**
 * Where a chain of $refs from `start` ends: `start` itself when it is no $ref; else the value the
 * last $ref names, with its source and path. A broken chain ends with an undefined value and says
 * why, at the target it could not use (missing, cycle) or at the $ref it could not follow (external, too-long).
 */
export function followRefs(start: Located, files: RefFiles, options: FollowOptions = {}): Followed {
  let current: Located = start;
  // A chain is a cycle when it meets a $ref it met before: the same text in the same file. Most
  // chains are one $ref long, so the set is made only at the second.
  let firstRef = '';
  let passed: Set<string> | undefined;
  for (let hops = 0; ; hops++) {
    const ref = refOf(current.value);
    if (ref === undefined || (options.bareOnly && Object.keys(current.value as object).length !== 1)) return current;
    if (hops === MAX_REF_HOPS) return { ...current, value: undefined, broken: 'too-long' };
    const { file, path } = splitRef(ref);
    let source = current.source;
    if (file !== '') {
      if (!files.locate) return { ...current, value: undefined, broken: 'external' };
      source = files.locate(current.source, file);
    }
    if (path === undefined) return { source, path: [], value: undefined, broken: 'missing' };
    const met = `${current.source}\u0000${ref}`;
    if (hops === 0) firstRef = met;
    else {
      passed ??= new Set([firstRef]);
      if (passed.has(met)) return { source, path, value: undefined, broken: 'cycle' };
      passed.add(met);
    }
    current = { source, path, value: valueAt(files.dataOf(source), path) };
    if (current.value === undefined) return { ...current, broken: 'missing' };
  }
}

/** `followRefs` within one document: `path` is where `value` lives in it ([] when unknown); other files' $refs break the chain. */
export const followLocalRefs = (
  document: unknown,
  value: unknown,
  path: JsonPath = [],
  options: FollowOptions = {},
): Followed => followRefs({ source: '', path, value }, { dataOf: () => document }, options);
