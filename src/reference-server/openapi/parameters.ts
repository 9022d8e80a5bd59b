import { arrayQuery, pathParam, schemaRef, type Json } from './fragments.js';

export const DEFAULT_PAGE_SIZE = 20;
/** `*`, or a comma-separated list of entity tags (RFC 9110 §8.8.3), empty elements allowed: what the server accepts. */
const ENTITY_TAG = '[ \\t]*((W/)?"[!#-~\\x80-\\xff]*")?[ \\t]*';
const IF_MATCH = `^(\\*|${ENTITY_TAG}(,${ENTITY_TAG})*)$`;
const MAX_PAGE_SIZE = 100;

export const parameters: Record<string, Json> = {
  EmployerIdPath: pathParam('employerId', schemaRef('EmployerId'), 'Employer number (leading zeros ignored)'),
  EnterpriseNumberPath: pathParam(
    'enterpriseNumber',
    schemaRef('EnterpriseNumber'),
    'Enterprise number of the company',
  ),
  PageQuery: {
    name: 'page',
    in: 'query',
    required: false,
    description: 'Page index, 1-based',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647, default: 1 },
  },
  // /companies pages by cursor unless page is given: the two cannot be combined, which 3.0 parameters cannot express.
  CompanyPageQuery: {
    name: 'page',
    in: 'query',
    required: false,
    description:
      'Page index, 1-based: asks for offset paging instead of the default cursor paging. Not together with afterCompany (400 badRequest, issue invalidInput on page)',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 2147483647, default: 1 },
  },
  PageSizeQuery: {
    name: 'pageSize',
    in: 'query',
    required: false,
    description: `Maximum items per page (default ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE})`,
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
  EmbedQuery: arrayQuery(
    'embed',
    { type: 'string', enum: ['items'] },
    'embed=items adds the full item representations in `embedded`',
  ),
  SelectQuery: {
    name: 'select',
    in: 'query',
    required: false,
    description:
      'Partial representation, e.g. (name,company(enterpriseNumber)); a leading ! excludes the listed properties. ' +
      'Grammar: [!](item,...), an item a name of letters, digits, - and _, optionally followed by a nested (item,...); ' +
      'the pattern states the characters and the outer parentheses, the server also refuses empty items, unbalanced parentheses and unknown names (400)',
    schema: {
      type: 'string',
      maxLength: 1000,
      pattern: '^!?\\([-_A-Za-z0-9,()]+\\)$',
      example: '(name,company(enterpriseNumber))',
    },
  },
  IfMatchHeader: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'ETag read before, or *; one naming no current ETag (also an empty list such as `,`) gives 412, one that is not entity-tag syntax 400',
    schema: { type: 'string', pattern: IF_MATCH },
  },
  IfNoneMatchHeader: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'ETag held by the client; unchanged gives 304',
    schema: { type: 'string' },
  },
  NameQuery: arrayQuery(
    'name',
    { type: 'string', minLength: 1, maxLength: 200 },
    'Exact name; repeated values combine with OR',
  ),
};

export const headers: Record<string, Json> = {
  Location: {
    description: 'URI of the created, accepted or resulting resource',
    schema: { type: 'string', format: 'uri' },
  },
  ETag: { description: 'Strong entity tag of the current version', schema: { type: 'string' } },
};
