// Strings for comparing two text tests exhaustively: every sequence of tokens up to a length, and
// seeded random ones.
import { random } from './random.js';

/** Every concatenation of up to `max` tokens (the empty string first). */
export function* sequences(tokens: readonly string[], max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let length = 1; length <= max; length++) {
    const next: string[] = [];
    for (const prefix of level) for (const token of tokens) next.push(prefix + token);
    yield* next;
    level = next;
  }
}

/** `count` seeded random concatenations of `min` to `max` tokens. */
export function* randomSequences(
  tokens: readonly string[],
  count: number,
  min: number,
  max: number,
  seed = 1,
): Generator<string> {
  const next = random(seed);
  for (let i = 0; i < count; i++) {
    const length = min + Math.floor(next() * (max - min + 1));
    let s = '';
    for (let j = 0; j < length; j++) s += tokens[Math.floor(next() * tokens.length)];
    yield s;
  }
}
