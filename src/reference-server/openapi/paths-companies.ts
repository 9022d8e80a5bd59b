import {
  codeParam,
  documentPath,
  headerRef,
  jsonBody,
  jsonResponse,
  operation,
  paramRef,
  problemResponse,
  schemaRef,
  type Json,
} from './fragments.js';

export const companyPaths: Record<string, Json> = {
  '/companies': {
    get: operation('Companies', 'listCompanies', 'List companies', {
      parameters: [
        paramRef('NameQuery'),
        {
          name: 'afterCompany',
          in: 'query',
          required: false,
          schema: schemaRef('EnterpriseNumber'),
          description:
            'Cursor paging (the default): the page starts after this enterprise number; `next` carries the next one. Not together with page (400 badRequest, issue invalidInput on page)',
        },
        paramRef('CompanyPageQuery'),
        paramRef('PageSizeQuery'),
      ],
      responses: {
        200: jsonResponse('A page of companies, sorted by enterpriseNumber', 'CompanyCollection'),
        400: problemResponse(
          'Bad query: schemaViolation or unknownInput issues, or page together with afterCompany (issue invalidInput on page)',
        ),
      },
    }),
  },
  '/companies/{enterpriseNumber}': documentPath(
    [paramRef('EnterpriseNumberPath')],
    ['Companies', 'getCompany', 'Get a company'],
    ['The company', 'Company', 'Malformed enterprise number', 'No such company'],
  ),
  '/enterprises/{enterpriseNumber}/employers': {
    parameters: [paramRef('EnterpriseNumberPath')],
    post: operation('Enterprises', 'createEnterpriseEmployer', 'Create an employer under an enterprise', {
      requestBody: jsonBody('EnterpriseEmployer', { employerId: 5000001, name: 'New Branch' }),
      responses: {
        201: jsonResponse('Created; the full employer', 'Employer', {
          headers: { Location: headerRef('Location'), ETag: headerRef('ETag') },
        }),
        400: problemResponse('Malformed enterprise number or body'),
        404: problemResponse(
          'The enterprise number is unassigned (resourceNotFound, issue referencedResourceNotFound on path enterpriseNumber)',
        ),
        409: problemResponse('An employer with this employerId exists (urn:problem-type:belgif:registry:duplicateKey)'),
      },
    }),
  },
  '/appendices/employerclasses': {
    get: operation('Appendices', 'listEmployerClasses', 'List employer classes', {
      parameters: [paramRef('PageQuery'), paramRef('PageSizeQuery'), paramRef('EmbedQuery')],
      responses: {
        200: jsonResponse('A page of employer classes', 'EmployerClassCollection'),
        400: problemResponse('Bad query'),
      },
    }),
  },
  '/appendices/employerclasses/{value}': documentPath(
    [codeParam('value', 'Code of the employer class')],
    ['Appendices', 'getEmployerClass', 'Get an employer class'],
    ['The employer class', 'EmployerClass', 'Malformed value', 'No such class'],
  ),
};
