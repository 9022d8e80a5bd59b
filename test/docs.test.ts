// The docs stay true to the CLI and to themselves: each command page lists exactly the options
// `restguide <command> --help` prints, in its order; every relative link (and its #anchor) leads
// somewhere; the README stays a front page, not a manual.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { captureIo } from './helpers/io.js';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const PAGES = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f))];
// Written by another change; a link to it may come first. Once the file exists it is checked like any other.
const PENDING = new Set([join(DOCS, 'ci.md')]);

const COMMAND_PAGES = { check: 'check.md', lint: 'lint.md', diff: 'diff.md', serve: 'serve.md', rules: 'rules-command.md', init: 'config.md' } as const;

/** The option column of `--help`: `-p, --port <n>`, `--auth`, ... in the order commander prints them. */
async function helpOptions(command: string): Promise<string[]> {
  const io = captureIo();
  expect(await main([command, '--help'], io)).toBe(0);
  const section = io.out.split(/^Options:\n/m)[1] ?? '';
  return section.split('\n')
    .filter((line) => /^ {2}-/.test(line))
    .map((line) => line.trim().split(/ {2,}/)[0] ?? '');
}

/** The first column of the table under a page's `## Options` heading, without its backticks. */
function documentedOptions(page: string): string[] {
  const section = page.split(/^## Options\n/m)[1]?.split(/^## /m)[0] ?? '';
  return section.split('\n')
    .filter((line) => /^\| `-/.test(line))
    .map((line) => /^\| `([^`]+)`/.exec(line)?.[1] ?? '');
}

const withoutCode = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (heading ?? '').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('command pages', () => {
  for (const [command, file] of Object.entries(COMMAND_PAGES)) {
    it(`docs/${file} lists the options of restguide ${command} --help`, async () => {
      const page = readFileSync(join(DOCS, file), 'utf8');
      expect(documentedOptions(page)).toEqual(await helpOptions(command));
    });
  }
});

describe('links', () => {
  for (const page of PAGES) {
    it(`${relative(ROOT, page)}: relative links and anchors resolve`, () => {
      const text = readFileSync(page, 'utf8');
      const broken: string[] = [];
      for (const [, target] of withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? page : resolve(dirname(page), path);
        if (PENDING.has(file) && !existsSync(file)) continue;
        if (!existsSync(file)) broken.push(`${target}: no such file`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no such heading`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('README', () => {
  it('stays a front page: at most 12 kB, the details in docs/', () => {
    expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThanOrEqual(12_000);
  });
});
