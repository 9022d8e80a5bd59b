// --exclude <glob> and a ruleset's `excludedFiles` (the name belgif's Java validator uses): files
// not linted as the user's own, e.g. vendored copies of belgif's openapi-* definitions.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../core/util/errors.js';
import { isUrl } from './read-source.js';

/** A glob as a RegExp: `**` any folders, `*` and `?` within one path segment, `{a,b}` alternatives. */
function globToRegExp(glob: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      out += '(?:';
      braces++;
    } else if (c === '}' && braces > 0) {
      out += ')';
      braces--;
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  if (braces !== 0) throw new UsageError(`exclude pattern "${glob}": unbalanced braces`);
  return new RegExp(`^${out}$`);
}

export interface ExcludePattern {
  glob: string;
  /** The folder relative globs are read from: the working directory, or the ruleset file's. */
  base: string;
  regex: RegExp;
}

export const excludePatterns = (globs: string[], base: string): ExcludePattern[] =>
  globs.map((glob) => ({ glob, base, regex: globToRegExp(glob.replace(/\\/g, '/')) }));

/** Whether a document location (file path or URL) matches one of the patterns. */
export function isExcluded(location: string, patterns: ExcludePattern[]): boolean {
  if (patterns.length === 0) return false;
  return patterns.some(({ glob, base, regex }) => {
    if (isUrl(location)) return regex.test(location);
    const absolute = resolve(base, location);
    if (isAbsolute(glob)) return regex.test(absolute.split(sep).join('/'));
    const fromBase = relative(base, absolute).split(sep).join('/');
    // A relative glob without a folder (`*-v1.yaml`) matches a file name in any folder, as in .gitignore.
    return regex.test(fromBase) || (!glob.includes('/') && regex.test(fromBase.split('/').pop() ?? ''));
  });
}
