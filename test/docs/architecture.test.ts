// docs/architecture.md held to the tree, read when the test runs: its Layout names every top-level
// folder of the repository and of src/, and every test/ folder that does not mirror one of src/;
// every file it names exists; and each "Adding a ..." section names the tests that run every item
// of that kind (a new check, rule, format or diff kind must pass them, so the steps must say so).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { page, section } from '../helpers/architecture-page.js';
import { repositoryFiles, ROOT } from '../helpers/ci-runner.js';

const layout = /```\n([\s\S]*?)```/.exec(section('Layout'))?.[1] ?? '';
/** The first column of the Layout block: the paths it describes (`action.yml, ci/` names two). */
const described = layout
  .split('\n')
  .filter((line) => /^\S/.test(line))
  .flatMap((line) => (line.split(/\s{2,}/)[0] ?? '').split(', '));
const describes = (folder: string): boolean => described.some((entry) => entry === folder || entry.startsWith(folder));

// Folders git would carry (tracked, or new and not ignored): not node_modules, dist/ or a local reports/ run.
const files = repositoryFiles();
const foldersUnder = (prefix: string): string[] =>
  [
    ...new Set(
      files
        .filter((file) => file.startsWith(prefix) && file.slice(prefix.length).includes('/'))
        .map((file) => file.slice(prefix.length).split('/')[0] as string),
    ),
  ].sort();

describe('docs/architecture.md: Layout', () => {
  it.each(foldersUnder(''))('names the top-level folder %s/', (folder) => {
    expect(describes(`${folder}/`), `add ${folder}/ to the Layout block`).toBe(true);
  });

  it.each(foldersUnder('src/'))('names src/%s/', (folder) => {
    expect(describes(`src/${folder}/`), `add src/${folder}/ to the Layout block`).toBe(true);
  });

  const mirrors = new Set(foldersUnder('src/'));
  it.each(foldersUnder('test/').filter((folder) => !mirrors.has(folder)))(
    'names test/%s/, which mirrors no folder of src/',
    (folder) => {
      expect(describes(`test/${folder}/`), `add test/${folder}/ to the Layout block`).toBe(true);
    },
  );

  it('describes only folders that exist (dist/ is built)', () => {
    const folders = described.filter(
      (entry) => entry.endsWith('/') && !entry.includes('<') && !entry.startsWith('dist/'),
    );
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !existsSync(join(ROOT, folder)))).toEqual([]);
  });
});

/**
 * The files a passage names in backticks: paths from the root (a `<placeholder>` or `*` keeps only the folder before it),
 * and bare file names, looked up in the folders the same passage names (`src/lint/` ... `read-source.ts`).
 */
function namedFiles(passage: string): { paths: string[]; bare: string[]; folders: string[] } {
  const tops = new Set([...foldersUnder(''), ...files.filter((file) => !file.includes('/'))]);
  const spans = [...passage.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);
  const paths = spans
    .filter((span) => tops.has(span.split('/')[0] as string) && !span.startsWith('dist/'))
    .map((span) => (/[<*]/.test(span) ? span.slice(0, span.lastIndexOf('/', span.search(/[<*]/)) + 1) : span));
  const bare = spans.filter((span) => /^[\w.-]+\.(?:ts|mjs|js|json|ya?ml|md)$/.test(span) && !tops.has(span));
  const folders = paths.map((path) => (path.endsWith('/') ? path : `${dirname(path)}/`));
  return { paths, bare, folders };
}

/** Paragraphs and top-level list items, each with its indented continuation lines. */
const passages = (text: string): string[] => text.split(/\n(?=\S)/).map((passage) => passage.replace(/\n\s+/g, ' '));

describe('docs/architecture.md: every file it names exists', () => {
  const sections = page.split(/\n(?=## )/).filter((text) => text.startsWith('## ') && !text.startsWith('## Layout'));
  it.each(sections.map((text) => [text.slice(3, text.indexOf('\n')), text]))('%s', (_title, text) => {
    const missing: string[] = [];
    let named = 0;
    for (const passage of passages(text)) {
      const { paths, bare, folders } = namedFiles(passage);
      named += paths.length + bare.length;
      missing.push(...paths.filter((path) => !existsSync(join(ROOT, path))));
      missing.push(
        ...bare
          .filter((name) => !folders.some((folder) => existsSync(join(ROOT, folder, name))))
          .map((name) => `${name} (in none of ${folders.join(', ') || 'no folder named beside it'})`),
      );
    }
    if (/^## (?:How|Adding)/.test(text)) expect(named).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});

// The tests that run every item of a kind: a new item must pass them, so its section must name them.
const EVERY: Array<{ section: string; reads: RegExp }> = [
  { section: 'Adding a check', reads: /\bCHECKS\.(?:filter|map|flatMap|forEach|some|every|find)\b|\bof CHECKS\b/ },
  { section: 'Adding a lint rule', reads: /\b(?:keys|entries|values)\(belgifRules\)|\bof belgifRules\b/ },
  { section: 'Adding a diff finding kind', reads: /\b(?:keys|entries|values)\(DIFF_KINDS\)/ },
  {
    section: 'Adding a report format',
    reads:
      /\b(?:REPORT|CHECK|LINT|DIFF)_FORMATS\.(?:map|filter|flatMap|forEach)\b|(?:\bof |each\(|\.\.\.)(?:REPORT|CHECK|LINT|DIFF)_FORMATS\b/,
  },
];
const testFiles = files.filter((file) => file.startsWith('test/') && file.endsWith('.test.ts'));

describe('docs/architecture.md: the steps name the tests that hold a new item to the rest', () => {
  it.each(EVERY)('$section', ({ section: title, reads }) => {
    const text = section(title);
    const holding = testFiles.filter((file) => reads.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(holding.length).toBeGreaterThan(0);
    expect(
      holding.filter((file) => !text.includes(`\`${file}\``)),
      `name these in "${title}"`,
    ).toEqual([]);
  });
});
