// One error renderer answering in the media type each request asked for (Rails' PublicExceptions, the sixth field
// pass: a 404 as JSON, YAML or an HTML page per Accept, a 400 as its default HTML) is one finding naming the types;
// two handlers of one status (an HTML page where JSON was asked, beside JSON errors) stay two findings.
import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/problem/media-type.js';
import openapiJson from '../../../src/checks/doc/openapi-json.js';
import openapiYaml from '../../../src/checks/doc/openapi-yaml.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startFixture } from '../../helpers/fixture-server.js';

/**
 * Every path answers 404 (a malformed id: 400, the same renderer's) in the type Accept names (`negotiates`), else
 * HTML where JSON was asked too; an absent employer answers a controller's 422 as JSON, whatever was asked.
 */
async function run(negotiates: boolean) {
  const server = await startFixture((req, res) => {
    const accept = req.headers.accept ?? '';
    const status = (req.url ?? '').endsWith('/abc') ? 400 : 404;
    if ((req.url ?? '').endsWith('/5999999999')) {
      res.writeHead(422, { 'content-type': 'application/json' }).end('{"name":["is invalid"]}');
      return;
    }
    const [type, body] = /json/.test(accept)
      ? negotiates
        ? ['application/json', '{"status":404,"error":"Not Found"}']
        : ['text/html', '<h1>Not Found</h1>']
      : /yaml/.test(accept)
        ? ['application/x-yaml', 'status: 404\n']
        : ['text/html', '<h1>Not Found</h1>'];
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` }).end(body);
  });
  try {
    const report = await runChecks([openapiJson, openapiYaml, check], BUILT_IN_PROFILE, {
      baseUrl: server.url,
      timeoutMs: 5000,
      deadlineMs: 60_000,
    });
    return report.results.filter((r) => r.id === check.meta.id && r.status === 'fail');
  } finally {
    await server.close();
  }
}

describe('problem.media-type: one renderer, one status, the type each request asked for', () => {
  it('is one finding naming every type, its other statuses as asked included; another handler stays apart', async () => {
    const found = await run(true);
    expect(found).toHaveLength(2);
    const [renderer, controller] = [...found].sort((a, b) => b.message.length - a.message.length);
    expect(renderer?.message).toMatch(
      /answered 404 with Content-Type (?=.*application\/json)(?=.*application\/x-yaml)(?=.*text\/html).* \(each as its request asked\) instead of application\/problem\+json/,
    );
    // The 400 to a malformed id, in the renderer's default type, is the same renderer's.
    expect(renderer?.evidence.some((e) => e.response?.status === 400)).toBe(true);
    expect(controller?.message).toMatch(/answered 422 with Content-Type application\/json instead of/);
  }, 60_000);

  it('an HTML page where JSON was asked is not negotiation: each type stays its own finding', async () => {
    const found = await run(false);
    expect(found.map((r) => /Content-Type (\S+)/.exec(r.message)?.[1]).sort()).toEqual([
      'application/json',
      'application/x-yaml',
      'text/html',
    ]);
  }, 60_000);
});
