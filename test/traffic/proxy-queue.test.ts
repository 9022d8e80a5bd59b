// The forwarding thread's side of judging in `restguide proxy`: exchanges go to the worker in batches, in
// the order they were forwarded, and beyond the backlog they are dropped and counted; bodies are copied for
// judging only up to the cap.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyCopy, JudgingQueue } from '../../src/traffic/proxy.js';
import type { ExchangeCopy, ToJudge } from '../../src/traffic/proxy-messages.js';

const exchange = (n: number): ExchangeCopy => ({
  method: 'GET',
  target: `/items/${n}`,
  requestHeaders: ['Accept', 'application/json'],
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: { text: `{"n":${n}}` },
  truncated: false,
  startedAt: 0,
  durationMs: 1,
});

const targets = (sent: ToJudge[]) =>
  sent.flatMap((message) => (message.kind === 'exchanges' ? message.exchanges.map((e) => e.target) : []));

afterEach(() => {
  vi.useRealTimers();
});

describe('JudgingQueue', () => {
  it('sends full batches at once, the rest after a pause, all in order', () => {
    vi.useFakeTimers();
    const sent: ToJudge[] = [];
    const queue = new JudgingQueue((message) => sent.push(message));
    for (let n = 0; n < 250; n++) queue.take(exchange(n));
    expect(sent.map((m) => (m.kind === 'exchanges' ? m.exchanges.length : m.kind))).toEqual([100, 100]);
    vi.advanceTimersByTime(50);
    expect(sent.map((m) => (m.kind === 'exchanges' ? m.exchanges.length : m.kind))).toEqual([100, 100, 50]);
    expect(targets(sent)).toEqual(Array.from({ length: 250 }, (_, n) => `/items/${n}`));
    expect([queue.handed, queue.dropped]).toEqual([250, 0]);
  });

  it('sends what waits before a report request, so the report includes it', () => {
    const sent: ToJudge[] = [];
    const queue = new JudgingQueue((message) => sent.push(message));
    queue.take(exchange(1));
    queue.take(exchange(2));
    expect(sent).toEqual([]);
    queue.sendAfter({ kind: 'report', id: 7 });
    expect(sent.map((m) => m.kind)).toEqual(['exchanges', 'report']);
    expect(targets(sent)).toEqual(['/items/1', '/items/2']);
    queue.close();
  });

  it('drops and counts exchanges beyond the backlog, and takes again once the worker judged', () => {
    const sent: ToJudge[] = [];
    const queue = new JudgingQueue((message) => sent.push(message), 150);
    for (let n = 0; n < 200; n++) queue.take(exchange(n));
    expect([queue.handed, queue.dropped, queue.open]).toEqual([150, 50, false]);
    // An exchange not copied because the queue was full when it started is counted as dropped too.
    queue.take(undefined);
    expect(queue.dropped).toBe(51);
    queue.processed = 100; // what the worker says it judged
    expect(queue.open).toBe(true);
    queue.take(exchange(200));
    queue.flush();
    expect([queue.handed, queue.dropped]).toEqual([151, 51]);
    expect(targets(sent)).toEqual([...Array.from({ length: 150 }, (_, n) => `/items/${n}`), '/items/200']);
  });
});

describe('JudgingQueue.body', () => {
  const copyOf = (...chunks: string[]) => {
    const copy = new BodyCopy();
    for (const chunk of chunks) copy.add(Buffer.from(chunk));
    return copy;
  };

  it('gives a body the same bytes as the last of its request one object, sent once in the batch', () => {
    const sent: ToJudge[] = [];
    const queue = new JudgingQueue((message) => sent.push(message));
    const first = queue.body('GET /a', copyOf('{"n":1}'));
    const again = queue.body('GET /a', copyOf('{"n"', ':1}'));
    const other = queue.body('GET /a', copyOf('{"n":2}'));
    const elsewhere = queue.body('GET /b', copyOf('{"n":2}'));
    expect(again).toBe(first);
    expect([first.text, other.text, elsewhere.text]).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    expect(other).not.toBe(first);
    expect(elsewhere).not.toBe(other);
    queue.take({ ...exchange(1), responseBody: first });
    queue.take({ ...exchange(1), responseBody: again });
    queue.flush();
    // postMessage clones as structuredClone does: one object twice in a message arrives as one object.
    const [message] = structuredClone(sent);
    const received = message?.kind === 'exchanges' ? message.exchanges : [];
    expect(received).toHaveLength(2);
    expect(received[1]!.responseBody).toBe(received[0]!.responseBody);
    // Once a batch went, a body is a new object again: the next message has its own.
    expect(queue.body('GET /a', copyOf('{"n":1}'))).not.toBe(first);
  });
});

describe('BodyCopy', () => {
  it('keeps a body under the cap whole, across chunks', () => {
    const copy = new BodyCopy(10);
    copy.add(Buffer.from('héll'));
    copy.add(Buffer.from('o'));
    expect([copy.text(), copy.truncated]).toEqual(['héllo', false]);
  });

  it('keeps the first cap bytes of a longer body and says it was truncated', () => {
    const copy = new BodyCopy(10);
    copy.add(Buffer.from('0123456'));
    copy.add(Buffer.from('789abc'));
    copy.add(Buffer.from('def'));
    expect([copy.text(), copy.truncated]).toEqual(['0123456789', true]);
  });
});
