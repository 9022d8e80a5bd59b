// Swagger 2.0 input: linted in its OpenAPI 3.0 form, every finding on the Swagger document's own lines.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { lintDocuments } from '../../src/lint/index.js';
import { swaggerPath } from '../../src/lint/swagger.js';
import type { LintFinding } from '../../src/core/report/types.js';
import { captureIo } from '../helpers/io.js';

const DIR = join(import.meta.dirname, '../fixtures/lint/swagger');
const CLEAN = join(DIR, 'clean.yaml');
const DEFECTS = join(DIR, 'defects.yaml');

/** `line code severity path`, the line 1-based as editors show it. */
const row = (f: LintFinding) => `${f.range.start.line + 1} ${f.code} ${f.severity} ${f.path.join('/')}`;

async function lint(args: string[]) {
  const io = captureIo();
  const code = await main(['lint', ...args], io);
  return { code, out: io.out, err: io.err };
}

describe('lint of Swagger 2.0 documents', () => {
  it('a document with known defects: exactly those findings, each on the Swagger line that has it', async () => {
    const report = await lintDocuments([DEFECTS]);
    expect(report.findings.map(row)).toEqual([
      '1 oas-contra 1 swagger',
      '7 uri-format 1 basePath', // the server URL is host + basePath
      '12 oas-comp 1 securityDefinitions/oauth', // components/securitySchemes
      '36 sec-req 0 paths//employers/get/security/0/oauth',
      '38 col-paging 0 paths//employers/get/parameters/0', // the type moved to schema in 3.0
      '41 qry-multi 1 paths//employers/get/parameters/1', // collectionFormat csv, style form without explode in 3.0
      '62 jsn-naming 1 paths//employers/post/parameters/0/schema/properties/legal_form', // the body parameter, requestBody in 3.0
      '63 uri-notat 1 paths//employers/post/parameters/1', // index 0 in 3.0, where the body parameter is gone
      '71 cst-header 1 paths//employers/post/responses/201/headers/X-Request-Id',
      '83 prb-defaul 1 paths//employers/{id}/get/responses',
      '87 err-problem 1 paths//employers/{id}/get/responses/404', // produces application/json only
      '109 jsn-naming 1 parameters/EmployerBody/schema/properties/trade_name', // components/requestBodies, through a $ref
      '110 id-name 1 parameters/Id',
      '130 jsn-naming 1 definitions/Employer/properties/employer_name', // components/schemas
      '136 jsn-null 1 definitions/Employer/properties/website/x-nullable', // nullable in 3.0
      '137 col-paging 0 definitions/EmployerCollection', // paged by page, no `page` in the answer
    ]);
    // x-ignore-rules is read where the Swagger document writes it.
    expect(report.ignored.map(row)).toEqual([
      '131 jsn-naming 1 definitions/Employer/properties/end_date',
      '152 oas-comdef 1 definitions/Problem',
    ]);
    const text = (await readFile(DEFECTS, 'utf8')).split('\n');
    for (const finding of report.findings.slice(1)) {
      const last = finding.path.at(-1);
      if (typeof last === 'string' && !/^\d+$/.test(last) && last !== 'responses')
        expect(text[finding.range.start.line]).toContain(last.replace(/^\/employers.*/, ''));
    }
  }, 30_000);

  it('a clean document: only oas-contra, once', async () => {
    const report = await lintDocuments([CLEAN]);
    expect(report.findings.map(row)).toEqual(['1 oas-contra 1 swagger']);
    expect(report.findings[0]?.message).toBe(
      'Swagger 2.0 is not OpenAPI 3.0: describe new APIs with OpenAPI 3.0 (restguide lints this one converted in memory)',
    );
  }, 30_000);

  it('exit codes as for OpenAPI 3.0: oas-contra is a warning; errors fail --fail-on error', async () => {
    expect((await lint([CLEAN, '-f', 'json'])).code).toBe(1);
    expect((await lint([CLEAN, '-f', 'json', '--fail-on', 'error'])).code).toBe(0);
    expect((await lint([DEFECTS, '-f', 'json', '--fail-on', 'error'])).code).toBe(1);
  }, 30_000);

  it('oas-contra follows the ruleset and x-ignore-rules like any rule', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-swagger-'));
    const ruleset = join(dir, 'ruleset.yaml');
    await writeFile(ruleset, 'extends: [restguide]\nrules:\n  oas-contra: error\n');
    expect((await lintDocuments([CLEAN], { ruleset })).findings.map(row)).toEqual(['1 oas-contra 0 swagger']);
    await writeFile(ruleset, 'extends: [restguide]\nrules:\n  oas-contra: off\n');
    expect((await lintDocuments([CLEAN], { ruleset })).findings).toEqual([]);
    const ignoring = join(dir, 'ignoring.yaml');
    await writeFile(
      ignoring,
      (await readFile(CLEAN, 'utf8')).replace(
        "swagger: '2.0'\n",
        "swagger: '2.0'\nx-ignore-rules: {oas-contra: Published before 3.0 was adopted}\n",
      ),
    );
    const report = await lintDocuments([ignoring]);
    expect(report.findings).toEqual([]);
    expect(report.ignored.map((f) => `${row(f)} ${f.ignoredReason}`)).toEqual([
      '1 oas-contra 1 swagger Published before 3.0 was adopted',
      "113 oas-comdef 1 definitions/Problem A self-contained example; belgif's Problem in 3.0 form cannot be referenced from Swagger 2.0",
    ]);
  }, 30_000);

  it("extensions of path items, whatever their value, are kept out of the converter's way", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-swagger-'));
    const file = join(dir, 'extensions.yaml');
    await writeFile(
      file,
      (await readFile(CLEAN, 'utf8')).replace(
        '  /health:\n',
        '  x-generated: null\n  /health:\n    x-note: null\n    x-ignore-rules: {hlth-res: Checked by the platform}\n',
      ),
    );
    const report = await lintDocuments([file]);
    expect(report.findings.map(row)).toEqual(['1 oas-contra 1 swagger']);
  }, 30_000);

  it('a Swagger 2.0 document the converter cannot read, or another Swagger version: one line, exit 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'restguide-swagger-'));
    await writeFile(
      join(dir, 'no-in.yaml'),
      "swagger: '2.0'\ninfo: {title: T, version: 1.0.0}\npaths:\n  /x:\n    get:\n      parameters: [{name: q, type: string}]\n      responses: {'200': {description: OK}}\n",
    );
    const broken = await lint([join(dir, 'no-in.yaml')]);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(
      /^restguide: .*no-in\.yaml: Swagger 2\.0 document that cannot be converted to OpenAPI 3\.0 \(.+\): check it against the Swagger 2\.0 schema\n$/,
    );
    await writeFile(join(dir, 'three.yaml'), "swagger: '3.0'\ninfo: {title: T, version: 1.0.0}\npaths: {}\n");
    const three = await lint([join(dir, 'three.yaml')]);
    expect(three.code).toBe(2);
    expect(three.err).toMatch(
      /three\.yaml: Swagger 3\.0 is not supported \(Swagger 2\.0 and OpenAPI 3\.0 and 3\.1 are\)/,
    );
  }, 30_000);
});

describe('swaggerPath: a path of the converted document back to the Swagger document', () => {
  const source = {
    swagger: '2.0',
    host: 'api.example.be',
    parameters: {
      Form: { name: 'file', in: 'formData', type: 'file' },
      Body: { name: 'b', in: 'body', schema: { type: 'object' } },
      Q: { name: 'q', in: 'query', type: 'array', items: { type: 'string' } },
    },
    responses: {
      Ok: {
        description: 'OK',
        schema: { type: 'object' },
        headers: { 'Retry-After': { type: 'integer' } },
        examples: { 'application/json': {} },
      },
    },
    securityDefinitions: {
      OAuth: { type: 'oauth2', flow: 'application', tokenUrl: 'https://x/token', scopes: { read: 'Read' } },
    },
    definitions: {
      Pet: {
        type: 'object',
        discriminator: 'kind',
        properties: { kind: { type: 'string' }, name: { type: 'string', 'x-nullable': true } },
      },
    },
    paths: {
      '/pets': {
        post: {
          parameters: [
            { name: 'name', in: 'formData', type: 'string' },
            { name: 'photo', in: 'formData', type: 'file' },
            { name: 'dryRun', in: 'query', type: 'boolean' },
          ],
        },
      },
    },
  };
  const cases: Array<[Array<string | number>, Array<string | number>]> = [
    [['openapi'], ['swagger']],
    [['servers', 0, 'url'], ['host']], // no basePath
    [
      [
        'paths',
        '/pets',
        'post',
        'requestBody',
        'content',
        'multipart/form-data',
        'schema',
        'properties',
        'photo',
        'format',
      ],
      ['paths', '/pets', 'post', 'parameters', 1],
    ],
    [
      ['paths', '/pets', 'post', 'requestBody', 'content', 'multipart/form-data'],
      ['paths', '/pets', 'post', 'parameters', 0],
    ],
    [
      ['paths', '/pets', 'post', 'parameters', 0, 'schema', 'type'],
      ['paths', '/pets', 'post', 'parameters', 2, 'type'],
    ],
    [
      ['components', 'requestBodies', 'Form', 'content', 'multipart/form-data', 'schema', 'properties', 'file'],
      ['parameters', 'Form'],
    ],
    [
      ['components', 'requestBodies', 'Body', 'content', 'application/json', 'schema', 'type'],
      ['parameters', 'Body', 'schema', 'type'],
    ],
    [
      ['components', 'parameters', 'Q', 'explode'],
      ['parameters', 'Q'],
    ], // collectionFormat is not written: the nearest that is
    [
      ['components', 'parameters', 'Q', 'schema', 'items', 'type'],
      ['parameters', 'Q', 'items', 'type'],
    ],
    [
      ['components', 'responses', 'Ok', 'content', 'application/json', 'schema', 'type'],
      ['responses', 'Ok', 'schema', 'type'],
    ],
    [
      ['components', 'responses', 'Ok', 'content', 'application/json', 'example'],
      ['responses', 'Ok', 'examples', 'application/json'],
    ],
    [
      ['components', 'responses', 'Ok', 'headers', 'Retry-After', 'schema', 'type'],
      ['responses', 'Ok', 'headers', 'Retry-After', 'type'],
    ],
    [
      ['components', 'securitySchemes', 'OAuth', 'flows', 'clientCredentials', 'scopes', 'read'],
      ['securityDefinitions', 'OAuth', 'scopes', 'read'],
    ],
    [
      ['components', 'schemas', 'Pet', 'discriminator', 'propertyName'],
      ['definitions', 'Pet', 'discriminator'],
    ],
    [
      ['components', 'schemas', 'Pet', 'required', 0],
      ['definitions', 'Pet'],
    ], // added by the conversion: the nearest written ancestor
    [
      ['components', 'schemas', 'Pet', 'properties', 'name', 'nullable'],
      ['definitions', 'Pet', 'properties', 'name', 'x-nullable'],
    ],
  ];
  it.each(cases)('%j → %j', (converted, expected) => {
    expect(swaggerPath(source, converted)).toEqual(expected);
  });
});
