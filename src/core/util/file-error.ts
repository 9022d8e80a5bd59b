// One line a person can act on for a file-system error, shared by every command that reads or writes a file.
import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a parent is not a folder',
  EEXIST: 'a file is where a folder is needed',
  EISDIR: 'it is a folder',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left',
};

/** `permission denied (EACCES)`: a file-system error in one line a person can act on. */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code && FILE_ERRORS[code]) return `${FILE_ERRORS[code]} (${code})`;
  return code ?? (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
}

/** The text of a file the user named; unreadable, a UsageError `cannot read <what>: <reason>`. */
export async function readUserFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what}: ${fileErrorReason(error)}`);
  }
}
