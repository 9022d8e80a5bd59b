/**
 * An expected failure caused by the user or the environment (bad flag, unreadable file,
 * unreachable target). The CLI prints its message on one line and exits 2, without a stack.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
