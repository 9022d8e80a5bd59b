// Cases from linting public descriptions nobody here wrote (issue 29): for each systematic false
// finding, the smallest document that produced it, which must now be clean, and one that must still
// give exactly its findings. Written from the guide's text, quoted where it decides.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath } from '../documents.js';

type Json = Record<string, unknown>;
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const response = (mediaType: string, schema: Json): Json => ({ description: 'x', content: { [mediaType]: { schema } } });

export const cases: Record<string, RuleCase[]> = {
  // "An API SHOULD refuse unknown input": a run-time behaviour (the input.* checks). The response that
  // documents it is prb-defaul's default problem response, reported there.
  'req-valid': [
    { name: 'FP: input without a 400 or default response (prb-defaul reports the missing default)', errors: [], document: base({ paths: {
      '/things': { get: op({ parameters: [queryParam('name', { type: 'string' })], responses: { '200': ok() } }) },
      '/others': { post: op({ operationId: 'others', requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', title: 'Other' } } } }, responses: { '204': { description: 'done' } } }) },
    } }) },
    { name: 'a free-form object query parameter collects every unknown one', errors: [{ path: O('/search', 'get', 'parameters', 0), message: 'free-form object' }], document: withPath('/search', {
      get: op({ parameters: [queryParam('filter', { type: 'object' })] }),
    }) },
  ],
  // "No file extension in URIs": a suffix of the last segment, not any dot of the key.
  'uri-extens': [
    { name: 'FP: a fragment, a namespace, a version, a range between two parameters', errors: [], document: base({ paths: {
      '/#X-Amz-Target=Logs_20140328.AssociateKmsKey': { post: op({ operationId: 'associateKmsKey' }) },
      '/subscriptions/{subscriptionId}/providers/Microsoft.Network/virtualNetworks': { get: op({ operationId: 'networks' }) },
      '/api/v2.0/things': { get: op({ operationId: 'things' }) },
      '/compare/{base}...{head}': { get: op({ operationId: 'compare' }) },
    } }) },
    { name: 'a suffix on a collection, on its items, as a parameter', errors: [
      { path: ['paths', '/accounts.json'], message: '(.json)' }, { path: ['paths', '/accounts/{accountSid}.json'] }, { path: ['paths', '/reports/{reportId}.{format}'] },
    ], document: base({ paths: {
      '/accounts.json': { get: op({ operationId: 'accounts' }) },
      '/accounts/{accountSid}.json': { get: op({ operationId: 'account' }) },
      '/reports/{reportId}.{format}': { get: op({ operationId: 'report' }) },
    } }) },
  ],
  // "Path segments ... lowerCamelCase": a fragment or a query in a path key is no path segment; the
  // file extension is uri-extens's finding.
  'uri-notat': [
    { name: 'FP: a fragment and a query in path keys; a file extension after a lowerCamelCase segment', errors: [], document: base({ paths: {
      '/#X-Amz-Target=Logs_20140328.AssociateKmsKey': { post: op({ operationId: 'associateKmsKey' }) },
      '/{bucket}?acl': { get: op({ operationId: 'acl' }) },
      '/accounts.json': { get: op({ operationId: 'accounts' }) },
    } }) },
    { name: 'an UpperCamelCase segment before a suffix, named without it', errors: [{ path: ['paths', '/Accounts.json'], message: /lowerCamelCase: Accounts$/ }], document: withPath('/Accounts.json', { get: op() }) },
  ],
  // "The Problem Details response body MAY be absent when the HTTP status code itself provides sufficient information".
  'err-problem': [
    { name: 'FP: error responses declaring no content', errors: [], document: withPath('/things/{thingId}', {
      get: op({ responses: { '200': ok(), '404': { description: 'No such thing' }, '409': { description: 'Conflict' }, default: problem() } }),
    }) },
    { name: 'an error body of another media type', errors: [{ path: O('/things', 'get', 'responses', '404') }], document: withPath('/things', {
      get: op({ responses: { '200': ok(), '404': response('application/json', { type: 'object', title: 'Error' }), default: problem() } }),
    }) },
  ],
  // One finding per cause: a default response of another media type is err-problem's.
  'prb-defaul-schema': [
    { name: 'FP: a default response of another media type (err-problem)', errors: [], document: withPath('/things', {
      get: op({ responses: { '200': ok(), default: response('application/json', { type: 'object', title: 'Error' }) } }),
    }) },
    { name: 'a default without a body; a problem+json default with its own schema', errors: [{ path: O('/a', 'get', 'responses', 'default') }, { path: O('/b', 'get', 'responses', 'default') }], document: base({ paths: {
      '/a': { get: op({ responses: { '200': ok(), default: { description: 'An error' } } }) },
      '/b': { get: op({ operationId: 'b', responses: { '200': ok(), default: response('application/problem+json', { type: 'object', title: 'MyError' }) } }) },
    } }) },
  ],
  // One finding per cause: an operation without summary is oas-descr's ("summary SHOULD be present").
  'oas-doc-coverage': [
    { name: 'FP: an operation without summary or description (oas-descr)', errors: [], document: withPath('/things', { get: { operationId: 'things', responses: { '200': ok(), default: problem() } } }, { info: { title: 'Demo', version: '1.0.0', description: 'Things' } }) },
    { name: 'a one-word summary alone', errors: [{ path: O('/things', 'get') }], document: withPath('/things', { get: op({ summary: 'Things' }) }, { info: { title: 'Demo', version: '1.0.0', description: 'Things' } }) },
  ],
  // "A collection result MUST contain an items property": also behind a suffix (/accounts.json with /accounts/{sid}.json).
  'col-repres': [
    { name: 'a collection behind a .json suffix returning its own list property', errors: [{ path: O('/accounts.json', 'get', 'responses', '200', 'content', 'application/json', 'schema') }], document: base({ paths: {
      '/accounts.json': { get: op({ operationId: 'accounts', responses: { '200': ok({ type: 'object', title: 'AccountPage', properties: { accounts: { type: 'array', items: { type: 'object' } }, page: { type: 'integer' } } }), default: problem() } }) },
      '/accounts/{accountSid}.json': { get: op({ operationId: 'account' }) },
    } }) },
    { name: 'a collection behind a .json suffix with items', errors: [], document: base({ paths: {
      '/accounts.json': { get: op({ operationId: 'accounts', responses: { '200': ok({ type: 'object', title: 'Accounts', properties: { items: { type: 'array', items: { type: 'object', title: 'AccountLink', properties: { href: { type: 'string' } } } } } }), default: problem() } }) },
      '/accounts/{accountSid}.json': { get: op({ operationId: 'account' }) },
    } }) },
  ],
  // "A plural noun SHOULD be used for collection names, for example 'employers' or 'children'".
  'col-name': [
    { name: 'FP: the guide\'s own children; media behind a suffix', errors: [], document: base({ paths: {
      '/children': { get: op({ operationId: 'children' }) }, '/children/{childId}': { get: op({ operationId: 'child' }) },
      '/messages/{messageId}/media.json': { get: op({ operationId: 'media' }) }, '/messages/{messageId}/media/{mediaId}.json': { get: op({ operationId: 'medium' }) },
    } }) },
    { name: 'a singular collection behind a suffix', errors: [{ path: ['paths', '/employer.json'] }], document: base({ paths: {
      '/employer.json': { get: op({ operationId: 'employers' }) }, '/employer/{employerId}.json': { get: op({ operationId: 'employer' }) },
    } }) },
  ],
};
