import { arrayQuery, pathParam, schemaRef, type Json } from './fragments.js';

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

export const parameters: Record<string, Json> = {
  EmployerIdPath: pathParam('employerId', schemaRef('EmployerId'), 'Employer number (leading zeros ignored)'),
  EnterpriseNumberPath: pathParam('enterpriseNumber', schemaRef('EnterpriseNumber'), 'Enterprise number of the company'),
  PageQuery: { name: 'page', in: 'query', required: false, description: 'Page index, 1-based', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647, default: 1 } },
  PageSizeQuery: {
    name: 'pageSize', in: 'query', required: false, description: `Maximum items per page (default ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE})`,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
  EmbedQuery: arrayQuery('embed', { type: 'string', enum: ['items'] }, 'embed=items adds the full item representations in `embedded`'),
  SelectQuery: {
    name: 'select', in: 'query', required: false,
    description: 'Partial representation, e.g. (name,company(enterpriseNumber)); a leading ! excludes the listed properties',
    schema: { type: 'string', maxLength: 1000, example: '(name,company(enterpriseNumber))' },
  },
  IfMatchHeader: { name: 'If-Match', in: 'header', required: false, description: 'ETag read before, or *; one naming no current ETag (also an empty list such as `,`) gives 412, one that is not entity-tag syntax 400', schema: { type: 'string' } },
  IfNoneMatchHeader: { name: 'If-None-Match', in: 'header', required: false, description: 'ETag held by the client; unchanged gives 304', schema: { type: 'string' } },
  NameQuery: arrayQuery('name', { type: 'string', minLength: 1, maxLength: 200 }, 'Exact name; repeated values combine with OR'),
};

export const headers: Record<string, Json> = {
  Location: { description: 'URI of the created, accepted or resulting resource', schema: { type: 'string', format: 'uri' } },
  ETag: { description: 'Strong entity tag of the current version', schema: { type: 'string' } },
};
