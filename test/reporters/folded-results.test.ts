// One fault on many URLs is one result (src/core/engine/fold-findings.ts): every format shows the count and the first URLs.
import { describe, expect, it } from 'vitest';
import { faultOf, foldSameFaults } from '../../src/core/engine/fold-findings.js';
import type { CheckResult } from '../../src/core/report/types.js';
import { CHECK_FORMATS, renderCheckReport } from '../../src/reporters/index.js';
import { checkReport, checkResults } from '../fixtures/reports/check-report.js';

const origin = 'http://127.0.0.1:4010';
const urls = Array.from({ length: 25 }, (_unused, index) => `${origin}/things/${index + 1}`);
const optionsWithoutAllow = (url: string, status = 200): CheckResult => ({
  id: 'http.status-matrix',
  rule: 'stat-codes',
  severity: 'warning',
  status: 'fail',
  resource: '/',
  messageId: 'optionsWithoutAllow',
  message: `OPTIONS ${url} answered ${status} without an Allow header (the methods the resource supports).`,
  evidence: [
    {
      request: { method: 'OPTIONS', url, headers: {} },
      response: { status, headers: {} },
      curl: `curl -i -X OPTIONS '${url}'`,
    },
  ],
});

describe('foldSameFaults', () => {
  it('folds one fault seen on 25 URLs into one result with count, urls and the first three URLs named', () => {
    const folded = foldSameFaults(urls.map((url) => optionsWithoutAllow(url)));
    expect(folded).toHaveLength(1);
    const [result] = folded;
    expect(result).toMatchObject({ count: 25, urls, messageId: 'optionsWithoutAllow', resource: '/' });
    expect(result?.message).toBe(
      `OPTIONS ${urls[0]} answered 200 without an Allow header (the methods the resource supports) (seen on 25 URLs: ${urls.slice(0, 3).join(', ')} and 22 more).`,
    );
    expect(result?.evidence.map((e) => e.request.url)).toEqual(urls.slice(0, 3));
  });

  it('keeps different faults apart: another status, message id, check or resource', () => {
    const results = [
      optionsWithoutAllow(urls[0]!),
      optionsWithoutAllow(urls[1]!, 204),
      { ...optionsWithoutAllow(urls[2]!), messageId: 'other' },
      { ...optionsWithoutAllow(urls[3]!), resource: '/x' },
      { ...optionsWithoutAllow(urls[4]!), id: 'http.other' },
    ];
    expect(foldSameFaults(results)).toEqual(results);
    // A single finding is left as it was, without count or urls.
    expect(foldSameFaults([results[0]!])).toEqual([results[0]]);
  });

  it('folds findings on one URL that differ only by array index, counting them', () => {
    const item = (index: number): CheckResult => ({
      ...optionsWithoutAllow(urls[0]!),
      messageId: 'missingHref',
      message: `items[${index}] of ${urls[0]} has no string \`href\`.`,
    });
    const [result, ...rest] = foldSameFaults([0, 1, 2, 3, 4].map(item));
    expect(rest).toEqual([]);
    expect(result).toMatchObject({
      count: 5,
      urls: [urls[0]],
      message: `items[*] of ${urls[0]} has no string \`href\` (seen 5 times).`,
    });
    expect(faultOf(`GET ${urls[0]}?a=1, then ${urls[1]}.`)).toBe('GET <url>, then <url>.');
  });
});

describe('a folded result in every format', () => {
  const report = () =>
    checkReport({ results: [...checkResults(origin), ...foldSameFaults(urls.map((url) => optionsWithoutAllow(url)))] });

  it.each(CHECK_FORMATS)('%s names the count and the first URLs', (format) => {
    const text = renderCheckReport(format, report(), { color: false });
    expect(text).toContain('seen on 25 URLs');
    expect(text).toContain(urls[2]);
    expect(text).toContain('and 22 more');
  });

  it('json carries count and every URL (additive fields)', () => {
    const parsed = JSON.parse(renderCheckReport('json', report(), { color: false })) as { results: CheckResult[] };
    const folded = parsed.results.find((r) => r.id === 'http.status-matrix');
    expect(folded).toMatchObject({ count: 25, urls, status: 'fail', messageId: 'optionsWithoutAllow' });
  });
});
