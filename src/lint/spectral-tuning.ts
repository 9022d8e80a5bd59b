// Every finding's message goes twice through Spectral's template printer, which builds a new
// expression parser each time even when there is nothing to evaluate: 40,000 findings, 80,000
// parsers. Text without `{{` comes back unchanged from that printer, and `{{error}}` as the error's
// text, so both are answered directly. The printer is reached through spectral-core's own file
// (its `exports` hide it), so this applies only when that file has the expected shape.
// (immer's auto-freeze in the $ref resolver looks like a similar cost, but turning it off makes
// each later update walk the unfrozen tree: slower, measured.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let tuned = false;

type Print = (input: string, values: unknown) => string;

export function tuneSpectral(): void {
  if (tuned) return;
  tuned = true;
  try {
    const messages = require(join(dirname(require.resolve('@stoplight/spectral-core')), 'runner/utils/message.js')) as { message?: Print };
    const print = messages.message;
    if (typeof print !== 'function') return;
    // `{{error}}`, the message of every built-in rule, prints as the printer would: the value as text.
    messages.message = (input, values) => {
      if (input === '{{error}}' && typeof values === 'object' && values !== null && 'error' in values) return String((values as { error: unknown }).error);
      return input.includes('{{') ? print(input, values) : input;
    };
  } catch {
    // another layout of spectral-core: keep the stock printer
  }
}
