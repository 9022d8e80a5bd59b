import type { Io } from './io.js';
import { UsageError } from '../core/errors.js';

export async function runLint(_documents: string[], _options: Record<string, unknown>, _io: Io): Promise<number> {
  throw new UsageError('lint: not implemented yet');
}
