// The registry: every check, sorted by id. A test keeps it in step with the files under src/checks/<area>/.
// Regenerate with `node scripts/register-checks.mjs` after adding a check file.
import type { AnyCheck } from '../core/engine/define-check.js';
import authExpiredToken from './auth/expired-token.js';
import authInvalidToken from './auth/invalid-token.js';
import authMissingScope from './auth/missing-scope.js';
import authNoToken from './auth/no-token.js';
import authOpenResources from './auth/open-resources.js';
import collectionEmptyResult from './collection/empty-result.js';
import collectionIsObject from './collection/is-object.js';
import collectionItemHref from './collection/item-href.js';
import collectionItemKey from './collection/item-key.js';
import collectionItemsArray from './collection/items-array.js';
import collectionRepeatedParam from './collection/repeated-param.js';
import collectionSelfLink from './collection/self-link.js';
import controllerGetSafe from './controller/get-safe.js';
import controllerMethodNotAllowed from './controller/method-not-allowed.js';
import controllerStatus from './controller/status.js';
import createCreated201 from './create/created-201.js';
import createDuplicate409 from './create/duplicate-409.js';
import createLocationAbsolute from './create/location-absolute.js';
import deleteAbsent404 from './delete/absent-404.js';
import deleteCollectionFiltered from './delete/collection-filtered.js';
import deleteThen404 from './delete/then-404.js';
import docApiVersion from './doc/api-version.js';
import docOpenapiJson from './doc/openapi-json.js';
import docOpenapiYaml from './doc/openapi-yaml.js';
import docResponsesMatchOpenapi from './doc/responses-match-openapi.js';
import embedEmbeddedMap from './embed/embedded-map.js';
import embedSubresources from './embed/subresources.js';
import filterEquality from './filter/equality.js';
import filterFullTextQ from './filter/full-text-q.js';
import filterParamsAnd from './filter/params-and.js';
import filterRepeatedOr from './filter/repeated-or.js';
import healthHealthStatus from './health/health-status.js';
import httpCaching from './http/caching.js';
import httpContentTypeOnBody from './http/content-type-on-body.js';
import httpHeadNoBody from './http/head-no-body.js';
import httpHeaderNamesCaseInsensitive from './http/header-names-case-insensitive.js';
import httpLastModifiedWithEtag from './http/last-modified-with-etag.js';
import httpMethodNotAllowed405 from './http/method-not-allowed-405.js';
import httpNo204OnGet from './http/no-204-on-get.js';
import httpNoXHeaders from './http/no-x-headers.js';
import httpNotAcceptable406 from './http/not-acceptable-406.js';
import httpStatusMatrix from './http/status-matrix.js';
import httpUnknownUri404 from './http/unknown-uri-404.js';
import httpUnsupportedMediaType415 from './http/unsupported-media-type-415.js';
import i18nAcceptLanguageBe from './i18n/accept-language-be.js';
import i18nContentLanguage from './i18n/content-language.js';
import i18nLangFilter from './i18n/lang-filter.js';
import i18nLocalizedText from './i18n/localized-text.js';
import i18nQValues from './i18n/q-values.js';
import i18nUnsupportedLanguageDefault from './i18n/unsupported-language-default.js';
import idAbsent404 from './id/absent-404.js';
import idIssueInPath from './id/issue-in-path.js';
import idLeadingZeros from './id/leading-zeros.js';
import idMalformed400 from './id/malformed-400.js';
import inputDeclaredBody from './input/declared-body.js';
import inputDeclaredParams from './input/declared-params.js';
import inputMalformedJson from './input/malformed-json.js';
import inputUnknownBodyProperty from './input/unknown-body-property.js';
import inputUnknownHeaderAccepted from './input/unknown-header-accepted.js';
import inputUnknownQueryParam from './input/unknown-query-param.js';
import inputWrongType from './input/wrong-type.js';
import jsonMediaType from './json/media-type.js';
import jsonNoNull from './json/no-null.js';
import jsonPropertyNames from './json/property-names.js';
import linkAbsolute from './link/absolute.js';
import linkBaseUrlFormat from './link/base-url-format.js';
import linkDereferenceable from './link/dereferenceable.js';
import linkNoExtensions from './link/no-extensions.js';
import linkNoTrailingSlash from './link/no-trailing-slash.js';
import linkSameOriginItems from './link/same-origin-items.js';
import pagingCursor from './paging/cursor.js';
import pagingDefaultPageSize from './paging/default-page-size.js';
import pagingFullWalk from './paging/full-walk.js';
import pagingGuideParams from './paging/guide-params.js';
import pagingInvalidParams from './paging/invalid-params.js';
import pagingLinksConsistent from './paging/links-consistent.js';
import pagingNextLink from './paging/next-link.js';
import pagingPageOneBased from './paging/page-one-based.js';
import pagingPageSizeHonoured from './paging/page-size-honoured.js';
import patchAbsentKept from './patch/absent-kept.js';
import patchJsonPatch415 from './patch/json-patch-415.js';
import patchMediaTypes from './patch/media-types.js';
import patchNestedMerge from './patch/nested-merge.js';
import patchNullRemoves from './patch/null-removes.js';
import patchOverwrite from './patch/overwrite.js';
import patchResponse from './patch/response.js';
import patchStaleIfMatch from './patch/stale-if-match.js';
import problemInstanceAbsolute from './problem/instance-absolute.js';
import problemMediaType from './problem/media-type.js';
import problemMembers from './problem/members.js';
import problemNoLeaks from './problem/no-leaks.js';
import problemStatusMatches from './problem/status-matches.js';
import problemTypeUri from './problem/type-uri.js';
import problemTypeUrn from './problem/type-urn.js';
import putAbsentOptionalDefault from './put/absent-optional-default.js';
import putReplaces from './put/replaces.js';
import putStaleIfMatch from './put/stale-if-match.js';
import selectExclude from './select/exclude.js';
import selectInclude from './select/include.js';
import selectMalformed400 from './select/malformed-400.js';
import selectNested from './select/nested.js';
import selectSelfReflectsQuery from './select/self-reflects-query.js';
import sortAscending from './sort/ascending.js';
import sortDescending from './sort/descending.js';
import sortGuideParam from './sort/guide-param.js';
import sortMultipleKeys from './sort/multiple-keys.js';
import sortUnknownProperty400 from './sort/unknown-property-400.js';
import taskAccepted202 from './task/accepted-202.js';
import taskDone303 from './task/done-303.js';
import taskFailed200 from './task/failed-200.js';
import taskPollAfter from './task/poll-after.js';
import taskProcessing200 from './task/processing-200.js';
import traceHeaderPresent from './trace/header-present.js';
import traceMatchesInstance from './trace/matches-instance.js';
import traceNotEchoed from './trace/not-echoed.js';
import traceUnique from './trace/unique.js';

export const CHECKS: readonly AnyCheck[] = [
  authExpiredToken,
  authInvalidToken,
  authMissingScope,
  authNoToken,
  authOpenResources,
  collectionEmptyResult,
  collectionIsObject,
  collectionItemHref,
  collectionItemKey,
  collectionItemsArray,
  collectionRepeatedParam,
  collectionSelfLink,
  controllerGetSafe,
  controllerMethodNotAllowed,
  controllerStatus,
  createCreated201,
  createDuplicate409,
  createLocationAbsolute,
  deleteAbsent404,
  deleteCollectionFiltered,
  deleteThen404,
  docApiVersion,
  docOpenapiJson,
  docOpenapiYaml,
  docResponsesMatchOpenapi,
  embedEmbeddedMap,
  embedSubresources,
  filterEquality,
  filterFullTextQ,
  filterParamsAnd,
  filterRepeatedOr,
  healthHealthStatus,
  httpCaching,
  httpContentTypeOnBody,
  httpHeadNoBody,
  httpHeaderNamesCaseInsensitive,
  httpLastModifiedWithEtag,
  httpMethodNotAllowed405,
  httpNo204OnGet,
  httpNoXHeaders,
  httpNotAcceptable406,
  httpStatusMatrix,
  httpUnknownUri404,
  httpUnsupportedMediaType415,
  i18nAcceptLanguageBe,
  i18nContentLanguage,
  i18nLangFilter,
  i18nLocalizedText,
  i18nQValues,
  i18nUnsupportedLanguageDefault,
  idAbsent404,
  idIssueInPath,
  idLeadingZeros,
  idMalformed400,
  inputDeclaredBody,
  inputDeclaredParams,
  inputMalformedJson,
  inputUnknownBodyProperty,
  inputUnknownHeaderAccepted,
  inputUnknownQueryParam,
  inputWrongType,
  jsonMediaType,
  jsonNoNull,
  jsonPropertyNames,
  linkAbsolute,
  linkBaseUrlFormat,
  linkDereferenceable,
  linkNoExtensions,
  linkNoTrailingSlash,
  linkSameOriginItems,
  pagingCursor,
  pagingDefaultPageSize,
  pagingFullWalk,
  pagingGuideParams,
  pagingInvalidParams,
  pagingLinksConsistent,
  pagingNextLink,
  pagingPageOneBased,
  pagingPageSizeHonoured,
  patchAbsentKept,
  patchJsonPatch415,
  patchMediaTypes,
  patchNestedMerge,
  patchNullRemoves,
  patchOverwrite,
  patchResponse,
  patchStaleIfMatch,
  problemInstanceAbsolute,
  problemMediaType,
  problemMembers,
  problemNoLeaks,
  problemStatusMatches,
  problemTypeUri,
  problemTypeUrn,
  putAbsentOptionalDefault,
  putReplaces,
  putStaleIfMatch,
  selectExclude,
  selectInclude,
  selectMalformed400,
  selectNested,
  selectSelfReflectsQuery,
  sortAscending,
  sortDescending,
  sortGuideParam,
  sortMultipleKeys,
  sortUnknownProperty400,
  taskAccepted202,
  taskDone303,
  taskFailed200,
  taskPollAfter,
  taskProcessing200,
  traceHeaderPresent,
  traceMatchesInstance,
  traceNotEchoed,
  traceUnique,
];
