import type { RouteDef } from './context.js';
import { appendixRoutes } from './handlers/appendices.js';
import { companyRoutes } from './handlers/companies.js';
import { controllerRoutes } from './handlers/controllers.js';
import { employerRoutes } from './handlers/employers.js';
import { referenceDataRoutes } from './handlers/reference-data.js';
import { registryEntityRoutes } from './handlers/registry-entities.js';
import { serviceRoutes } from './handlers/service.js';
import { taskRoutes } from './handlers/tasks.js';

/** Every route of the reference API; each path and method is an operation of the OpenAPI document. */
export const ROUTES: RouteDef[] = [
  ...employerRoutes,
  ...companyRoutes,
  ...appendixRoutes,
  ...taskRoutes,
  ...controllerRoutes,
  ...referenceDataRoutes,
  ...registryEntityRoutes,
  ...serviceRoutes,
];
