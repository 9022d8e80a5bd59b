// The registry: every check, sorted by id. A test keeps it in step with the files under src/checks/<area>/.
import type { AnyCheck } from '../core/define-check.js';
import docOpenapiJson from './doc/openapi-json.js';
import docOpenapiYaml from './doc/openapi-yaml.js';
import healthHealthStatus from './health/health-status.js';
import httpContentTypeOnBody from './http/content-type-on-body.js';
import httpHeadNoBody from './http/head-no-body.js';
import httpMethodNotAllowed405 from './http/method-not-allowed-405.js';
import httpNo204OnGet from './http/no-204-on-get.js';
import httpNotAcceptable406 from './http/not-acceptable-406.js';
import httpStatusMatrix from './http/status-matrix.js';
import httpUnknownUri404 from './http/unknown-uri-404.js';
import httpUnsupportedMediaType415 from './http/unsupported-media-type-415.js';
import problemInstanceAbsolute from './problem/instance-absolute.js';
import problemMediaType from './problem/media-type.js';
import problemMembers from './problem/members.js';
import problemNoLeaks from './problem/no-leaks.js';
import problemStatusMatches from './problem/status-matches.js';
import problemTypeUri from './problem/type-uri.js';
import problemTypeUrn from './problem/type-urn.js';
import traceHeaderPresent from './trace/header-present.js';
import traceMatchesInstance from './trace/matches-instance.js';
import traceNotEchoed from './trace/not-echoed.js';
import traceUnique from './trace/unique.js';

export const CHECKS: readonly AnyCheck[] = [
  docOpenapiJson,
  docOpenapiYaml,
  healthHealthStatus,
  httpContentTypeOnBody,
  httpHeadNoBody,
  httpMethodNotAllowed405,
  httpNo204OnGet,
  httpNotAcceptable406,
  httpStatusMatrix,
  httpUnknownUri404,
  httpUnsupportedMediaType415,
  problemInstanceAbsolute,
  problemMediaType,
  problemMembers,
  problemNoLeaks,
  problemStatusMatches,
  problemTypeUri,
  problemTypeUrn,
  traceHeaderPresent,
  traceMatchesInstance,
  traceNotEchoed,
  traceUnique,
];

export const checkById = (id: string): AnyCheck | undefined => CHECKS.find((check) => check.meta.id === id);
