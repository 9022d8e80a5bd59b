import type { Io } from './io.js';
import { UsageError } from '../core/errors.js';

export async function runServe(_options: Record<string, unknown>, _io: Io): Promise<number> {
  throw new UsageError('serve: not implemented yet');
}
