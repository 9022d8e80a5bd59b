import { responseRef } from './responses.js';
import {
  arrayQuery,
  headerRef,
  jsonBody,
  jsonResponse,
  operation,
  paramRef,
  problemResponse,
  schemaRef,
  type Json,
} from './fragments.js';

const TAG = 'Employers';
const employerExample = {
  employerId: 93,
  name: 'Acme Construction',
  company: { enterpriseNumber: '0200068636' },
  bankrupt: false,
};
const notFound = problemResponse('No employer with this number (urn:problem-type:belgif:resourceNotFound)');
// PUT and PATCH judge the body against the path and the companies: answers OpenAPI cannot state as a schema.
const badUpdate = problemResponse(
  'Malformed employerId, If-Match or body (schemaViolation, unknownInput); ' +
    "an employerId in the body other than the path's (issue invalidInput on body employerId); " +
    'a company.enterpriseNumber that names no company (issue referencedResourceNotFound)',
);
const badRequest = problemResponse('Malformed employerId, query, If-Match or body (schemaViolation, unknownInput)');
const stale = responseRef('PreconditionFailed');
const mergePatch = { schema: schemaRef('EmployerPatch'), example: { bankrupt: true, bankruptDate: '2024-02-29' } };

export const employerPaths: Record<string, Json> = {
  '/employers': {
    get: operation(TAG, 'listEmployers', 'List employers', {
      parameters: [
        paramRef('NameQuery'),
        {
          name: 'bankrupt',
          in: 'query',
          required: false,
          description: 'Only (non-)bankrupt employers',
          schema: { type: 'boolean' },
        },
        {
          name: 'q',
          in: 'query',
          required: false,
          description: 'Full-text search, case-insensitive, over all text of an employer',
          schema: { type: 'string', maxLength: 200 },
        },
        arrayQuery(
          'sort',
          { type: 'string', enum: ['name', '-name', 'employerId', '-employerId'] },
          'Sort keys; a leading - sorts descending (default employerId)',
        ),
        paramRef('PageQuery'),
        paramRef('PageSizeQuery'),
        paramRef('EmbedQuery'),
      ],
      responses: {
        200: jsonResponse('A page of employers (items: [] when nothing matches)', 'EmployerCollection'),
        400: badRequest,
      },
    }),
    post: operation(TAG, 'createEmployer', 'Create an employer', {
      requestBody: jsonBody('Employer', employerExample),
      responses: {
        201: jsonResponse('Created; the full employer', 'Employer', {
          headers: { Location: headerRef('Location'), ETag: headerRef('ETag') },
        }),
        400: problemResponse(
          'Body violates the schema (schemaViolation, unknownInput), or company.enterpriseNumber names no company (issue referencedResourceNotFound)',
        ),
        409: problemResponse('An employer with this employerId exists (urn:problem-type:belgif:registry:duplicateKey)'),
      },
    }),
    delete: operation(TAG, 'deleteEmployers', 'Remove the employers matching the filter (all without one)', {
      parameters: [paramRef('NameQuery')],
      responses: { 204: { description: 'Removed' }, 400: badRequest },
    }),
  },
  '/employers/{employerId}': {
    parameters: [paramRef('EmployerIdPath')],
    get: operation(TAG, 'getEmployer', 'Get an employer', {
      parameters: [paramRef('SelectQuery'), paramRef('IfNoneMatchHeader')],
      responses: {
        200: jsonResponse('The employer (only the selected properties with select)', 'EmployerView', {
          headers: {
            ETag: headerRef('ETag'),
            'Last-Modified': {
              description: 'When the current version was stored (one-second precision: the ETag tells versions apart)',
              schema: { type: 'string' },
            },
          },
        }),
        304: { description: 'Not modified (If-None-Match matches)', headers: { ETag: headerRef('ETag') } },
        400: badRequest,
        404: notFound,
      },
    }),
    put: operation(TAG, 'replaceEmployer', 'Replace an employer', {
      parameters: [paramRef('IfMatchHeader')],
      requestBody: jsonBody(
        'Employer',
        employerExample,
        'The complete employer; employerId must equal the path, company.enterpriseNumber must name a company',
      ),
      responses: {
        200: jsonResponse('The replaced employer', 'Employer', { headers: { ETag: headerRef('ETag') } }),
        400: badUpdate,
        404: notFound,
        412: stale,
      },
    }),
    patch: operation(TAG, 'patchEmployer', 'Partially update an employer (JSON Merge Patch)', {
      parameters: [paramRef('IfMatchHeader')],
      requestBody: {
        required: true,
        content: { 'application/merge-patch+json': mergePatch, 'application/json': mergePatch },
        description:
          'A JSON Merge Patch; an employerId in it must equal the path, and the patched employer must be a valid Employer whose company.enterpriseNumber names a company',
      },
      responses: {
        200: jsonResponse('The employer after the patch', 'Employer', { headers: { ETag: headerRef('ETag') } }),
        400: badUpdate,
        404: notFound,
        412: stale,
        415: problemResponse(
          'Content-Type is neither application/merge-patch+json nor application/json (unsupportedMediaType), or a Content-Encoding other than identity',
        ),
      },
    }),
    delete: operation(TAG, 'deleteEmployer', 'Remove an employer', {
      parameters: [paramRef('IfMatchHeader')],
      responses: { 204: { description: 'Removed' }, 400: badRequest, 404: notFound, 412: stale },
    }),
  },
  '/employers/{employerId}/sendNotification': {
    parameters: [paramRef('EmployerIdPath')],
    post: operation(TAG, 'sendNotification', 'Send a notification to an employer', {
      requestBody: jsonBody('Notification', { message: 'Your declaration is due next week' }),
      responses: { 200: jsonResponse('Sent', 'NotificationReceipt'), 400: badRequest, 404: notFound },
    }),
  },
};
