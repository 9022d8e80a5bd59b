// The published contract of protected mode: an oauth2 scheme and each operation's scope ([sec-req]).
import { stringify } from 'yaml';
import type { RouteDef } from '../context.js';
import { OpenApiModel } from '../../openapi/operations.js';
import { buildOpenApiDocument } from '../openapi/document.js';
import { OPEN_ROUTES, requiredScope, SCOPES } from './authority.js';
import { TOKEN_PATH } from './token-endpoint.js';

/** The reference document plus security: the 401/403 problems fall under each operation's default problem response. */
export function buildSecuredDocument(): Record<string, unknown> {
  const document = buildOpenApiDocument();
  for (const { path, method, operation } of OpenApiModel.of(document).operations())
    operation.value['security'] = OPEN_ROUTES.has(path) ? [] : [{ OAuth2: [requiredScope(method.toUpperCase())] }];
  const components = document['components'] as Record<string, unknown>;
  components['securitySchemes'] = {
    OAuth2: {
      type: 'oauth2',
      description:
        'OAuth2 client credentials; access tokens are JWTs signed by this server (client_secret_basic or private_key_jwt)',
      // Relative to the server URL's origin: the token endpoint sits beside the API, not under its base path.
      flows: { clientCredentials: { tokenUrl: TOKEN_PATH, scopes: { ...SCOPES } } },
    },
  };
  document['security'] = [{ OAuth2: ['registry:read'] }];
  const info = document['info'] as Record<string, unknown>;
  info['description'] =
    `${String(info['description'])} Protected mode: every operation but /health and /doc/* needs a Bearer access token with its scope.`;
  return document;
}

let texts: { json: string; yaml: string } | undefined;

/** The routes of protected mode: the same handlers, but /doc/* publishes the secured document. */
export function securedRoutes(routes: RouteDef[]): RouteDef[] {
  const documents = () => {
    if (!texts) {
      const document = buildSecuredDocument();
      texts = { json: JSON.stringify(document, null, 2), yaml: stringify(document) };
    }
    return texts;
  };
  return routes.map((route) => {
    if (route.path === '/doc/openapi.json')
      return {
        ...route,
        methods: { GET: () => ({ status: 200, text: documents().json, contentType: 'application/json' }) },
      };
    if (route.path === '/doc/openapi.yaml')
      return {
        ...route,
        methods: { GET: () => ({ status: 200, text: documents().yaml, contentType: 'application/yaml' }) },
      };
    return route;
  });
}
