import type { Io } from './io.js';
import { UsageError } from '../core/errors.js';

export async function runCheck(_baseUrl: string | undefined, _options: Record<string, unknown>, _io: Io): Promise<number> {
  throw new UsageError('check: not implemented yet');
}
