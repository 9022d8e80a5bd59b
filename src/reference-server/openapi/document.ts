import { controllerPaths } from './paths-controllers.js';
import { companyPaths } from './paths-companies.js';
import { employerPaths } from './paths-employers.js';
import { miscPaths } from './paths-misc.js';
import { taskPaths } from './paths-tasks.js';
import { headers, parameters } from './parameters.js';
import { responses } from './responses.js';
import { commonSchemas } from './schemas-common.js';
import { employerSchemas } from './schemas-employers.js';
import { otherSchemas } from './schemas-other.js';

const TAGS: Array<[string, string]> = [
  ['Employers', 'Employers and their documents'],
  ['Companies', 'Companies, paged by cursor or offset'],
  ['Enterprises', 'Creating employers under an enterprise'],
  ['Appendices', 'Code lists of the registry'],
  ['Images', 'Long-running image tasks'],
  ['Accounts', 'Account actions'],
  ['Money', 'Money conversion'],
  ['Orders', 'Order actions'],
  ['Stores', 'Stores and their orders'],
  ['Persons', 'Persons'],
  ['Addresses', 'Addresses'],
  ['Reference Data', 'Reference data and problem type descriptions'],
  ['Health', 'Health check'],
  ['Documentation', 'This document'],
];

/**
 * The reference server's own OpenAPI 3.0.3 document: the contract it publishes at /doc/openapi.*
 * and the schemas its request validation compiles (one source of truth).
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  // structuredClone: every caller gets its own copy, so nobody can mutate the shared fragments.
  return structuredClone({
    openapi: '3.0.3',
    info: {
      title: 'Employer Registry',
      version: '1.0.0',
      contact: { name: 'restguide', url: 'https://www.belgif.be/specification/rest/api-guide/' },
      description:
        'The reference API of restguide: the resource-oriented REST interface of the Belgif REST guide, conforming. ' +
        'Every error is application/problem+json; every response carries a BelGov-Trace-Id header. ' +
        'Request bodies are limited to 64 KiB (413) and JSON nesting to 32 levels (400).',
    },
    servers: [{ url: '/registry/v1' }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths: { ...employerPaths, ...companyPaths, ...taskPaths, ...controllerPaths, ...miscPaths },
    components: {
      schemas: { ...commonSchemas, ...employerSchemas, ...otherSchemas },
      parameters,
      responses,
      headers,
    },
  });
}
