// Diagnoses as a new user meets them on APIs nobody here wrote: an API without /health or a root resource,
// a base path the document writes in its paths, a protected API with open /health and /doc, a silent target.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { RUN_DEFAULTS } from '../../src/core/engine/runner.js';
import type { CheckReport } from '../../src/core/report/types.js';
import { sendJson, startFixture, type FixtureServer } from '../helpers/fixture-server.js';
import { startFrameworkApi } from '../helpers/framework-api.js';
import { captureIo } from '../helpers/io.js';

const servers: FixtureServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (...args: Parameters<typeof startFixture>) => {
  const s = await startFixture(...args);
  servers.push(s);
  return s;
};

async function check(args: string[], io = captureIo()) {
  const code = await main(['check', ...args], io);
  return { code, io };
}

async function documentFile(document: object): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'restguide-field-')), 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  return file;
}

const ok = (description = 'ok') => ({
  200: { description, content: { 'application/json': { schema: { type: 'object' } } } },
});

describe('an API without /health or a root resource, checked with --openapi (Twilio-like)', () => {
  const BASIC = `Basic ${Buffer.from('AC123:secret').toString('base64')}`;
  const twilio = (challenge?: string) =>
    start((req, res) => {
      if (req.url?.startsWith('/2010-04-01/Accounts.json')) {
        if (req.headers.authorization !== BASIC) {
          sendJson(
            res,
            401,
            { code: 20003, message: 'Authenticate' },
            challenge ? { 'www-authenticate': challenge } : {},
          );
          return;
        }
        sendJson(res, 200, { accounts: [{ sid: 'AC123', friendly_name: 'main' }], page: 0, page_size: 50 });
        return;
      }
      sendJson(res, 404, { code: 20404, message: 'not found' });
    });
  const DOCUMENT = {
    openapi: '3.0.1',
    info: { title: 'Twilio - Api', version: '1.0.0' },
    servers: [{ url: 'https://api.twilio.com' }],
    paths: {
      '/2010-04-01/Accounts.json': { get: { responses: ok('accounts') } },
      '/2010-04-01/Accounts/{Sid}.json': {
        get: {
          parameters: [{ name: 'Sid', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok('account'),
        },
      },
    },
  };

  it('with the credential: checked, not refused, its declared path asked with the credential', async () => {
    const server = await twilio();
    const { io } = await check([
      server.url,
      '--openapi',
      await documentFile(DOCUMENT),
      '-H',
      `Authorization: ${BASIC}`,
      '-f',
      'json',
      '--only',
      'trace,http',
    ]);
    expect(io.err).not.toMatch(/nothing of an API answers|api\.twilio\.com/);
    const report = JSON.parse(io.out) as CheckReport;
    // The document's paths all start with /2010-04-01: that is the API's base path.
    expect(report.target).toBe(`${server.url}/2010-04-01`);
    expect(report.summary.passed + report.summary.failed).toBeGreaterThan(0);
    expect(
      server.requests.some((r) => r.url === '/2010-04-01/Accounts.json' && r.headers.authorization === BASIC),
    ).toBe(true);
  });

  it('without it: exit 2 and how to give credentials, naming the path that answered 401', async () => {
    const server = await twilio();
    const { code, io } = await check([server.url, '--openapi', await documentFile(DOCUMENT), '-f', 'json']);
    expect(code).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toContain(
      // `/Accounts.json` is a collection (its item `/Accounts/{Sid}.json`): asked for one item.
      `every resource (GET ${server.url}/2010-04-01/Accounts.json; the base URL answered 404) answered 401: the API needs credentials: -H 'Authorization: Bearer <token>'`,
    );
  });

  it('a Basic challenge: the hint says how to give a user and password, not a token', async () => {
    const server = await twilio('Basic realm="Twilio API"');
    const { code, io } = await check([server.url, '--openapi', await documentFile(DOCUMENT), '-f', 'json']);
    expect(code).toBe(2);
    expect(io.err).toContain(
      "answered 401: the API needs credentials: -H 'Authorization: Basic <base64 of user:password>'",
    );
    const wrong = await check([
      server.url,
      '--openapi',
      await documentFile(DOCUMENT),
      '-H',
      'Authorization: Basic eDp5',
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.io.err).toContain('answered 401 with the credentials given: check the user and password');
  });

  it('a document whose declared paths all answer 404 too: nothing answers, and the message says they were asked', async () => {
    const server = await start((_req, res) => sendJson(res, 404, {}));
    // Without the item path the document declares no collection: the declared paths are what is asked.
    const { [`/2010-04-01/Accounts/{Sid}.json`]: _item, ...paths } = DOCUMENT.paths;
    const { code, io } = await check([
      server.url,
      '--openapi',
      await documentFile({ ...DOCUMENT, paths }),
      '-f',
      'json',
    ]);
    expect(code).toBe(2);
    expect(io.err).toMatch(
      new RegExp(
        `^restguide: nothing of an API answers at ${server.url}/2010-04-01: it, /health, GET ${server.url}/2010-04-01/Accounts\\.json \\(declared by the OpenAPI document\\) and /doc/openapi\\.json\\|yaml answered 404`,
      ),
    );
  });

  it('a collection of the document answering 404 is named, with what it answered', async () => {
    const server = await start((_req, res) => sendJson(res, 404, {}));
    const { code, io } = await check([server.url, '--openapi', await documentFile(DOCUMENT), '-f', 'json']);
    expect(code).toBe(2);
    expect(io.err).toContain(
      `the profile names a resource the API does not have: collection /Accounts.json (GET ${server.url}/2010-04-01/Accounts.json answered 404)`,
    );
  });
});

describe('the base path the document writes in its paths (no servers)', () => {
  const BASE = '/api/belgianAddress/v2';
  const belgian = () =>
    start((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === `${BASE}/health`) {
        sendJson(res, 200, { status: 'UP' });
        return;
      }
      if (path === `${BASE}/addresses`) {
        sendJson(res, 200, {
          self: req.url,
          items: [{ id: '1', href: `http://${req.headers.host}${BASE}/addresses/1` }],
        });
        return;
      }
      if (path === `${BASE}/addresses/1`) {
        sendJson(res, 200, { id: '1', street: 'Rue de la Loi' });
        return;
      }
      sendJson(
        res,
        404,
        { type: 'urn:problem-type:belgif:resourceNotFound', status: 404 },
        { 'content-type': 'application/problem+json' },
      );
    });
  const item = { type: 'object', properties: { id: { type: 'string' }, href: { type: 'string' } } };
  const DOCUMENT = {
    openapi: '3.0.3',
    info: { title: 'Belgian addresses', version: '2.0.0' },
    paths: {
      [`${BASE}/addresses`]: {
        get: {
          responses: {
            200: {
              description: 'addresses',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { items: { type: 'array', items: item } } },
                },
              },
            },
          },
        },
      },
      [`${BASE}/addresses/{id}`]: {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok('address'),
        },
      },
    },
  };

  for (const given of ['the base URL with the API path', 'the host root']) {
    it(`given ${given}: requests under the API path, never doubled, /health looked for there`, async () => {
      const server = await belgian();
      const url = given === 'the host root' ? server.url : `${server.url}${BASE}`;
      const { code, io } = await check([
        url,
        '--openapi',
        await documentFile(DOCUMENT),
        '-f',
        'json',
        '--only',
        'health,collection',
      ]);
      expect(io.err).not.toMatch(/the profile names|nothing of an API answers/);
      expect(code).not.toBe(2);
      expect((JSON.parse(io.out) as CheckReport).target).toBe(`${server.url}${BASE}`);
      const paths = server.requests.map((r) => r.url);
      expect(paths.some((p) => p.startsWith(`${BASE}/addresses`))).toBe(true);
      expect(paths).toContain(`${BASE}/health`);
      expect(paths.filter((p) => p.includes(`${BASE}${BASE}`) || p === '/health')).toEqual([]);
      if (given === 'the host root')
        expect(io.err).toContain(`the API's paths start with ${BASE}, so it was checked at ${server.url}${BASE}`);
    });
  }

  it('with --profile, whose paths are relative to the base URL given, the base URL stays as given', async () => {
    const server = await belgian();
    const profile = join(await mkdtemp(join(tmpdir(), 'restguide-field-')), 'profile.yaml');
    await writeFile(profile, `collections:\n  - path: ${BASE}/addresses\n`);
    const { code, io } = await check([
      server.url,
      '--profile',
      profile,
      '--openapi',
      await documentFile(DOCUMENT),
      '-f',
      'json',
      '--only',
      'collection',
    ]);
    expect(io.err).not.toMatch(/the profile names/);
    expect(code).not.toBe(2);
    expect((JSON.parse(io.out) as CheckReport).target).toBe(server.url);
    expect(server.requests.map((r) => r.url).filter((p) => p.includes(`${BASE}${BASE}`))).toEqual([]);
  });
});

describe('a protected API with open /health and /doc, checked without credentials', () => {
  const DOCUMENT = {
    openapi: '3.0.3',
    info: { title: 'Protected', version: '1.0.0' },
    paths: {
      '/employers': {
        get: {
          responses: {
            200: {
              description: 'list',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      items: {
                        type: 'array',
                        items: { type: 'object', properties: { employerId: { type: 'integer' } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const protectedApi = () =>
    start(
      (req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (path === '/api/health') {
          sendJson(res, 200, { status: 'UP' });
          return;
        }
        if (path === '/api/doc/openapi.json') {
          sendJson(res, 200, DOCUMENT);
          return;
        }
        if (path === '/api') {
          sendJson(res, 404, {});
          return;
        }
        if (req.headers.authorization !== 'Bearer good') {
          sendJson(
            res,
            401,
            { type: 'urn:problem-type:belgif:noAccessToken', status: 401 },
            { 'content-type': 'application/problem+json' },
          );
          return;
        }
        sendJson(res, 200, { self: req.url, items: [] });
      },
      { basePath: '/api' },
    );

  it('exit 2 with the credential hint, though /health and /doc answered', async () => {
    const server = await protectedApi();
    const { code, io } = await check([server.url, '-f', 'json']);
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err.trim()).toBe(
      `restguide: every resource (GET ${server.url}/employers; the base URL answered 404) answered 401: the API needs credentials: -H 'Authorization: Bearer <token>', or --oauth2-token-url <url> --client-id <id> with the secret in RESTGUIDE_CLIENT_SECRET`,
    );
  });

  it('with credentials: the resources answer and the run goes on', async () => {
    const server = await protectedApi();
    const { io } = await check([server.url, '-f', 'json', '-H', 'Authorization: Bearer good', '--only', 'collection']);
    expect(io.err).not.toMatch(/needs credentials/);
    expect((JSON.parse(io.out) as CheckReport).results.length).toBeGreaterThan(0);
  });

  it('with credentials that do not do: exit 2, check the token', async () => {
    const server = await protectedApi();
    const { code, io } = await check([server.url, '-f', 'json', '-H', 'Authorization: Bearer expired']);
    expect(code).toBe(2);
    expect(io.err).toMatch(
      /^restguide: every resource \(GET .*\) answered 401 with the credentials given: check the token/,
    );
  });
});

describe('a target that accepts connections and never answers', () => {
  const silent = () =>
    start(() => {
      /* accepts, reads, never answers */
    });

  it('one line of diagnosis after one request timeout, not the sum of every discovery request', async () => {
    // The default timeout bounds the diagnosis: 10 s, within the 15 s a user waits.
    expect(RUN_DEFAULTS.timeoutMs).toBeLessThanOrEqual(15_000);
    const server = await silent();
    const started = Date.now();
    const { code, io } = await check([server.url, '--timeout', '1500', '-f', 'json']);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(code).toBe(2);
    expect(io.err.trim()).toBe(
      `restguide: cannot check ${server.url}: GET ${server.url} had no answer within 1.5 s; the server is stuck or still starting (see --wait), or another program holds that port`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('a terminal sees the wait as it goes', async () => {
    const server = await silent();
    const io = { ...captureIo(), isTTY: true };
    const tty = Object.assign(io, {
      stderr(text: string) {
        io.err += text;
      },
      stdout(text: string) {
        io.out += text;
      },
    });
    const { code } = await check([server.url, '--timeout', '1500'], tty);
    expect(code).toBe(2);
    expect(tty.err).toContain(`\r\u001b[Krestguide: waiting for ${server.url} to answer (1 s of 1.5 s)`);
  });
});

describe('an API without a document whose root links its collections (Django REST framework)', () => {
  it('is modeled from the root: its collections are checked, and the note says where the model came from', async () => {
    const server = await start((req, res, s) => {
      const path = new URL(req.url ?? '/', s.origin).pathname;
      if (path === '/api' || path === '/api/') return sendJson(res, 200, { companies: `${s.origin}/api/companies/` });
      if (path === '/api/companies/')
        return sendJson(res, 200, {
          count: 2,
          next: null,
          previous: null,
          results: [1, 2].map((id) => ({ url: `${s.origin}/api/companies/${id}/`, id, name: `Company ${id}` })),
        });
      const item = /^\/api\/companies\/(\d+)\/$/.exec(path);
      if (item) return sendJson(res, 200, { url: `${s.origin}${path}`, id: Number(item[1]), name: 'Company' });
      return sendJson(res, 404, { detail: 'Not found.' });
    });
    const { code, io } = await check([`${server.origin}/api`, '--only', 'collection.items-array', '-f', 'json']);
    expect(io.err).toContain(
      `the target was read from the links of its root ${server.origin}/api: 1 collection, 1 document`,
    );
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.resource}`)).toEqual(['fail /companies/']);
    expect(code).toBe(1);
  });
});

describe('an API whose framework publishes its document elsewhere (FastAPI: /openapi.json)', () => {
  it('is read from there, held to it, and the note says it is not where the guide reserves it', async () => {
    const document = {
      openapi: '3.0.2',
      info: { title: 'Shop', version: '1.0.0' },
      paths: {
        '/products/': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const server = await start((req, res, s) => {
      const path = new URL(req.url ?? '/', s.origin).pathname;
      if (path === '/openapi.json') return sendJson(res, 200, document);
      if (path === '/products/') return sendJson(res, 200, [{ id: 1 }, { id: 2 }]);
      return sendJson(res, 404, { detail: 'Not Found' });
    });
    const { code, io } = await check([server.origin, '--only', 'collection.is-object', '-f', 'json']);
    expect(io.err).toContain(
      `the target was read from the API's own ${server.origin}/openapi.json (not at /doc/openapi.json, where the guide reserves it): 1 collection`,
    );
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'fail collection.is-object /products/',
    ]);
    expect(code).toBe(1);
    // Asked in order: the guide's places first, then the framework's.
    const asked = server.requests.map((r) => r.url);
    expect(asked.indexOf('/doc/openapi.json')).toBeLessThan(asked.indexOf('/openapi.json'));
  });
});

describe('where frameworks publish their document (Fastify: /documentation/json)', () => {
  it('reads a document published at /documentation/json', async () => {
    const server = await startFrameworkApi({
      listUnder: 'items',
      paging: 'offset-limit',
      documentAt: ['/documentation/json'],
    });
    servers.push(server);
    const { io } = await check([server.origin, '--only', 'collection.items-array', '-f', 'json']);
    expect(io.err).toContain(
      `the target was read from the API's own ${server.origin}/documentation/json (not at /doc/openapi.json, where the guide reserves it): 1 collection, 1 document`,
    );
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'pass collection.items-array /PublicationTypes',
    ]);
  });

  it('reads a document NestJS publishes beside its Swagger UI (/api-docs-json)', async () => {
    const server = await startFrameworkApi({
      listUnder: 'items',
      paging: 'offset-limit',
      documentAt: ['/api-docs-json'],
    });
    servers.push(server);
    const { io } = await check([server.origin, '--only', 'collection.items-array', '-f', 'json']);
    expect(io.err).toContain(`the target was read from the API's own ${server.origin}/api-docs-json`);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'pass collection.items-array /PublicationTypes',
    ]);
  });

  it('reads the document a framework serves at the base URL itself, and judges it as no data', async () => {
    // Mojolicious::Plugin::OpenAPI answers GET <base> with the document.
    const server = await startFrameworkApi({ listUnder: 'items', paging: 'offset-limit', documentAt: ['/'] });
    servers.push(server);
    const { io } = await check([server.origin, '--only', 'collection.items-array,json.property-names', '-f', 'json']);
    expect(io.err).toContain(
      `the target was read from the API's own ${server.origin} (the base URL itself, not at /doc/openapi.json, where the guide reserves it): 1 collection, 1 document`,
    );
    const report = JSON.parse(io.out) as CheckReport;
    // The document's `PublicationTypes` schema and `/PublicationTypes` path are not the API's property names.
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'pass collection.items-array /PublicationTypes',
      'pass json.property-names /',
    ]);
  });

  it.each(['/schema', '/q/openapi'])('reads a document published at %s (Starlette, Quarkus)', async (at) => {
    const server = await startFrameworkApi({ listUnder: 'items', paging: 'offset-limit', documentAt: [at] });
    servers.push(server);
    const { io } = await check([server.origin, '--only', 'collection.items-array', '-f', 'json']);
    expect(io.err).toContain(`the target was read from the API's own ${server.origin}${at} (not at /doc/openapi.json`);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'pass collection.items-array /PublicationTypes',
    ]);
    // The first document found ends the search: nothing asked after it.
    expect(server.requests.some((r) => r.url === '/docs/openapi.json')).toBe(false);
  });

  it("reads a document served at the host's root when the base URL has a path (Koa's /swagger.json)", async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Libraries', version: '1.0.0' },
      servers: [{ url: '/lib/v1' }],
      paths: {
        '/books': {
          get: {
            responses: {
              200: {
                description: 'ok',
                content: {
                  'application/json': { schema: { type: 'object', properties: { items: { type: 'array' } } } },
                },
              },
            },
          },
        },
      },
    };
    const server = await start((req, res) => {
      if (req.url === '/swagger.json') return sendJson(res, 200, document);
      if (req.url?.startsWith('/lib/v1/books')) return sendJson(res, 200, { items: [{ title: 'Het Achterhuis' }] });
      return sendJson(res, 404, { message: 'Not Found' });
    });
    const { io } = await check([`${server.origin}/lib/v1`, '--only', 'collection.items-array', '-f', 'json']);
    expect(io.err).toContain(`the target was read from the API's own ${server.origin}/swagger.json`);
    const report = JSON.parse(io.out) as CheckReport;
    expect(report.results.map((r) => `${r.status} ${r.id} ${r.resource}`)).toEqual([
      'pass collection.items-array /books',
    ]);
  });

  it('names every place it asked when the API publishes no document', async () => {
    // An API (its root answers) that publishes no document anywhere and links nothing.
    const server = await start((req, res) =>
      req.url === '/' ? sendJson(res, 200, { status: 'up' }) : sendJson(res, 404, { message: 'Not Found' }),
    );
    const { io } = await check([server.origin, '--only', 'http.unknown-uri-404', '-f', 'json']);
    const asked = [
      '/doc/openapi.json',
      '/doc/openapi.yaml',
      'the base URL itself',
      '/openapi.json',
      '/openapi.yaml',
      '/openapi',
      '/schema',
      '/v3/api-docs',
      '/q/openapi',
      '/v2/api-docs',
      '/api-docs',
      '/api-docs-json',
      '/api-json',
      '/swagger/v1/swagger.json',
      '/swagger.json',
      '/documentation/json',
      '/docs/openapi.json',
    ];
    expect(io.err).toContain(
      `no --profile or --openapi, and no OpenAPI document at ${server.origin} (asked ${asked.join(', ')})`,
    );
    const paths = asked.map((place) => (place.startsWith('/') ? place : '/'));
    expect(paths.every((path) => server.requests.some((r) => r.url === path))).toBe(true);
  });
});
