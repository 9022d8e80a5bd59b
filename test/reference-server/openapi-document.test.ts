import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';
import { ROUTES } from '../../src/reference-server/routes.js';
import { requireIfMatch } from '../../src/reference-server/conditional.js';
import type { RequestContext } from '../../src/reference-server/context.js';
import { ProblemError } from '../../src/reference-server/problems.js';
import { createAjv, compileAgainst } from '../../src/reference-server/validation.js';

const doc = buildOpenApiDocument() as Record<string, any>;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

describe('the published OpenAPI document', () => {
  it('is valid OpenAPI 3.0 (Spectral oas ruleset: no errors, oas3-schema included)', async () => {
    const spectral = new Spectral();
    spectral.setRuleset(oas as any);
    const results = await spectral.run(new Document(JSON.stringify(doc), (Parsers as any).Json));
    const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(errors).toEqual([]);
    const warnings = results.filter((r) => r.severity === 1).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(warnings).toEqual([]);
  }, 30_000);

  it("lints clean under restguide's own guide ruleset", async () => {
    const { lintObject } = await import('../../src/lint/index.js');
    const report = await lintObject(buildOpenApiDocument());
    const findings = (report as unknown as { findings: Array<{ code: string; path: unknown[]; message: string }> })
      .findings;
    expect(findings.map((f) => `${f.code} ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  }, 60_000);

  it('describes exactly the routes the server has', () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]: [string, any]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const served = ROUTES.flatMap((r) => Object.keys(r.methods).map((m) => `${m} ${r.path}`)).sort();
    expect(served).toEqual(documented);
  });

  it('follows the guide conventions the lint rules look at', () => {
    const operationIds = new Set<string>();
    const declaredTags = new Set(doc.tags.map((t: any) => t.name));
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path).not.toMatch(/\/$/);
      for (const segment of path.split('/').slice(1))
        expect(segment).toMatch(/^(\{[a-z][a-zA-Z0-9]*\}|[a-z][a-zA-Z0-9]*|openapi\.(json|yaml))$/);
      for (const method of METHODS.filter((m) => item[m])) {
        const op = item[method];
        expect(op.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(operationIds.has(op.operationId)).toBe(false);
        operationIds.add(op.operationId);
        expect(op.summary).toBeTruthy();
        expect(op.tags).toHaveLength(1);
        expect(declaredTags.has(op.tags[0])).toBe(true);
        expect(op.responses.default.content['application/problem+json'].schema.$ref).toBe(
          '#/components/schemas/Problem',
        );
        if (op.requestBody) expect(op.requestBody.required).toBe(true);
        for (const code of ['201', '202', '303'])
          if (op.responses[code]) expect(op.responses[code].headers?.Location).toBeDefined();
      }
    }
    expect(doc.paths['/images/tasks/{taskId}'].get.responses['303']).toBeDefined();
    expect(Object.keys(doc.paths['/health'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    for (const name of Object.keys(doc.components.schemas)) expect(name).toMatch(/^[A-Z][a-zA-Z0-9]*$/);
  });

  it('uses nullable only in patch schemas and keeps every example schema-valid', () => {
    const text = JSON.stringify(doc.components.schemas);
    const nullableOwners = Object.entries<any>(doc.components.schemas)
      .filter(([, s]) => JSON.stringify(s).includes('"nullable"'))
      .map(([n]) => n);
    expect(nullableOwners).toEqual(['EmployerPatch']);
    expect(text).toContain('nullable');
    const ajv = createAjv(doc);
    for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
      if (schema.example === undefined) continue;
      const validate = compileAgainst(ajv, { $ref: `#/components/schemas/${name}` });
      expect(validate(schema.example), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    for (const item of Object.values<any>(doc.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        for (const media of Object.values<any>(item[method].requestBody?.content ?? {})) {
          const validate = compileAgainst(ajv, media.schema);
          expect(validate(media.example)).toBe(true);
        }
      }
    }
  });

  it('states in patterns what the server enforces: If-Match syntax (not schema-validated) and the select grammar', () => {
    const ifMatch = new RegExp(doc.components.parameters.IfMatchHeader.schema.pattern as string);
    const refused = (value: string) => {
      try {
        requireIfMatch({ headers: { 'if-match': value } } as unknown as RequestContext, '"current"');
        return false;
      } catch (error) {
        return error instanceof ProblemError && error.kind === 'badRequest';
      }
    };
    const values = [
      '*',
      '"a"',
      'W/"a"',
      '"a", "b"',
      ',',
      '',
      ' "a" ,, W/"b" ',
      '"current"',
      'a',
      '"a',
      'W/a',
      '"a" "b"',
      '**',
      '*, "a"',
      'w/"a"',
      '"a b"',
    ];
    expect(values.filter((v) => ifMatch.test(v) === refused(v))).toEqual([]);
    // The select pattern is looser than the grammar (no regular expression matches nested parentheses), never stricter.
    const select = new RegExp(doc.components.parameters.SelectQuery.schema.pattern as string);
    for (const value of ['(name)', '!(name,company(enterpriseNumber))', '(a-b_c1)'])
      expect(select.test(value), value).toBe(true);
    for (const value of ['name', '()', '!!(name)', '(name', '(na me)', '(name)x'])
      expect(select.test(value), value).toBe(false);
  });

  it('the YAML and JSON served are the same document', async () => {
    const { startReferenceServer } = await import('../../src/reference-server/index.js');
    const server = await startReferenceServer();
    try {
      const yaml = parse(await (await fetch(`${server.url}/doc/openapi.yaml`)).text());
      const json = await (await fetch(`${server.url}/doc/openapi.json`)).json();
      expect(yaml).toEqual(doc);
      expect(json).toEqual(doc);
    } finally {
      await server.close();
    }
  });
});
