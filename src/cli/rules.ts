import type { Io } from './io.js';
import { UsageError } from '../core/errors.js';

export async function runRules(_options: Record<string, unknown>, _io: Io): Promise<number> {
  throw new UsageError('rules: not implemented yet');
}
