// `restguide init [file]`: write the commented config file; never over one that exists unless --force.
import { writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { fileErrorReason } from '../core/util/file-error.js';
import { UsageError } from '../core/util/errors.js';
import { CONFIG_FILE_NAMES } from '../config/keys.js';
import { configFilesIn } from '../config/find.js';
import { CONFIG_TEMPLATE } from '../config/template.js';
import type { Io } from './io.js';

export async function runInit(file: string, options: Record<string, unknown>, io: Io): Promise<number> {
  const path = resolve(io.cwd, file);
  // A second searched name beside an existing one would make every later run refuse both.
  if ((CONFIG_FILE_NAMES as readonly string[]).includes(basename(path))) {
    const other = (await configFilesIn(dirname(path))).find((name) => name !== basename(path));
    if (other !== undefined)
      throw new UsageError(
        `${other} is already a config file in that folder: edit it, or remove it before writing ${file}`,
      );
  }
  try {
    // wx: the check and the write are one step, so a file that appears meanwhile is not overwritten.
    await writeFile(path, CONFIG_TEMPLATE, { flag: options.force === true ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${file} exists: edit it, or give --force to overwrite it`);
    throw new UsageError(`cannot write ${file}: ${fileErrorReason(error)}`);
  }
  io.stderr(
    `restguide: wrote ${file}: every key commented and explained; the active ones are the defaults (docs/config.md)\n`,
  );
  return 0;
}
