// Keyset pages listing their items under `results` (restify's `after`/`limit` with a `next` URL, the seventh field
// pass) are judged by paging.cursor and paging.next-link; the list's name is collection.items-array's one finding.
import { describe, expect, it } from 'vitest';
import pagingCursor from '../../../src/checks/paging/cursor.js';
import pagingNextLink from '../../../src/checks/paging/next-link.js';
import pageSizeHonoured from '../../../src/checks/paging/page-size-honoured.js';
import { deriveProfile } from '../../../src/core/profile/openapi-profile.js';
import { runChecks } from '../../../src/core/engine/runner.js';
import { sendJson, startFixture } from '../../helpers/fixture-server.js';

const RUN = { timeoutMs: 5000, deadlineMs: 60_000 } as const;
const IDS = [1, 2, 3, 4, 5, 6, 7];

function document(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Item = { type: 'object', properties: { id: { type: 'integer' }, href: { type: 'string' } } };
  const list = {
    type: 'object',
    properties: { results: { type: 'array', items: Item }, next: { type: 'string' } },
  };
  const after = { name: 'after', in: 'query', schema: { type: 'integer' } };
  const limit = { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } };
  return {
    openapi: '3.0.3',
    info: { title: 'visits', version: '1' },
    paths: {
      '/visits': {
        get: { parameters: [after, limit], responses: { 200: { description: 'ok', content: json(list) } } },
      },
    },
  };
}

type Fault = 'none' | 'overlap' | 'nextOnLastPage' | 'limitIgnored';

/** Pages of `limit` items after the id `after`; `fault` makes `next` repeat the last item or link past the end. */
async function startVisits(fault: Fault) {
  return startFixture((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/visits')
      return sendJson(res, 404, { status: 404 }, { 'content-type': 'application/problem+json' });
    const base = `http://${req.headers.host ?? ''}/visits`;
    const after = Number(url.searchParams.get('after') ?? '0');
    const limit = fault === 'limitIgnored' ? 5 : Math.min(50, Number(url.searchParams.get('limit') ?? '10'));
    const page = IDS.filter((id) => id > after).slice(0, limit);
    const last = page[page.length - 1];
    const more = last !== undefined && last < IDS[IDS.length - 1]!;
    const cursor = fault === 'overlap' && last !== undefined ? last - 1 : last;
    const next =
      (more || (fault === 'nextOnLastPage' && last !== undefined)) && cursor !== undefined
        ? `${base}?limit=${limit}&after=${cursor}`
        : undefined;
    const results = page.map((id) => ({ id, href: `${base}/${id}` }));
    return sendJson(res, 200, next === undefined ? { results } : { results, next });
  });
}

async function judge(fault: Fault) {
  const server = await startVisits(fault);
  try {
    const contract = document();
    const profile = deriveProfile(contract);
    expect(profile.collections?.[0]?.paging).toEqual({ kind: 'cursor', param: 'after' });
    const report = await runChecks([pagingCursor, pagingNextLink, pageSizeHonoured], profile, {
      baseUrl: server.url,
      contract,
      ...RUN,
    });
    return report.results.map((r) => `${r.status} ${r.id} ${r.messageId ?? ''}`.trim());
  } finally {
    await server.close();
  }
}

describe('keyset pages listing under `results`', () => {
  it('pass paging.cursor, paging.next-link and paging.page-size-honoured where the paging is right', async () => {
    expect(await judge('none')).toEqual([
      'pass paging.cursor',
      'pass paging.next-link',
      'pass paging.page-size-honoured',
    ]);
  }, 60_000);

  it('fail paging.cursor where `next` repeats the last item', async () => {
    expect(await judge('overlap')).toContain('fail paging.cursor overlap');
  }, 60_000);

  it('fail paging.next-link where the last page links to an empty one', async () => {
    expect(await judge('nextOnLastPage')).toContain('fail paging.next-link nextEmpty');
  }, 60_000);

  it('fail paging.page-size-honoured where `limit` is ignored', async () => {
    expect(await judge('limitIgnored')).toContain('fail paging.page-size-honoured tooMany');
  }, 60_000);
});
