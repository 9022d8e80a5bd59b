// A date or date-time the schema declares wins over a loose pattern the framework writes beside it: the value made
// fits both (the fourth field pass: routing-controllers' `openSince` got `5834-10-19T22:34:33028842837Z`).
import { describe, expect, it } from 'vitest';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';

const LOOSE = '\\d{4}-[01]\\d-[0-3]\\dT[0-2]\\d:[0-5]\\d:[0-5]\\d.\\d+Z?';

function createOf(properties: Record<string, unknown>) {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const Station = { type: 'object', required: Object.keys(properties), properties };
  const document = {
    openapi: '3.0.3',
    info: { title: 'stations', version: '1' },
    paths: {
      '/stations': {
        get: { responses: { 200: { description: 'ok', content: json({ type: 'array', items: Station }) } } },
        post: {
          requestBody: { content: json(Station) },
          responses: { 201: { description: 'ok', content: json(Station) } },
        },
      },
      '/stations/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { 200: { description: 'ok', content: json(Station) } } },
        delete: { responses: { 204: { description: 'gone' } } },
      },
    },
  };
  return deriveProfile(document).collections?.[0]?.create;
}

const bodyOf = (properties: Record<string, unknown>): Record<string, unknown> => createOf(properties)?.body ?? {};

const isMoment = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value));

describe('a date-time with a loose pattern', () => {
  it('gets a real date-time the pattern also matches', () => {
    const body = bodyOf({ openSince: { type: 'string', format: 'date-time', pattern: LOOSE } });
    expect(isMoment(body['openSince'])).toBe(true);
    expect(new RegExp(LOOSE, 'u').test(String(body['openSince']))).toBe(true);
  });

  it('gets the format value where the pattern takes no date-time at all', () => {
    const body = bodyOf({ at: { type: 'string', format: 'date-time', pattern: '^x\\d{40}$' } });
    expect(body['at']).toBe('2026-01-01T00:00:00Z');
  });

  it('keeps a date pattern that takes the format value', () => {
    const body = bodyOf({ since: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } });
    expect(body['since']).toBe('2026-01-01');
  });
});

describe('a loose date-time pattern without a format (class-validator-jsonschema for @IsDateString())', () => {
  // The fifth pass: routing-controllers' /stations got `2689-02-18T04:32:16v45216132Z`, varied on every POST.
  const properties = {
    operator: { type: 'string', maxLength: 60 },
    openSince: { type: 'string', pattern: LOOSE },
  };

  it('gets a real date-time the pattern matches', () => {
    const body = bodyOf(properties);
    expect(isMoment(body['openSince'])).toBe(true);
    expect(new RegExp(LOOSE, 'u').test(String(body['openSince']))).toBe(true);
  });

  it('is not varied within its pattern on each POST: a date is no code', () => {
    const unique = createOf(properties)?.unique ?? [];
    expect(unique.map((spec) => spec.path)).not.toContain('openSince');
  });

  it('leaves a code pattern that makes no date as its pattern makes it', () => {
    const body = bodyOf({ plate: { type: 'string', pattern: '^[0-9]-[A-Z]{3}-[0-9]{3}$' } });
    expect(body['plate']).toMatch(/^[0-9]-[A-Z]{3}-[0-9]{3}$/);
  });
});
