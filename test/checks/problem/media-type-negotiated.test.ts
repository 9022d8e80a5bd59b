// One error renderer answering in the media type each request asked for (Rails' PublicExceptions, the sixth field
// pass: a 404 as JSON, YAML or an HTML page per Accept, a 400 as its default HTML; WebOb's JSON, HTML or plain text
// in the seventh) is one finding naming the types; two handlers of one status and one Accept stay two findings.
import { describe, expect, it } from 'vitest';
import check from '../../../src/checks/problem/media-type.js';
import openapiJson from '../../../src/checks/doc/openapi-json.js';
import openapiYaml from '../../../src/checks/doc/openapi-yaml.js';
import { BUILT_IN_PROFILE } from '../../../src/core/profile/profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { startFixture } from '../../helpers/fixture-server.js';

/**
 * Every path answers 404 (a malformed id: 400, the same renderer's), by the request's Accept: `asked` in the type it
 * names, else HTML (Rails); `webob` JSON where JSON is asked, HTML where Accept admits it, else plain text (Pyramid);
 * `twoHandlers` as asked, but an unknown path without Accept gets the framework's HTML page beside the
 * controllers' JSON. An absent employer answers a controller's 422 as JSON, whatever was asked.
 */
async function run(mode: 'asked' | 'webob' | 'twoHandlers') {
  const server = await startFixture((req, res) => {
    const accept = req.headers.accept ?? '';
    const url = req.url ?? '';
    const status = url.endsWith('/abc') ? 400 : 404;
    if (url.endsWith('/5999999999')) {
      res.writeHead(422, { 'content-type': 'application/json' }).end('{"name":["is invalid"]}');
      return;
    }
    const html = ['text/html', '<h1>Not Found</h1>'];
    const [type, body] = /json/.test(accept)
      ? ['application/json', '{"status":404,"error":"Not Found"}']
      : mode === 'webob'
        ? /text\/html|\*\/\*/.test(accept)
          ? html
          : ['text/plain', '404 Not Found']
        : /yaml/.test(accept)
          ? ['application/x-yaml', 'status: 404\n']
          : mode === 'twoHandlers' && !/restguideUnknown/.test(url)
            ? ['application/json', '{"status":404,"error":"Not Found"}']
            : html;
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
    const found = await run('asked');
    expect(found).toHaveLength(2);
    const [renderer, controller] = [...found].sort((a, b) => b.message.length - a.message.length);
    expect(renderer?.message).toMatch(
      /answered 404 with Content-Type (?=.*application\/json)(?=.*application\/x-yaml)(?=.*text\/html).* \(each as its request asked\) instead of application\/problem\+json/,
    );
    // The 400 to a malformed id, in the renderer's default type, is the same renderer's.
    expect(renderer?.evidence.some((e) => e.response?.status === 400)).toBe(true);
    expect(controller?.message).toMatch(/answered 422 with Content-Type application\/json instead of/);
  }, 60_000);

  it("is one finding where the type follows Accept the renderer's own way (WebOb's JSON, HTML or text)", async () => {
    const found = await run('webob');
    const [renderer, ...others] = [...found].sort((a, b) => b.message.length - a.message.length);
    expect(renderer?.message).toMatch(
      /answered 404 with Content-Type (?=.*application\/json)(?=.*text\/plain)(?=.*text\/html).* \(by each request's Accept\) instead of/,
    );
    expect(others.map((r) => /Content-Type (\S+)/.exec(r.message)?.[1])).toEqual(['application/json']);
    expect(others[0]?.message).toMatch(/answered 422/);
  }, 60_000);

  it('two handlers answering one status in two types to one Accept stay two findings', async () => {
    const found = await run('twoHandlers');
    expect(found.some((r) => /each as|by each/.test(r.message))).toBe(false);
    expect(found.map((r) => /Content-Type (\S+)/.exec(r.message)?.[1]).sort()).toEqual([
      'application/json',
      'application/x-yaml',
      'text/html',
    ]);
  }, 60_000);
});
