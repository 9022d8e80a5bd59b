// The mock's problems: the guide's standard types where the guide has one (400, 404, 413, 500...), and for
// the statuses it leaves to each API (405, 406, 409, 412, 415...) types of the mock's own, each described at
// the mock's /refData/problemTypes/{problemType}, the resource the guide reserves for that, so every href answers.
import type { Reply, RequestContext, RouteDef } from '../reference-server/context.js';
import { PROBLEM_TYPES, type ProblemTypeName } from '../reference-server/problem-types.js';
import { problemTypeReply } from '../reference-server/handlers/reference-data.js';
import { notFound, referenceNaming, type ProblemNaming } from '../reference-server/problems.js';

/** `<org>:<api>` of the mock's own types: they are the mock's, not the API's, which names its own. */
const MOCK_PREFIX = 'urn:problem-type:restguide:mock:';
const REF_DATA = '/refData/problemTypes/';

/** The kinds the mock answers that the guide does not standardise (the reference server's domain ones left out). */
export const MOCK_PROBLEM_TYPES: readonly ProblemTypeName[] = [
  'methodNotAllowed',
  'notAcceptable',
  'unsupportedMediaType',
  'unsupportedContentEncoding',
  'preconditionFailed',
  'duplicateKey',
  'expectationFailed',
  'requestTimeout',
  'requestHeaderFieldsTooLarge',
  'notImplemented',
  'httpVersionNotSupported',
];

export const mockNaming: ProblemNaming = (kind, apiBaseUrl) =>
  PROBLEM_TYPES[kind].standard
    ? referenceNaming(kind, apiBaseUrl)
    : { type: MOCK_PREFIX + kind, href: `${apiBaseUrl}${REF_DATA}${kind}` };

/**
 * GET /refData/problemTypes/{problemType}: the description of each of the mock's own types, HTML by default
 * and JSON on request; a name of the document's own (where it declares the path) answers as `declared` does.
 */
export function problemTypesRoute<S>(
  path: string,
  declared?: (ctx: RequestContext<S>) => Reply | Promise<Reply>,
): RouteDef<S> {
  return {
    path,
    produces: ['text/html', 'application/json'],
    methods: {
      GET: (ctx) => {
        const name = ctx.path.slice(ctx.path.lastIndexOf('/') + 1) as ProblemTypeName;
        if (!MOCK_PROBLEM_TYPES.includes(name)) {
          if (declared) return declared(ctx);
          throw notFound(ctx.path);
        }
        return problemTypeReply(`${ctx.base}${ctx.path}`, ctx.mediaType, name, MOCK_PREFIX + name);
      },
    },
  };
}

/** The document's own problem type path (`/refData/problemTypes/{x}`), if it declares one. */
export const declaredProblemTypesPath = (paths: Iterable<string>): string | undefined =>
  [...paths].find((p) => /^\/refData\/problemTypes\/\{[^}/]+\}$/.test(p));

export const PROBLEM_TYPES_PATH = `${REF_DATA}{problemType}`;
