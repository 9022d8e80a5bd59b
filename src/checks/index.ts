// The registry: every check, sorted by id. A test keeps it in step with the files under src/checks/<area>/.
import type { AnyCheck } from '../core/define-check.js';
import collectionEmptyResult from './collection/empty-result.js';
import collectionIsObject from './collection/is-object.js';
import collectionItemHref from './collection/item-href.js';
import collectionItemKey from './collection/item-key.js';
import collectionItemsArray from './collection/items-array.js';
import collectionSelfLink from './collection/self-link.js';
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
import idAbsent404 from './id/absent-404.js';
import idIssueInPath from './id/issue-in-path.js';
import idLeadingZeros from './id/leading-zeros.js';
import idMalformed400 from './id/malformed-400.js';
import problemInstanceAbsolute from './problem/instance-absolute.js';
import problemMediaType from './problem/media-type.js';
import problemMembers from './problem/members.js';
import problemNoLeaks from './problem/no-leaks.js';
import problemStatusMatches from './problem/status-matches.js';
import problemTypeUri from './problem/type-uri.js';
import problemTypeUrn from './problem/type-urn.js';
import selectExclude from './select/exclude.js';
import selectInclude from './select/include.js';
import selectMalformed400 from './select/malformed-400.js';
import selectNested from './select/nested.js';
import selectSelfReflectsQuery from './select/self-reflects-query.js';
import traceHeaderPresent from './trace/header-present.js';
import traceMatchesInstance from './trace/matches-instance.js';
import traceNotEchoed from './trace/not-echoed.js';
import traceUnique from './trace/unique.js';

export const CHECKS: readonly AnyCheck[] = [
  collectionEmptyResult,
  collectionIsObject,
  collectionItemHref,
  collectionItemKey,
  collectionItemsArray,
  collectionSelfLink,
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
  idAbsent404,
  idIssueInPath,
  idLeadingZeros,
  idMalformed400,
  problemInstanceAbsolute,
  problemMediaType,
  problemMembers,
  problemNoLeaks,
  problemStatusMatches,
  problemTypeUri,
  problemTypeUrn,
  selectExclude,
  selectInclude,
  selectMalformed400,
  selectNested,
  selectSelfReflectsQuery,
  traceHeaderPresent,
  traceMatchesInstance,
  traceNotEchoed,
  traceUnique,
];

export const checkById = (id: string): AnyCheck | undefined => CHECKS.find((check) => check.meta.id === id);
