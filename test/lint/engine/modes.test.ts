// The lint engine's two modes (src/lint/engine/index.ts) give the same reports, byte for byte, on
// every document the tests lint (the fixtures, a large legacy document, the bench's generated
// stand-in for Twilio- and GitHub-sized descriptions), and accelerated mode lints them all without
// handing work to the stock path. A fallback is counted, and `lint --verbose` shows it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { LintReport } from '../../../src/core/report/types.js';
import { PACKAGE_ROOT } from '../../../src/core/util/version.js';
import { createLinter, lintDocuments } from '../../../src/lint/index.js';
import { generateLargeDocument } from '../../../bench/lib/large-document.mjs';
import { generateLegacyDocument } from '../legacy-document.js';
import { BIN } from '../../helpers/loaded-packages.js';

/** A report without its timing: what both modes must agree on. */
const comparable = (report: LintReport) => JSON.stringify({ ...report, startedAt: undefined, durationMs: undefined });

async function bothModes(files: string[]) {
  const accelerated = createLinter({ accelerated: true });
  const stock = createLinter({ accelerated: false });
  const fast = await lintDocuments(files, { linter: accelerated });
  const slow = await lintDocuments(files, { linter: stock });
  return { fast, slow, fallbacks: accelerated.fallbacks.lines() };
}

// Every OpenAPI document under test/fixtures that lints (not the rulesets, not the broken ones).
const fixtures = globSync(['test/fixtures/**/*.{yaml,yml,json}'], { cwd: PACKAGE_ROOT, absolute: true })
  .filter((file) => !/ruleset|malformed|not-openapi|circular-b|reports\/|baselines\//.test(file))
  .sort();

describe('accelerated and stock mode', () => {
  it('holds the fixtures', () => expect(fixtures.length).toBeGreaterThan(20));

  it.each(fixtures.map((file) => [file.slice(PACKAGE_ROOT.length + 1), file]))(
    '%s: the same report, no fallback',
    async (_name, file) => {
      const { fast, slow, fallbacks } = await bothModes([file]);
      expect(fallbacks).toEqual([]);
      expect(comparable(slow)).toBe(comparable(fast));
    },
    30_000,
  );

  it('a large legacy document (the golden one) and a generated 1,000-resource one: the same reports, no fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-modes-'));
    const legacy = join(dir, 'legacy.yaml');
    writeFileSync(legacy, stringify(generateLegacyDocument(60), { aliasDuplicateObjects: false }));
    const large = join(dir, 'large.yaml');
    writeFileSync(large, stringify(generateLargeDocument(300)));
    const { fast, slow, fallbacks } = await bothModes([legacy, large]);
    expect(fallbacks).toEqual([]);
    expect(fast.findings.length).toBeGreaterThan(1000);
    expect(comparable(slow)).toBe(comparable(fast));
  }, 240_000);
});

describe("belgif's corners", () => {
  // What belgif's published files and its validator's test documents hold, which accelerated mode
  // once handed to the stock path (scripts/belgif-published.mjs, scripts/validator-parity.mjs): a
  // null enum value written as a bare `-`, JSON examples closed at their key's column, a pattern
  // that is no `u` regular expression (ajv refuses its schema: no finding), oneOf with and without
  // a discriminator, examples valid and not, negative numbers in JSON examples.
  const document = String.raw`openapi: 3.0.3
info:
  title: corners
  version: '1.0'
  description: d
  contact:
    name: n
paths: {}
components:
  schemas:
    ValidityDuration:
      type: object
      required:
        - value
        - unit
      properties:
        value:
          type: integer
        unit:
          type: string
          enum:
            - day
            - month
            -
    MonetaryValue:
      type: string
      pattern: '^(\-|\+)?((\d+(\.\d*)?)|(\.\d+))$'
    MonetaryAmount:
      type: object
      required: [value, count]
      properties:
        count:
          type: integer
        value:
          $ref: '#/components/schemas/MonetaryValue'
      example:
        count: many
        value: "0.01"
    Remittance:
      type: object
      properties:
        unstructured:
          type: string
        structured:
          type: string
      oneOf:
        - required: [unstructured]
        - required: [structured]
      example: {
        "unstructured": "x",
        "structured": "y"
      }
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
      discriminator:
        propertyName: petType
      example: {
        "petType": "Dog",
        "barks": -1
      }
    Cat:
      type: object
      required: [petType]
      properties:
        petType:
          type: string
        meows:
          type: boolean
      example: {
        "petType": "Cat",
        "meows": true
    }
    Dog:
      type: object
      required: [petType]
      properties:
        petType:
          type: string
        barks:
          type: integer
          minimum: 0
`;

  it('the same report, no fallback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-modes-'));
    const file = join(dir, 'corners.yaml');
    writeFileSync(file, document);
    const { fast, slow, fallbacks } = await bothModes([file]);
    expect(fallbacks).toEqual([]);
    expect(comparable(slow)).toBe(comparable(fast));
    const messages = fast.findings.map((f) => `${f.code} ${f.message}`).join('\n');
    // The oneOf example matching both branches, the Dog example failing in the branch it names, the
    // null enum value (placed where stock mode places it: no node holds it); nothing for
    // MonetaryAmount's example, whose schema ajv refuses.
    expect(messages).toMatch(/must match exactly one schema in oneOf/);
    expect(messages).toMatch(/barks must be >= 0/);
    expect(messages).toMatch(/Enum value null is not valid against its schema: must be string/);
    expect(messages).not.toMatch(/count must be integer/);
  }, 60_000);
});

describe('the modes differ in how, not what', () => {
  it("stock mode parses with Spectral's parser (its tree), accelerated with the direct reader (places, no tree)", () => {
    const text = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n';
    const stock = createLinter({ accelerated: false }).document(text, '/x/api.yaml') as unknown as {
      parserResult: { ast?: unknown; places?: unknown };
    };
    const fast = createLinter({ accelerated: true }).document(text, '/x/api.yaml') as unknown as {
      parserResult: { ast?: unknown; places?: unknown };
    };
    expect(stock.parserResult.ast).toBeDefined();
    expect(stock.parserResult.places).toBeUndefined();
    expect(fast.parserResult.ast).toBeUndefined();
    expect(fast.parserResult.places).toBeDefined();
  });
});

describe('fallbacks', () => {
  // A $ref under a key lodash's `set` refuses: outside what local-refs.ts reproduces.
  const document = [
    'openapi: 3.0.3',
    'info: {title: t, version: "1.0.0", description: d, contact: {name: n}}',
    'paths: {}',
    'components:',
    '  schemas:',
    '    A:',
    '      type: object',
    '      properties:',
    "        prototype: {$ref: '#/components/schemas/B'}",
    '    B: {type: string}',
    '',
  ].join('\n');

  it('are counted by kind with the first reason, and the report is the stock one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-modes-'));
    const file = join(dir, 'api.yaml');
    writeFileSync(file, document);
    const { fast, slow, fallbacks } = await bothModes([file]);
    expect(fallbacks).toEqual(['ref-resolver: 1 (first: a $ref through the key prototype)']);
    expect(comparable(slow)).toBe(comparable(fast));
  });

  it('lint --verbose says which engine ran and each fallback; without it, nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'restguide-modes-'));
    const file = join(dir, 'api.yaml');
    writeFileSync(file, document);
    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [BIN, 'lint', file, '-f', 'json', '-o', join(dir, 'out.json'), ...args], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, ...env },
      });
    const verbose = run(['--verbose']);
    expect(verbose.stderr).toContain(
      'restguide: lint engine: accelerated, 1 fallback to stock:\n  ref-resolver: 1 (first: a $ref through the key prototype)\n',
    );
    expect(run([]).stderr).not.toContain('lint engine');
    expect(run(['--verbose'], { RESTGUIDE_LINT_ENGINE: 'stock' }).stderr).toContain(
      'restguide: lint engine: stock (RESTGUIDE_LINT_ENGINE=stock)\n',
    );
    const clean = join(dir, 'clean.yaml');
    writeFileSync(clean, document.replace('prototype', 'other'));
    expect(
      spawnSync(process.execPath, [BIN, 'lint', clean, '--verbose', '-q'], { encoding: 'utf8', timeout: 60_000 })
        .stderr,
    ).toContain('restguide: lint engine: accelerated, 0 fallbacks to stock\n');
  }, 60_000);
});
