// Writing a report or a baseline to a path the user named.
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

/**
 * Writes `text` to `file`. A regular file, or no file, is replaced through a temp file and a rename,
 * so a reader never sees half a report. Anything else is written through and stays what it is: a
 * device (`-o /dev/null` as root must not turn /dev/null into a file), a FIFO (its reader gets the
 * bytes), a symlink (the link stays, its target gets the report, atomically if that is a file).
 */
export async function replaceFile(file: string, text: string): Promise<void> {
  const target = await followLinks(file);
  if (target === undefined) {
    await writeFile(file, text); // a dangling link: its target is created through it
    return;
  }
  const found = await stat(target).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (found && !found.isFile()) {
    await writeFile(target, text);
    return;
  }
  const temp = resolve(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    if (!found) await mkdir(dirname(target), { recursive: true });
    await writeFile(temp, text);
    // The replacement keeps the old file's permissions (a report kept private stays private).
    if (found) await chmod(temp, found.mode & 0o7777);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** The path a symlink chain ends at; undefined for a dangling link. */
async function followLinks(file: string): Promise<string | undefined> {
  const link = await lstat(file).catch(() => undefined);
  if (!link?.isSymbolicLink()) return file;
  return realpath(file).catch(() => undefined);
}
