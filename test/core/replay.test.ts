// The replay's matching (src/core/http/replay.ts), through the HTTP client as checks use it: answers in recorded
// order, generated values mapped both ways, a job's own answers first, fixed values kept, stale reads refused,
// and a request the recording lacks named, never sent.
import { describe, expect, it } from 'vitest';
import { makeResponse, type Exchange } from '../../src/core/engine/exchange.js';
import { HttpClient, TransportError } from '../../src/core/http/http-client.js';
import { Recording, type RecordedExchange } from '../../src/core/http/replay.js';
import { asJob, replaying } from '../../src/core/http/replay-scope.js';

const BASE = 'http://127.0.0.1:9/api';

function recorded(
  method: string,
  path: string,
  status: number,
  options: {
    body?: unknown;
    answer?: unknown;
    headers?: Record<string, string>;
    answerHeaders?: Record<string, string>;
    job?: string;
  } = {},
): RecordedExchange {
  const exchange: Exchange = {
    request: {
      method,
      url: `${BASE}${path}`,
      headers: {
        'user-agent': 'restguide/0.1.0',
        // As the client sends a JSON body.
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    },
    response: makeResponse(
      status,
      { 'content-type': 'application/json', ...options.answerHeaders },
      options.answer === undefined ? '' : JSON.stringify(options.answer),
      false,
    ),
    durationMs: 1,
  };
  return { exchange, ...(options.job ? { job: options.job } : {}) };
}

/** Runs `body` with a client whose every request the recording answers. */
async function replay<T>(entries: RecordedExchange[], body: (client: HttpClient) => Promise<T>) {
  const recording = new Recording(entries, BASE);
  const client = replaying(
    () => recording.dispatcher(),
    () => new HttpClient({ baseUrl: BASE, allowWrites: true, timeoutMs: 1000, concurrency: 2, retries: 0 }),
  );
  try {
    return { result: await body(client), recording };
  } finally {
    await client.close();
  }
}

describe('a replay answers from the recording', () => {
  it('repeated requests in recorded order, then the last answer again', async () => {
    const { result } = await replay(
      [
        recorded('GET', '/tasks/1', 200, { answer: { status: 'running' } }),
        recorded('GET', '/tasks/1', 200, { answer: { status: 'done' } }),
      ],
      async (client) => {
        const statuses: unknown[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await client.request({ url: '/tasks/1' })).response.json);
        return statuses;
      },
    );
    expect(result).toEqual([{ status: 'running' }, { status: 'done' }, { status: 'done' }]);
  });

  it("gives another job's answer once: two requests never show one trace id for two", async () => {
    const trace = { 'belgov-trace-id': '35549499-bc5c-4c7b-bf94-75122096f1e1' };
    const { result } = await replay(
      [recorded('GET', '/employers', 200, { answerHeaders: trace, job: 'collection.items-array /employers' })],
      (client) =>
        asJob('trace.unique /', async () => {
          const first = (await client.request({ url: '/employers' })).response.headers['belgov-trace-id'];
          const second = await client.request({ url: '/employers' }).then(
            () => 'answered',
            (error: Error) => error.message,
          );
          return [first, second];
        }),
    );
    expect(result).toEqual([trace['belgov-trace-id'], expect.stringMatching(/not in the recording: GET \/employers$/)]);
  });

  it('matches the headers a check sets: another Accept is another request', async () => {
    const { result } = await replay(
      [
        recorded('GET', '/employers', 200, { headers: { accept: 'application/json' } }),
        recorded('GET', '/employers', 406, { headers: { accept: 'application/xml' } }),
      ],
      async (client) => [
        (await client.request({ url: '/employers', headers: { Accept: 'application/xml' } })).response.status,
        (await client.request({ url: '/employers', headers: { accept: 'application/json' } })).response.status,
      ],
    );
    expect(result).toEqual([406, 200]);
  });

  it("maps a generated key by position: the recorded key in what is asked, this run's in the answer", async () => {
    const { result } = await replay(
      [
        recorded('POST', '/employers', 201, {
          body: { name: 'x', employerId: 5184604145 },
          answerHeaders: { location: `${BASE}/employers/5184604145` },
        }),
        recorded('GET', '/employers/5184604145', 200, { answer: { employerId: 5184604145, name: 'x' } }),
        recorded('DELETE', '/employers/5184604145', 204),
      ],
      async (client) => {
        const created = await client.request({
          method: 'POST',
          url: '/employers',
          json: { name: 'x', employerId: 5999000111 },
        });
        const read = await client.request({ url: '/employers/5999000111' });
        const deleted = await client.request({ method: 'DELETE', url: '/employers/5999000111' });
        return [created.response.headers['location'], read.response.json, deleted.response.status];
      },
    );
    expect(result).toEqual([`${BASE}/employers/5999000111`, { employerId: 5999000111, name: 'x' }, 204]);
  });

  it("answers a job with its own recorded answers first (a duplicate create's 409 stays its own)", async () => {
    const entries = [
      recorded('POST', '/employers', 201, { body: { employerId: 5100000001 }, job: 'create.a /employers' }),
      recorded('POST', '/employers', 201, { body: { employerId: 5200000002 }, job: 'create.dup /employers' }),
      recorded('POST', '/employers', 409, { body: { employerId: 5200000002 }, job: 'create.dup /employers' }),
    ];
    const { result } = await replay(entries, async (client) => {
      const post = (employerId: number) => client.request({ method: 'POST', url: '/employers', json: { employerId } });
      return asJob('create.dup /employers', async () => [
        (await post(5777777777)).response.status,
        (await post(5777777777)).response.status,
      ]);
    });
    expect(result).toEqual([201, 409]);
  });

  it('keeps a fixed value fixed: an out-of-range key the recorded run sent too is never mapped', async () => {
    const { result } = await replay(
      [
        recorded('POST', '/employers', 400, { body: { employerId: 6000000000 } }),
        recorded('POST', '/employers', 201, {
          body: { employerId: 5300000003 },
          answerHeaders: { location: `${BASE}/employers/5300000003` },
        }),
      ],
      async (client) => {
        const post = (employerId: number) =>
          client.request({ method: 'POST', url: '/employers', json: { employerId } });
        // The generated key takes the create whose answer echoes its recorded key, not the 400.
        return [(await post(5444444444)).response.status, (await post(6000000000)).response.status];
      },
    );
    expect(result).toEqual([201, 400]);
  });

  it('never gives a read recorded before a write answered in the replay, while a later one can answer', async () => {
    const { result } = await replay(
      [
        recorded('GET', '/employers/93', 200),
        recorded('GET', '/employers/93', 200),
        recorded('DELETE', '/employers/93', 204),
        recorded('GET', '/employers/93', 404),
      ],
      async (client) => {
        const status = async (method = 'GET') =>
          (await client.request({ method, url: '/employers/93' })).response.status;
        // Asked once before the DELETE (the second recorded read stays unused), twice after: 404 both times.
        return [await status(), await status('DELETE'), await status(), await status()];
      },
    );
    expect(result).toEqual([200, 204, 404, 404]);
  });

  it('names a request it does not hold, sends nothing, and says which job asked', async () => {
    const { result, recording } = await replay([recorded('GET', '/employers', 200)], (client) =>
      asJob('paging.next-link /employers', () =>
        client.request({ url: '/employers', query: { page: 2 } }).then(
          () => 'answered',
          (error: unknown) => error,
        ),
      ),
    );
    expect(result).toBeInstanceOf(TransportError);
    expect((result as TransportError).message).toMatch(/not in the recording: GET \/employers\?page=2$/);
    expect(recording.misses.get('paging.next-link /employers')).toBe('GET /employers?page=2');
    expect(recording.counts).toEqual({ answered: 0, missing: 1, used: 0 });
  });
});
