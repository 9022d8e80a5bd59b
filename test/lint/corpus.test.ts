// Our corpus (test/fixtures/lint/corpus), written to the guide's text: 0 findings on every file where
// the guide is kept; and, one edit away from it, the rule's finding (on a copy in a temp folder),
// placed where the user of the API can act when it comes from a referenced file.
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLinter, lintDocuments } from '../../src/lint/index.js';

const CORPUS = join(import.meta.dirname, '../fixtures/lint/corpus');

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

describe('corpus: the guide kept', async () => {
  const files = await yamlFiles(CORPUS);
  it('holds definition files, a 3.0 API and its 3.1 variant', () => {
    expect(files.map((f) => relative(CORPUS, f))).toEqual(
      expect.arrayContaining([
        'api/employer-v1.yaml',
        'api/employer-v1-openapi31.yaml',
        'problem/v1/problem-v1.yaml',
        'time/v1/time-v1.yaml',
      ]),
    );
  });
  for (const file of files) {
    it(`${relative(CORPUS, file)}: 0 findings, in both lint engine modes`, async () => {
      for (const accelerated of [true, false]) {
        const report = await lintDocuments([file], { linter: createLinter({ accelerated }) });
        expect(report.findings.map((f) => `${f.code} ${f.path.join('.')}: ${f.message}`)).toEqual([]);
      }
    }, 20_000);
  }
});

interface Mutation {
  name: string;
  /** The file edited, the text replaced and its replacement. */
  file: string;
  from: string;
  to: string;
  /** The file linted (the edited one unless given) and the finding expected there. */
  lint?: string;
  code: string;
  path?: string;
  message?: string;
}

const API = 'api/employer-v1.yaml';
const API31 = 'api/employer-v1-openapi31.yaml';
const mutations: Mutation[] = [
  {
    name: 'a version that is no version',
    file: API,
    from: 'version: 1.2.0',
    to: 'version: first',
    code: 'api-version-format',
  },
  {
    name: 'an API without description',
    file: API,
    from: '  description: Employers registered',
    to: '  summary: Employers registered',
    code: 'oas-doc-coverage',
  },
  {
    name: 'a snake_case property',
    file: API,
    from: '        name:\n          type: string\n        region:',
    to: '        trade_name:\n          type: string\n        region:',
    code: 'jsn-naming',
  },
  {
    name: "a reverse-DNS problem type in a referenced file: at the API's $ref",
    file: 'problem/v1/problem-v1.yaml',
    from: 'urn:problem-type:exampleOrganization:exampleProblem',
    to: 'urn:problem-type:be.example:exampleProblem',
    lint: API,
    code: 'prb-type',
    path: 'paths./employers.get.responses.default.$ref',
    message: '(in ../problem/v1/problem-v1.yaml:',
  },
  {
    name: 'an unquoted leading-zero SSIN example',
    file: 'person/identifier/v1/person-identifier-v1.yaml',
    from: 'example: "00010100123"',
    to: 'example: 00010100123',
    code: 'oas-exampl',
    message: 'quote the value',
  },
  {
    name: 'a message type without method',
    file: API,
    from: 'type: "be.example.employer.v1.employers.notify.created"',
    to: 'type: "be.example.employer.v1.created"',
    code: 'async-svctype',
  },
  {
    name: 'a base message not requiring service',
    file: 'cloudevents/v1/cloudevents-v1.yaml',
    from: 'required: [id, type, service, specversion, source]',
    to: 'required: [id, type, specversion, source]',
    code: 'async-ctxt',
  },
  {
    name: 'page counted from 0',
    file: 'common/v1/common-v1.yaml',
    from: 'minimum: 1\n        default: 1',
    to: 'minimum: 0\n        default: 0',
    lint: API,
    code: 'col-paging',
  },
  {
    name: 'a query parameter collecting every unknown one',
    file: API,
    from: '          schema:\n            type: string\n            enum: [items]',
    to: '          schema:\n            type: object',
    code: 'req-valid',
  },
  {
    name: 'embedded inside the items',
    file: API,
    from: '        name:\n          type: string\n      required: [href, employerId]',
    to: '        embedded:\n          $ref: "#/components/schemas/Employer"\n      required: [href, employerId]',
    code: 'col-embed',
  },
  {
    name: '3.1: null outside the merge-patch schema',
    file: API31,
    from: '        name:\n          type: string\n        region:\n          $ref',
    to: '        name:\n          type: [string, "null"]\n        region:\n          $ref',
    code: 'jsn-null',
  },
  { name: '3.1: an upper-case const code', file: API31, from: 'const: items', to: 'const: ITEMS', code: 'cod-design' },
];

describe("corpus: one edit from the guide, the rule's finding", () => {
  for (const m of mutations) {
    it(`${m.name} (${m.code})`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'restguide-corpus-'));
      await cp(CORPUS, dir, { recursive: true });
      const text = await readFile(join(dir, m.file), 'utf8');
      expect(text).toContain(m.from);
      await writeFile(join(dir, m.file), text.replace(m.from, m.to));
      const report = await lintDocuments([join(dir, m.lint ?? m.file)]);
      const found = report.findings.filter((f) => f.code === m.code);
      expect(found.length).toBeGreaterThan(0);
      if (m.path) expect(found.map((f) => f.path.join('.'))).toContain(m.path);
      if (m.message) expect(found.map((f) => f.message).join('\n')).toContain(m.message);
    }, 20_000);
  }
});
