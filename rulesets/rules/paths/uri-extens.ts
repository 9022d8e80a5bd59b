import { defineRule, type RuleCase } from '../define.js';
import { base, gets, op, pathsCase } from '../documents.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { fileExtension, pathKeys, pathOf } from '../../functions/paths.js';

// The guide places "the OpenAPI description and other API documentation" under a doc resource and calls
// them "exceptions to the rule that API resource URLs shouldn't have a file extension" (/api/doc/swagger.json).
const isDocumentation = (key: string): boolean => pathOf(key).split('/').slice(0, -1).includes('doc');
/** uri-extens: no file extension on a path's last segment, except documentation under a doc resource. */
const uriExtensions = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const path of pathKeys(root)) {
    const extension = fileExtension(path);
    if (extension !== undefined && !isDocumentation(path))
      out.push(finding(`Path "${path}" should not have a file extension (.${extension})`, ['paths', path]));
  }
  return out;
});

export const rule = defineRule({
  code: 'uri-extens',
  severity: 'warn',
  description:
    "A path's last segment has no file extension such as .json (except documentation under /doc, such as /doc/openapi.json); namespaces, versions, fragments are none",
  then: uriExtensions,
});

export const cases = (): RuleCase[] => [
  pathsCase('file extension', ['/reports/{id}.pdf'], ['/reports/{id}.pdf']),
  pathsCase('the OpenAPI document', ['/doc/openapi.yaml', '/reports']),
  // "No file extension in URIs": a suffix of the last segment, not any dot of the key.

  {
    name: 'FP: a fragment, a namespace, a version, a range between two parameters',
    errors: [],
    document: base({
      paths: {
        '/#X-Amz-Target=Logs_20140328.AssociateKmsKey': { post: op({ operationId: 'associateKmsKey' }) },
        '/subscriptions/{subscriptionId}/providers/Microsoft.Network/virtualNetworks': {
          get: op({ operationId: 'networks' }),
        },
        '/api/v2.0/things': { get: op({ operationId: 'things' }) },
        '/compare/{base}...{head}': { get: op({ operationId: 'compare' }) },
      },
    }),
  },
  {
    name: 'a suffix on a collection, on its items, as a parameter',
    errors: [
      { path: ['paths', '/accounts.json'], message: '(.json)' },
      { path: ['paths', '/accounts/{accountSid}.json'] },
      { path: ['paths', '/reports/{reportId}.{format}'] },
    ],
    document: base({
      paths: gets('/accounts.json', '/accounts/{accountSid}.json', '/reports/{reportId}.{format}'),
    }),
  },
  // "The OpenAPI description and other API documentation SHOULD be placed under a special doc resource"
  // and "these are exceptions to the rule that API resource URLs shouldn't have a file extension".

  {
    name: 'FP: a Swagger document and a manual under a doc resource',
    errors: [],
    document: base({
      paths: gets('/api/doc/swagger.json', '/doc/manual.pdf'),
    }),
  },
  {
    name: 'extensions outside a doc resource (docs is not it, nor a doc.json segment)',
    errors: [{ path: ['paths', '/api/docs/swagger.json'] }, { path: ['paths', '/api/doc.json'] }],
    document: base({
      paths: gets('/api/docs/swagger.json', '/api/doc.json'),
    }),
  },
];
