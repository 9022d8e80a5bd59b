import { compiledApi } from '../compiled-api.js';
import type { RouteDef } from '../context.js';

/** Health and the published OpenAPI document ([hlth-res], [oas-yaml], [doc-refdata]). */
export const serviceRoutes: RouteDef[] = [
  { path: '/health', methods: { GET: () => ({ status: 200, body: { status: 'UP' } }) } },
  {
    path: '/doc/openapi.json',
    methods: { GET: () => ({ status: 200, text: compiledApi().documentJson, contentType: 'application/json' }) },
  },
  {
    path: '/doc/openapi.yaml',
    methods: { GET: () => ({ status: 200, text: compiledApi().documentYaml, contentType: 'application/yaml' }) },
    produces: ['application/yaml', 'text/yaml'],
  },
];
