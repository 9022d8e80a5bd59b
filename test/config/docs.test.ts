// docs/config.md stays true to the key table: each section's table lists exactly its keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE_NAMES, CONFIG_KEYS } from '../../src/config/keys.js';

const PAGE = readFileSync(join(import.meta.dirname, '../../docs/config.md'), 'utf8');

/** The backticked names in the first column of the table under `### \`<section>\``. */
function documentedKeys(section: string): string[] {
  const table = PAGE.split(`### \`${section}\`\n`)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
}

describe('docs/config.md', () => {
  for (const [section, keys] of Object.entries(CONFIG_KEYS)) {
    it(`lists every key of ${section}, and no other`, () => {
      expect(documentedKeys(section).sort()).toEqual(Object.keys(keys).sort());
    });
  }

  it('names the searched file names in the order they are searched', () => {
    const line = PAGE.split('\n').find((text) => text.includes('the first of these names')) ?? '';
    const next = PAGE.split('\n')[PAGE.split('\n').indexOf(line) + 1] ?? '';
    expect([...`${line} ${next}`.matchAll(/`([^`]+)`/g)].map((match) => match[1])).toEqual([...CONFIG_FILE_NAMES]);
  });
});
