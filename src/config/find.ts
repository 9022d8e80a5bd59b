// Where the config file is: the file --config names, or the one searched name in the working
// directory. Only the file system here, so a run without a config file loads neither YAML nor ajv.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../core/util/errors.js';
import { CONFIG_FILE_NAMES } from './keys.js';

const isFile = async (path: string): Promise<boolean> => (await stat(path).catch(() => undefined))?.isFile() === true;

/** The config files in a folder, among the searched names, in search order. */
export async function configFilesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of CONFIG_FILE_NAMES) if (await isFile(join(dir, name))) found.push(name);
  return found;
}

/**
 * The config file of a run, `shown` as the user knows it: the file `--config` names (`explicit`),
 * else the one in `cwd`; undefined when there is none. Two in one folder are refused rather than
 * one silently preferred.
 */
export async function findConfigFile(
  cwd: string,
  explicit?: string,
): Promise<{ path: string; shown: string } | undefined> {
  if (explicit !== undefined) return { path: resolve(cwd, explicit), shown: explicit };
  const found = await configFilesIn(cwd);
  if (found.length > 1)
    throw new UsageError(`${found.join(' and ')} are both config files here: keep one, or name one with --config`);
  return found[0] === undefined ? undefined : { path: join(cwd, found[0]), shown: found[0] };
}
