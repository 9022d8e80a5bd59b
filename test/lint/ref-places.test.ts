// A $ref where OpenAPI allows none (Redocly's `info.description: {$ref: README.md}`): one oas-ref-place
// finding per $ref, the Markdown it names read as one string (no `parser` finding per line that is no
// YAML) and judged as no reusable definitions file (no oas-reuse, oas-reuse-version).
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintDocuments } from '../../src/lint/index.js';
import { createLinter } from '../../src/lint/engine/index.js';
import { lintRuleInfos } from '../../src/lint/rule-infos.js';

const MARKDOWN = `# Demo API

This API does things: *really* important things.

- item one: yes
- item two

| a | b |
|---|---|
| 1 | 2 |
`;

const doc = (description: string, tagDescription: string) => `openapi: 3.0.3
info:
  title: Demo
  version: 1.0.0
  description: ${description}
servers:
  - url: https://api.example.be/demo/v1
tags:
  - name: Things
    description: ${tagDescription}
paths:
  /things:
    get:
      operationId: getThings
      summary: Lists things
      description:
        $ref: ./operation.md
      tags: [Things]
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Things'
components:
  schemas:
    Things:
      type: object
      properties:
        description: {$ref: '#/components/schemas/Text'}
        items:
          type: array
          items: {$ref: ./things/v1/things-v1.yaml#/components/schemas/Thing}
    Text: {type: string}
`;

const THINGS = `openapi: 3.0.3
info: {title: Things, version: 1.0.0}
paths: {}
components:
  schemas:
    Thing:
      type: object
      properties:
        name: {type: string}
`;

async function lint(text: string, accelerated: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'restguide-ref-places-'));
  await writeFile(join(dir, 'README.md'), MARKDOWN);
  await writeFile(join(dir, 'operation.md'), 'Lists *all* things: every one.\n');
  await mkdir(join(dir, 'things/v1'), { recursive: true });
  await writeFile(join(dir, 'things/v1/things-v1.yaml'), THINGS);
  const file = join(dir, 'openapi.yaml');
  await writeFile(file, text);
  const { findings } = await lintDocuments([file], { linter: createLinter({ accelerated }) });
  return findings
    .filter((f) => ['parser', 'oas-ref-place', 'oas-reuse', 'oas-reuse-version', 'invalid-ref'].includes(f.code))
    .map((f) => [f.code, f.path.join('.')]);
}

describe('oas-ref-place', () => {
  for (const accelerated of [true, false]) {
    const mode = accelerated ? 'accelerated' : 'stock';
    it(`${mode}: one finding per misplaced $ref, the Markdown read as text`, async () => {
      expect(await lint(doc('{$ref: ./README.md}', '{$ref: ./README.md}'), accelerated)).toEqual([
        ['oas-ref-place', 'info.description.$ref'],
        ['oas-ref-place', 'tags.0.description.$ref'],
        ['oas-ref-place', 'paths./things.get.description.$ref'],
      ]);
    }, 30_000);
    it(`${mode}: texts in place and $refs where OpenAPI allows them give none`, async () => {
      const text = doc('The demo API', 'Things').replace(/ {6}description:\n {8}\$ref: \.\/operation\.md\n/, '');
      expect(await lint(text, accelerated)).toEqual([]);
    }, 30_000);
  }
  it('restguide rules lists it as the specification rule it is', () => {
    const row = lintRuleInfos().find((r) => r.id === 'oas-ref-place');
    expect(row).toMatchObject({ rule: 'openapi-spec', severity: 'error' });
  });
});
