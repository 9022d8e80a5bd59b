// One command's section, ready for the command line: ${NAME} references read from the environment,
// relative paths moved from the config file's folder to the working directory.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../core/util/errors.js';
import { CONFIG_KEYS, type ConfigCommand, type KeyKind } from './keys.js';
import type { ConfigFile } from './load.js';

/** A setting as the flag would hold it: text, a list, a switch, a number or headers. */
export type SettingValue = string | string[] | boolean | number | Record<string, string>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const URL_LIKE = /^https?:\/\//i;
const GIT = /^git:([^:]+):(.+)$/;

/** `${NAME}` is the variable's value, `$$` a literal `$`; an unset or empty variable stops the run. */
export function expandReferences(value: string, where: string, env: NodeJS.ProcessEnv, shown: string): string {
  return value.replace(/\$\$|\$\{([^}]*)\}?/g, (match, name: string | undefined) => {
    if (match === '$$') return '$';
    if (!match.endsWith('}')) throw new UsageError(`bad config ${shown}: ${where} has a \${ without its closing }`);
    if (name === undefined || !NAME.test(name))
      throw new UsageError(
        `bad config ${shown}: ${where} refers to \${${name ?? ''}}, which is not a variable name (letters, digits, _)`,
      );
    const found = env[name];
    // An empty value is what CI gives for a secret the job cannot see: refused like an unset one.
    if (found === undefined || found === '')
      throw new UsageError(
        `${where} in ${shown} refers to \${${name}}, which is ${found === undefined ? 'not set' : 'empty'} in the environment`,
      );
    return found;
  });
}

/** A path written relative to the config file's folder, as the working directory reaches it. */
function fromConfigDir(path: string, dir: string, cwd: string): string {
  if (isAbsolute(path)) return path;
  return relative(cwd, resolve(dir, path)) || '.';
}

const posix = (path: string): string => path.split(sep).join('/');

/** Rebases what in one string value is a path of the file's, by the key's kind. */
function rebase(kind: KeyKind, value: string, dir: string, cwd: string): string {
  if (dir === cwd) return value;
  switch (kind) {
    case 'file':
      return fromConfigDir(value, dir, cwd);
    case 'fileOrUrl':
      return URL_LIKE.test(value) ? value : fromConfigDir(value, dir, cwd);
    case 'documents':
      return URL_LIKE.test(value) || value === '-' ? value : posix(fromConfigDir(value, dir, cwd));
    case 'side': {
      if (URL_LIKE.test(value)) return value;
      // git paths are read from the working directory's place in the repository, like a file's.
      const git = GIT.exec(value);
      return git ? `git:${git[1]}:${posix(fromConfigDir(git[2] as string, dir, cwd))}` : fromConfigDir(value, dir, cwd);
    }
    case 'globs':
      // A glob without a folder matches a file name in any folder: it stays as written.
      return value.includes('/') ? posix(fromConfigDir(value, dir, cwd)) : value;
    case 'formats': {
      const equals = value.indexOf('=');
      const file = equals === -1 ? '' : value.slice(equals + 1);
      return file === '' || file === '-' ? value : `${value.slice(0, equals + 1)}${fromConfigDir(file, dir, cwd)}`;
    }
    default:
      return value;
  }
}

/**
 * The settings one command takes from the file, keyed as in the file; absent section: none. What the
 * command line gives instead (`overridden`: a key, or a header by its lower-case name) is left out
 * unread, so a flag that replaces a key also spares its ${NAME} reference.
 */
export function sectionSettings(
  config: ConfigFile,
  command: ConfigCommand,
  env: NodeJS.ProcessEnv,
  cwd: string,
  overridden: ReadonlySet<string> = new Set(),
): Record<string, SettingValue> {
  const section = config.sections[command] ?? {};
  const settings: Record<string, SettingValue> = {};
  for (const [key, raw] of Object.entries(section)) {
    const spec = CONFIG_KEYS[command][key];
    // The schema refused unknown keys already.
    if (spec === undefined || overridden.has(key)) continue;
    const where = `(root).${command}.${key}`;
    const text = (value: unknown, at: string): string =>
      rebase(spec.kind, expandReferences(String(value), at, env, config.shown), config.dir, cwd);
    if (typeof raw === 'boolean' || typeof raw === 'number') settings[key] = raw;
    else if (Array.isArray(raw)) settings[key] = raw.map((item, i) => text(item, `${where}.${i}`));
    else if (spec.kind === 'headers') {
      const kept = Object.entries(raw as Record<string, unknown>).filter(
        ([name]) => !overridden.has(`header:${name.toLowerCase()}`),
      );
      settings[key] = Object.fromEntries(
        kept.map(([name, value]) => {
          const header = text(value, `${where}.${name}`);
          // Said without the value, which may be a credential read from the environment.
          if (/[\n\r\u2028\u2029]/.test(header))
            throw new UsageError(
              `${where}.${name} in ${config.shown} has a line break in its value: a header value is one line`,
            );
          return [name, header];
        }),
      );
    } else settings[key] = text(raw, where);
  }
  return settings;
}
