import { defineRule, type RuleCase } from '../define.js';
import { definitions, op, param, pathParam, queryParam, withPath } from '../documents.js';
import { parameterNames } from './support/parameter-names.js';

const SENSITIVE =
  '^(?:ssin|inss|niss|rrn|nationalNumber|nationalRegisterNumber|nationalRegistryNumber|socialSecurityNumber|password|passwd|pwd|secret|clientSecret|pin|pinCode|creditCardNumber|cardNumber|iban|bankAccountNumber)$';

export const rule = defineRule({
  code: 'sens-dat',
  severity: 'warn',
  description:
    'Sensitive data (SSIN, passwords, card numbers) is not sent in the path, query or headers of an operation',
  then: {
    function: parameterNames,
    functionOptions: {
      in: ['path', 'query', 'header', 'cookie'],
      notMatch: SENSITIVE,
      flags: 'i',
      usedOnly: true,
      message: '"{{name}}" looks like sensitive data: send it in the request body (POST) instead of the URL or headers',
    },
  },
});

export const cases = (): RuleCase[] => [
  {
    name: 'SSIN in the path; password in the query',
    errors: [{ path: param('/persons/{ssin}', 'get', 0) }, { path: param('/persons/{ssin}', 'get', 1) }],
    document: withPath('/persons/{ssin}', {
      get: op({ parameters: [pathParam('ssin'), queryParam('password', { type: 'string' })] }),
    }),
  },
  {
    name: 'business keys and Authorization',
    errors: [],
    document: withPath('/employers/{employerId}', {
      get: op({
        parameters: [pathParam('employerId'), { name: 'Authorization', in: 'header', schema: { type: 'string' } }],
      }),
    }),
  },

  {
    name: 'FP: reusable SSIN parameters no operation of the document uses',
    errors: [],
    document: definitions({
      parameters: {
        SsinPathParameter: { name: 'ssin', in: 'path', required: true, schema: { type: 'string' } },
        SsinQueryParameter: { name: 'ssin', in: 'query', schema: { type: 'string' } },
      },
    }),
  },
  {
    name: 'a reusable SSIN parameter an operation uses',
    errors: [{ path: ['components', 'parameters', 'SsinQueryParameter'] }],
    document: withPath(
      '/persons',
      { get: op({ parameters: [{ $ref: '#/components/parameters/SsinQueryParameter' }] }) },
      {
        components: { parameters: { SsinQueryParameter: { name: 'ssin', in: 'query', schema: { type: 'string' } } } },
      },
    ),
  },
];
