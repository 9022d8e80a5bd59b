// What the run wrote wrong is its own input wherever it shows: the record, and a page of its collection listing it.
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../src/core/engine/define-check.js';
import type { Exchange } from '../../../src/core/engine/exchange.js';
import { markOwnInput, showsOwnInput } from '../../../src/checks/support/own-input.js';

const BASE = 'http://127.0.0.1:9';

function contextOf(): CheckContext<string> {
  const traffic: Exchange[] = [];
  return { baseUrl: BASE, traffic: () => traffic } as unknown as CheckContext<string>;
}

const answer = (url: string, json: unknown): Exchange =>
  ({
    request: { method: 'GET', url, headers: {} },
    response: { status: 200, headers: {}, json, text: JSON.stringify(json) },
  }) as unknown as Exchange;

describe('showsOwnInput', () => {
  it('holds for the record the run wrote wrong, and for a page of its collection listing it by key or link', () => {
    const ctx = contextOf();
    markOwnInput(ctx, `${BASE}/employers/2018268388`);
    expect(showsOwnInput(ctx, answer(`${BASE}/employers/2018268388`, { id: 2018268388, name: 12345 }))).toBe(true);
    const listed = [
      { id: 1, name: 'Employer 1' },
      { id: 2018268388, name: 12345 },
    ];
    expect(showsOwnInput(ctx, answer(`${BASE}/employers?_limit=50`, listed))).toBe(true);
    const linked = { items: [{ href: `${BASE}/employers/2018268388`, name: 12345 }] };
    expect(showsOwnInput(ctx, answer(`${BASE}/employers`, linked))).toBe(true);
  });

  it('does not hold for a page without it, another collection, or a value that only looks like its key', () => {
    const ctx = contextOf();
    markOwnInput(ctx, `${BASE}/employers/38`);
    expect(showsOwnInput(ctx, answer(`${BASE}/employers`, [{ id: 1 }, { id: 2 }]))).toBe(false);
    expect(showsOwnInput(ctx, answer(`${BASE}/companies`, [{ id: 38 }]))).toBe(false);
    expect(showsOwnInput(ctx, answer(`${BASE}/employers`, [{ id: 1, employees: 38 }]))).toBe(false);
  });
});
