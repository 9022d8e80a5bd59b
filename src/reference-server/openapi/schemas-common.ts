import { link, schemaRef, type Json } from './fragments.js';

// oas-comdef prefers belgif's shared definitions; this demo API ships its own copies on purpose.
const SELF_CONTAINED = {
  'oas-comdef':
    'The reference API is a self-contained demo: it defines the common Belgif types locally instead of referencing openapi-problem and openapi-common',
};

/** Problem details ([err-problem]) and the shared value types. */
export const commonSchemas: Record<string, Json> = {
  Problem: {
    'x-ignore-rules': SELF_CONTAINED,
    type: 'object',
    description: 'RFC 9457 problem details; every 4xx and 5xx response carries one',
    properties: {
      type: { type: 'string', format: 'uri', description: 'Stable identifier of the problem type' },
      href: { type: 'string', format: 'uri', description: 'Human-readable documentation of the problem type' },
      title: { type: 'string', description: 'Short English summary of the problem type' },
      status: {
        type: 'integer',
        format: 'int32',
        minimum: 400,
        maximum: 599,
        description: 'HTTP status of this occurrence',
      },
      detail: { type: 'string', description: 'Explanation of this occurrence, localized by Accept-Language' },
      instance: {
        type: 'string',
        format: 'uri',
        description: 'urn:uuid of this occurrence, equal to the BelGov-Trace-Id header',
      },
      issues: { type: 'array', items: schemaRef('InputValidationIssue') },
      limit: { type: 'integer', format: 'int32', minimum: 0, description: 'Size limit in bytes (payloadTooLarge)' },
    },
    required: ['type', 'title', 'status'],
    example: {
      type: 'urn:problem-type:belgif:resourceNotFound',
      title: 'Resource Not Found',
      status: 404,
      detail: 'No resource /employers/42 found',
      instance: 'urn:uuid:123e4567-e89b-42d3-a456-426614174000',
    },
  },
  InputValidationIssue: {
    'x-ignore-rules': SELF_CONTAINED,
    type: 'object',
    properties: {
      type: { type: 'string', format: 'uri' },
      href: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      detail: { type: 'string' },
      in: { type: 'string', enum: ['body', 'header', 'path', 'query'] },
      name: { type: 'string', description: 'Parameter name or body location (dotted, e.g. company.enterpriseNumber)' },
      value: { description: 'The offending value' },
    },
    required: ['type', 'in', 'name'],
  },
  LocalizedText: {
    type: 'object',
    description: 'A text in several languages, keyed by ISO 639-1 code',
    properties: {
      nl: { type: 'string' },
      fr: { type: 'string' },
      de: { type: 'string' },
      en: { type: 'string' },
    },
  },
  EnterpriseNumber: {
    'x-ignore-rules': SELF_CONTAINED,
    type: 'string',
    pattern: '^[01][0-9]{9}$',
    description: 'Enterprise number, 10 digits',
    example: '0200068636',
  },
  Ssin: {
    'x-ignore-rules': SELF_CONTAINED,
    type: 'string',
    pattern: '^[0-9]{11}$',
    description: 'Social security identification number, 11 digits',
    example: '00010112345',
  },
  MoneyAmount: {
    type: 'string',
    pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$',
    description: 'A decimal amount, as a string to keep its precision',
    example: '25.00',
  },
  CurrencyCode: {
    type: 'string',
    pattern: '^[A-Z]{3}$',
    description: 'ISO 4217 currency code; supported: EUR, USD, GBP, CHF, JPY',
    example: 'EUR',
  },
  Reference: {
    type: 'object',
    description: 'A link to a related resource with its identifier',
    properties: {
      id: { type: 'integer', format: 'int32', minimum: 1, maximum: 999999 },
      href: link('The related resource'),
    },
    required: ['href'],
  },
  HealthStatus: {
    'x-ignore-rules': SELF_CONTAINED,
    type: 'object',
    properties: {
      status: {
        type: 'string',
        pattern: '^(UP|DEGRADED|DOWN)$',
        description: 'UP or DEGRADED (200), DOWN (503)',
        example: 'UP',
      },
    },
    required: ['status'],
  },
  OpenApiDocument: {
    type: 'object',
    description: 'This OpenAPI document',
    properties: { openapi: { type: 'string' } },
  },
};
