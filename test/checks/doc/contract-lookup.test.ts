import { describe, expect, it } from 'vitest';
import {
  candidatePaths,
  matchPathTemplate,
  segmentMatches,
  segmentParts,
  selectContent,
  selectResponse,
} from '../../../src/checks/doc/support/contract-lookup.js';
import { AROUND_PARAMETERS } from '../../../src/core/profile/path-templates.js';
import { sequences } from '../../helpers/strings.js';

/** The regular expression a template segment was matched with before (exponential on adjacent parameters). */
function segmentRegExp(segment: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^${segment
      .split(AROUND_PARAMETERS)
      .map((part) => (/^\{[^}]*\}$/.test(part) ? '[^/]+' : escape(part)))
      .join('')}$`,
  );
}

describe('segmentMatches: a path segment against a template segment', () => {
  it('answers as the regular expression did on every template of up to 4 tokens and every text of up to 5', () => {
    const templates = [...sequences(['a', 'b', '{x}', '{}', '.', '{', '}'], 4)];
    const texts = [...sequences(['a', 'b', '.', '/', '{x}'], 5)];
    let compared = 0;
    for (const template of templates) {
      const parts = segmentParts(template);
      const pattern = segmentRegExp(template);
      for (const text of texts) {
        if (segmentMatches(parts, text) !== pattern.test(text))
          expect.fail(
            `${JSON.stringify(template)} against ${JSON.stringify(text)}: regular expression ${pattern.test(text)}`,
          );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000_000);
  }, 60_000);

  // The regular expression tried every split between adjacent parameters: minutes on this one.
  it('judges adjacent parameters against a long segment', () => {
    const parts = segmentParts('{a}{b}{c}{d}.json');
    expect(segmentMatches(parts, `${'x'.repeat(100_000)}.jso`)).toBe(false);
    expect(segmentMatches(parts, `${'x'.repeat(100_000)}.json`)).toBe(true);
    expect(segmentMatches(parts, 'xyz.json')).toBe(false); // four parameters need four characters
    expect(segmentMatches(parts, 'wxyz.json')).toBe(true);
  }, 10_000);
});

describe('matchPathTemplate', () => {
  const templates = [
    '/employers',
    '/employers/{employerId}',
    '/employers/{employerId}/sendNotification',
    '/employers/count',
    '/files/{name}.json',
    '/doc/openapi.json',
  ];

  it('a template segment matches exactly one non-empty segment', () => {
    expect(matchPathTemplate(templates, '/employers/93')).toBe('/employers/{employerId}');
    expect(matchPathTemplate(templates, '/employers/93/sendNotification')).toBe(
      '/employers/{employerId}/sendNotification',
    );
    expect(matchPathTemplate(templates, '/employers/93/other')).toBeUndefined();
    expect(matchPathTemplate(templates, '/employers/')).toBeUndefined();
    expect(matchPathTemplate(templates, '/employers/a/b')).toBeUndefined();
  });

  it('a concrete segment wins over a template, whatever the order', () => {
    expect(matchPathTemplate(templates, '/employers/count')).toBe('/employers/count');
    expect(matchPathTemplate([...templates].reverse(), '/employers/count')).toBe('/employers/count');
  });

  it('literals match literally (a dot is no wildcard), templates may share a segment with text', () => {
    expect(matchPathTemplate(templates, '/doc/openapi.json')).toBe('/doc/openapi.json');
    expect(matchPathTemplate(templates, '/doc/openapiXjson')).toBeUndefined();
    expect(matchPathTemplate(templates, '/files/report.json')).toBe('/files/{name}.json');
    expect(matchPathTemplate(templates, '/files/report.yaml')).toBeUndefined();
  });

  it('percent-encoded ids match a template segment', () => {
    expect(matchPathTemplate(templates, '/employers/a%20b')).toBe('/employers/{employerId}');
  });
});

describe('candidatePaths', () => {
  it('strips the base path, and the servers[0] path when it differs', () => {
    expect(
      candidatePaths('http://h/registry/v1/employers/93?select=name', 'http://h/registry/v1', [
        { url: '/registry/v1' },
      ]),
    ).toEqual(['/employers/93']);
    expect(
      candidatePaths('http://h/api/registry/v1/employers', 'http://h/api', [
        { url: 'https://prod.example/api/registry/v1' },
      ]),
    ).toEqual(['/registry/v1/employers', '/employers']);
    expect(
      candidatePaths('http://h/v2/x', 'http://h/v2', [
        { url: '/{version}', variables: { version: { default: 'v2' } } },
      ]),
    ).toEqual(['/x']);
    expect(candidatePaths('http://h/registry/v1', 'http://h/registry/v1', undefined)).toEqual(['/']);
  });
});

describe('selectResponse', () => {
  const responses = { 200: {}, 404: {}, '4XX': {}, default: {} };

  it('takes the exact status first, then its range, then default', () => {
    expect(selectResponse(responses, 200)).toBe('200');
    expect(selectResponse(responses, 404)).toBe('404');
    expect(selectResponse(responses, 418)).toBe('4XX');
    expect(selectResponse(responses, 503)).toBe('default');
    expect(selectResponse({ 200: {}, '5xx': {} }, 502)).toBe('5xx');
  });

  it('finds nothing when neither the status, its range nor default is documented', () => {
    expect(selectResponse({ 200: {}, 404: {} }, 418)).toBeUndefined();
    expect(selectResponse(undefined, 200)).toBeUndefined();
  });
});

describe('selectContent', () => {
  it('matches the media type without parameters, then type/*, then */*', () => {
    expect(selectContent({ 'application/json': {}, 'application/problem+json': {} }, 'application/problem+json')).toBe(
      'application/problem+json',
    );
    expect(selectContent({ 'application/json; charset=utf-8': {} }, 'application/json')).toBe(
      'application/json; charset=utf-8',
    );
    expect(selectContent({ 'image/*': {}, '*/*': {} }, 'image/png')).toBe('image/*');
    expect(selectContent({ '*/*': {} }, 'text/plain')).toBe('*/*');
    expect(selectContent({ 'application/json': {} }, 'text/html')).toBeUndefined();
  });
});
