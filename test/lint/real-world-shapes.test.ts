// Lint over generated descriptions shaped like the public ones of large providers (issue 29): path
// keys with a .json suffix, a fragment (/#X-Amz-Target=...), a query (/{bucket}?acl), a namespace
// (Microsoft.Network) or a version (v2.0); form-urlencoded bodies of PascalCase fields; untyped bodies;
// error responses without content; images as strings; enums of HTTP methods and media types; a
// header pinned per operation. Every document is read without internal error, and none of the shapes
// the guide allows gives a finding; what the guide asks for (a collection's items behind a suffix) does.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LintFinding } from '../../src/core/report/types.js';
import { lintDocuments } from '../../src/lint/index.js';
import { random } from '../helpers/random.js';

type Json = Record<string, unknown>;
const dir = mkdtempSync(join(tmpdir(), 'restguide-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const NOUNS = ['account', 'call', 'message', 'queue', 'recording', 'address', 'network', 'bucket'] as const;
const STYLES = ['suffix', 'fragment', 'query', 'namespace', 'version'] as const;
type Style = (typeof STYLES)[number];

const problem: Json = {
  description: 'A problem',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};
const plainError = (status: string): Json => ({ description: `${status}: the status says it all` });

/** One provider-style resource: its path keys, their operations, and the schemas they use. */
function resource(next: () => number, i: number, style: Style, tags: string[]): { paths: Json; schemas: Json } {
  const noun = `${pick(next, NOUNS)}${i}`;
  const Type = noun[0]!.toUpperCase() + noun.slice(1);
  const tag = pick(next, tags);
  const form: Json = {
    type: 'object',
    properties: {
      FriendlyName: { type: 'string' },
      StatusCallback: { type: 'string', format: 'uri' },
      StatusCallbackMethod: { type: 'string', enum: ['GET', 'POST'] },
    },
  };
  const item: Json = {
    type: 'object',
    title: Type,
    properties: { href: { type: 'string', format: 'uri' }, status: { type: 'string', enum: ['queued', 'inProgress'] } },
  };
  const schemas: Json = {
    [Type]: item,
    ...(style === 'suffix' ? { [`${Type}Form`]: form } : {}),
    [`${Type}Collection`]: {
      type: 'object',
      title: `${Type}Collection`,
      properties: { items: { type: 'array', items: { $ref: `#/components/schemas/${Type}` } } },
    },
  };
  const responses = (ok: Json): Json => ({
    '200': ok,
    '404': plainError('404'),
    '405': plainError('405'),
    default: problem,
  });
  const json = (schema: Json): Json => ({ description: 'OK', content: { 'application/json': { schema } } });
  const operation = (id: string, extra: Json = {}): Json => ({
    operationId: id,
    summary: `Handle the ${noun} resources`,
    tags: [tag],
    ...extra,
  });
  const paths: Json = {};
  switch (style) {
    case 'suffix':
      paths[`/${noun}s.json`] = {
        get: operation(`list${Type}s`, {
          responses: responses(json({ $ref: `#/components/schemas/${Type}Collection` })),
        }),
        post: operation(`create${Type}`, {
          requestBody: {
            required: true,
            content: { 'application/x-www-form-urlencoded': { schema: { $ref: `#/components/schemas/${Type}Form` } } },
          },
          responses: { '201': json({ $ref: `#/components/schemas/${Type}` }), default: problem },
        }),
      };
      paths[`/${noun}s/{${noun}Sid}.json`] = {
        parameters: [
          {
            name: `${noun}Sid`,
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[A-Z]{2}[0-9a-f]{32}$' },
          },
        ],
        get: operation(`get${Type}`, { responses: responses(json({ $ref: `#/components/schemas/${Type}` })) }),
      };
      break;
    case 'fragment':
    case 'query': {
      const key = style === 'fragment' ? `/#X-Amz-Target=Logs_20140328.Describe${Type}s` : `/{bucket}?${noun}s`;
      paths[key] = {
        post: operation(`describe${Type}s`, {
          parameters: [
            {
              name: 'X-Amz-Target',
              in: 'header',
              required: true,
              schema: { type: 'string', enum: [`Logs_20140328.Describe${Type}s`] },
            },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: {} } } },
          responses: { '200': json({}), '400': plainError('400'), default: problem },
        }),
      };
      break;
    }
    case 'namespace':
      paths[`/subscriptions/{subscriptionId}/providers/Microsoft.Network/${noun}s`] = {
        get: operation(`list${Type}s`, {
          parameters: [
            { name: 'subscriptionId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          responses: responses(json({ $ref: `#/components/schemas/${Type}Collection` })),
        }),
      };
      break;
    case 'version':
      paths[`/api/v2.0/${noun}s/{${noun}Id}/picture`] = {
        get: operation(`get${Type}Picture`, {
          parameters: [{ name: `${noun}Id`, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            '200': {
              description: 'The picture',
              content: { 'image/png': { schema: { type: 'string' } }, 'application/pdf': { schema: {} } },
            },
            '404': plainError('404'),
            default: problem,
          },
        }),
      };
      break;
  }
  return { paths, schemas };
}

/** A provider-style description of `count` resources in random styles, from `seed`. */
function describeApi(seed: number, count: number): { document: Json; styles: Style[] } {
  const next = random(seed);
  const tags = ['Accounts', 'Logs', 'Networks'];
  const paths: Json = {};
  const schemas: Json = {
    Problem: {
      type: 'object',
      properties: {
        type: { type: 'string', format: 'uri' },
        status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
      },
    },
  };
  const styles: Style[] = [];
  for (let i = 0; i < count; i++) {
    const style = pick(next, STYLES);
    styles.push(style);
    const part = resource(next, i, style, tags);
    Object.assign(paths, part.paths);
    Object.assign(schemas, part.schemas);
  }
  const document = {
    openapi: '3.0.3',
    info: { title: `Provider ${seed}`, version: '2.0.0', description: "A description shaped like a large provider's." },
    servers: [{ url: 'https://api.example.com/provider/v2' }],
    tags: tags.map((name) => ({ name })),
    paths: {
      ...paths,
      '/health': {
        get: {
          operationId: 'health',
          summary: 'Check the health',
          tags: ['Accounts'],
          responses: {
            '200': {
              description: 'Up',
              content: {
                'application/json': {
                  schema: { type: 'object', title: 'Health', properties: { status: { type: 'string' } } },
                },
              },
            },
            '503': {
              description: 'Down',
              content: {
                'application/json': {
                  schema: { type: 'object', title: 'Health', properties: { status: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
    components: { schemas },
  };
  return { document, styles };
}

/** Findings on the shapes the guide allows: each would be one of the false findings issue 29 lists. */
function falseFindings(findings: LintFinding[]): string[] {
  const at = (f: LintFinding) => `${f.code} ${f.path.join(' > ')}: ${f.message}`;
  return findings
    .filter((f) => {
      const key = String(f.path[1] ?? '');
      switch (f.code) {
        case 'uri-extens':
          return !/\.json$/.test(key);
        // Microsoft.Network and v2.0 are path segments, not lowerCamelCase: those findings stand.
        case 'uri-notat':
          return f.path.length === 2 && (/[#?]/.test(key) || f.message.includes('.json'));
        // HTTP methods are standard values, not the API's codes.
        case 'cod-design':
          return /\b(?:GET|POST)\b/.test(f.message);
        case 'evo-object':
        case 'rep-struct':
        case 'req-valid':
        case 'gen-header':
        case 'jsn-naming':
        case 'oas-doc-coverage':
        case 'oas-descr':
        case 'oas-tags':
          return true;
        case 'err-problem':
        case 'prb-defaul-schema':
          return true;
        default:
          return false;
      }
    })
    .map(at);
}

describe('lint on provider-shaped descriptions', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: read without internal error; no finding on what the guide allows; a suffixed collection still judged`, async () => {
      const { document, styles } = describeApi(seed, 12);
      const file = join(dir, `provider-${seed}.json`);
      writeFileSync(file, JSON.stringify(document, null, 2));
      const report = await lintDocuments([file]);
      expect(report.findings.filter((f) => f.code === 'internal-error' || f.code === 'unlintable')).toEqual([]);
      expect(falseFindings(report.findings)).toEqual([]);
      // Each .json collection and item key: one uri-extens finding, and the collections are judged (they have items: no col-repres).
      const suffixed = styles.filter((s) => s === 'suffix').length;
      expect(report.findings.filter((f) => f.code === 'uri-extens')).toHaveLength(2 * suffixed);
      expect(report.findings.filter((f) => f.code === 'col-repres')).toEqual([]);
    }, 30_000);
  }

  it('a suffixed collection without items is a col-repres finding', async () => {
    const { document } = describeApi(7, 0);
    const part = resource(random(7), 0, 'suffix', ['Accounts']);
    Object.assign(document.paths as Json, part.paths);
    const schemas = (document.components as { schemas: Json }).schemas;
    Object.assign(schemas, part.schemas);
    const name = Object.keys(part.schemas).find((k) => k.endsWith('Collection')) as string;
    schemas[name] = {
      type: 'object',
      title: name,
      properties: { records: { type: 'array', items: { type: 'object' } }, page: { type: 'integer' } },
    };
    const file = join(dir, 'provider-records.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const report = await lintDocuments([file]);
    expect(report.findings.filter((f) => f.code === 'col-repres').map((f) => f.message)).toEqual([
      expect.stringMatching(/s\.json should be represented by an object with an "items" array/),
    ]);
  }, 30_000);
});
