import { describe, expect, it } from 'vitest';
import { ContractValidator } from '../../../src/checks/doc/support/contract-validator.js';

const PAGE = '#/paths/~1employers/get/responses/200/content/application~1json/schema';
const EMPLOYER = '#/paths/~1employers~1{employerId}/get/responses/200/content/application~1json/schema';
const PROBLEM = '#/components/responses/Problem/content/application~1problem+json/schema';

const document = {
  openapi: '3.0.3',
  paths: {
    '/employers': {
      get: {
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } } },
      },
    },
    '/employers/{employerId}': {
      get: {
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Employer' } } } } },
      },
    },
  },
  components: {
    responses: {
      Problem: {
        content: {
          'application/problem+json': {
            schema: { type: 'object', required: ['status'], properties: { status: { type: 'integer' } } },
          },
        },
      },
    },
    schemas: {
      Page: {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
      },
      Item: {
        type: 'object',
        required: ['href'],
        properties: { href: { type: 'string', format: 'uri' } },
        example: { href: 42 },
      },
      Employer: {
        type: 'object',
        required: ['employerId'],
        discriminator: { propertyName: 'kind' },
        properties: {
          employerId: { type: 'integer', format: 'int64', readOnly: true, exclusiveMinimum: true, minimum: 0 },
          name: { type: 'string', nullable: true },
          company: { nullable: true, allOf: [{ $ref: '#/components/schemas/Company' }] },
          code: { type: 'string', format: 'belgif-code' },
        },
      },
      Company: {
        type: 'object',
        required: ['enterpriseNumber'],
        properties: { enterpriseNumber: { type: 'string', pattern: '^\\d{10}$' } },
      },
    },
  },
};

describe('ContractValidator', () => {
  const validator = new ContractValidator(document);

  it('resolves a path schema and the $refs inside components', () => {
    expect(validator.validate(PAGE, { items: [{ href: 'https://x.test/employers/1' }] })).toEqual({ ok: true });
    expect(validator.validate(PAGE, { items: [{ href: 'not a uri' }] })).toEqual({
      ok: false,
      errors: ['/items/0/href must match format "uri"'],
    });
    expect(validator.validate(PAGE, {})).toEqual({ ok: false, errors: ["(root) must have required property 'items'"] });
  });

  it('reads a pointer through a templated path ({ }) and a media type with +', () => {
    expect(validator.validate(EMPLOYER, { employerId: 1 })).toEqual({ ok: true });
    expect(validator.validate(EMPLOYER, { employerId: '1' })).toMatchObject({
      ok: false,
      errors: ['/employerId must be integer'],
    });
    expect(validator.validate(PROBLEM, { status: 404 })).toEqual({ ok: true });
    expect(validator.validate(PROBLEM, { status: '404' })).toMatchObject({ ok: false });
  });

  it('reads the OpenAPI 3.0 dialect: nullable (with and without type), boolean exclusiveMinimum; example, readOnly, discriminator and unknown formats are annotations', () => {
    expect(validator.validate(EMPLOYER, { employerId: 1, name: null, company: null, code: 'anything' })).toEqual({
      ok: true,
    });
    expect(validator.validate(EMPLOYER, { employerId: 1, company: { enterpriseNumber: '12' } })).toMatchObject({
      ok: false,
    });
    expect(validator.validate(EMPLOYER, { employerId: 0 })).toMatchObject({
      ok: false,
      errors: ['/employerId must be > 0'],
    });
  });

  it('does not change the document it was given', () => {
    expect(document.components.schemas.Employer.properties.employerId).toMatchObject({
      exclusiveMinimum: true,
      minimum: 0,
    });
  });

  it('reports a pointer to nothing as unusable instead of throwing', () => {
    expect(
      validator.validate('#/paths/~1nothing/get/responses/200/content/application~1json/schema', {}),
    ).toMatchObject({ ok: 'unusable' });
  });

  it('uses JSON Schema 2020-12 for an OpenAPI 3.1 document', () => {
    const v31 = new ContractValidator({
      openapi: '3.1.0',
      paths: {},
      components: {
        schemas: {
          Pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: ['integer', 'null'] }], items: false },
        },
      },
    });
    expect(v31.validate('#/components/schemas/Pair', ['a', null])).toEqual({ ok: true });
    expect(v31.validate('#/components/schemas/Pair', ['a', 1, 2])).toMatchObject({ ok: false });
  });
});
