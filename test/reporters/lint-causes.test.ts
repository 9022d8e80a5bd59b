import { describe, expect, it } from 'vitest';
import type { LintFinding } from '../../src/core/report/types.js';
import { causeHint, causeId, countCauses, maskMessage } from '../../src/reporters/lint-causes.js';

const finding = (code: string, message: string, source = '/work/project/api.yaml', line = 3): LintFinding => ({
  code,
  severity: 1,
  message,
  path: ['paths'],
  source,
  range: { start: { line, character: 0 }, end: { line, character: 4 } },
});

describe('a finding cause: its rule and its message with the named values masked', () => {
  it('masks quoted and backticked values, paths, media types, methods, numbers and dotted paths', () => {
    const same = (a: string, b: string) => expect(maskMessage(a)).toBe(maskMessage(b));
    same('operationId "GetUsers" should be lowerCamelCase', 'operationId "CreateOrder" should be lowerCamelCase');
    same(
      'Structured data should use application/json, not text/plain',
      'Structured data should use application/json, not text/json',
    );
    same(
      'The collection /api/users should be represented',
      'The collection /api/orders/{id}/lines should be represented',
    );
    same('GET /health should have a summary', 'DELETE /users/{id} should have a summary');
    same(
      'Error response 404 should have media type application/problem+json',
      'Error response 500 should have media type application/problem+json',
    );
    same('Property `node_id` is wrong', 'Property `created_at` is wrong');
    same("Property 'a_b' is wrong", "Property 'c_d' is wrong");
    same('Path segments should be lowerCamelCase: Users, Orders', 'Path segments should be lowerCamelCase: Payments');
    same('Bad schema at components.schemas.Pet.properties.id', 'Bad schema at components.schemas.Order.properties.id');
    same('Example is wrong (in common.yaml:12)', 'Example is wrong (in schemas/other.yaml:40)');
  });

  it('keeps what tells one defect from another: the words, and an apostrophe is no quote', () => {
    const differ = (a: string, b: string) => expect(maskMessage(a)).not.toBe(maskMessage(b));
    differ(
      'Example is not valid against its schema: must be integer',
      'Example is not valid against its schema: must be string',
    );
    differ('Error response default should be a problem', 'Error response 404 should be a problem');
    expect(maskMessage("redefines a common Belgif type: $ref it from belgif's openapi-* definitions instead")).toBe(
      "redefines a common Belgif type: $ref it from belgif's openapi-* definitions instead",
    );
  });

  it('an id stable across checkouts and line moves, of its document and rule', () => {
    const a = finding('openapi-opid-case', 'operationId "GetUsers" should be lowerCamelCase');
    expect(causeId(a, '/work/project')).toMatch(/^[0-9a-f]{12}$/);
    const b = {
      ...finding('openapi-opid-case', 'operationId "GetOrders" should be lowerCamelCase', '/work/project/api.yaml', 90),
    };
    expect(causeId(b, '/work/project')).toBe(causeId(a, '/work/project'));
    const elsewhere = finding('openapi-opid-case', a.message, '/builds/group/project/api.yaml');
    expect(causeId(elsewhere, '/builds/group/project')).toBe(causeId(a, '/work/project'));
    expect(causeId({ ...a, source: '/work/project/other.yaml' }, '/work/project')).not.toBe(
      causeId(a, '/work/project'),
    );
    expect(causeId({ ...a, code: 'uri-notat' }, '/work/project')).not.toBe(causeId(a, '/work/project'));
  });

  it('counts causes per document', () => {
    const findings = [
      finding('openapi-opid-case', 'operationId "A" should be lowerCamelCase'),
      finding('openapi-opid-case', 'operationId "B" should be lowerCamelCase'),
      finding('openapi-opid-case', 'operationId "C" should be lowerCamelCase', '/work/project/other.yaml'),
      finding('rep-struct', 'Structured data should use application/json, not text/plain'),
    ];
    expect(countCauses(findings)).toBe(3);
  });

  it('names the generator setting that usually causes a finding, and only then', () => {
    expect(causeHint(finding('rep-struct', 'Structured data should use application/json, not text/plain'))).toMatch(
      /Swashbuckle/,
    );
    expect(causeHint(finding('rep-struct', 'Structured data should use application/json, not text/json'))).toMatch(
      /Swashbuckle/,
    );
    expect(causeHint(finding('rep-struct', 'Structured data should use application/json, not */*'))).toMatch(
      /springdoc\.default-produces-media-type/,
    );
    expect(
      causeHint(finding('rep-struct', 'Structured data should use application/json, not text/csv')),
    ).toBeUndefined();
    expect(causeHint(finding('uri-notat', 'Path segment "text/plain" must be lowerCamelCase'))).toBeUndefined();
  });
});
