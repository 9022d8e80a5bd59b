import { format, type Language } from './i18n.js';
import { ISSUE, ISSUE_TITLES, PROBLEM_TYPES, problemTypeUri, type ProblemTypeName } from './problem-types.js';

type IssueLocation = 'path' | 'query' | 'body' | 'header';
type IssueKind = keyof typeof ISSUE;

export interface Issue {
  type: string;
  title: string;
  detail: string;
  in: IssueLocation;
  name: string;
  value?: unknown;
}

export function issue(kind: IssueKind, location: IssueLocation, name: string, value: unknown, detail: string): Issue {
  const result: Issue = { type: ISSUE[kind], title: ISSUE_TITLES[kind], detail, in: location, name };
  if (value !== undefined) result.value = value;
  return result;
}

/** Thrown by any layer to answer with a problem; the server turns it into application/problem+json. */
export class ProblemError extends Error {
  constructor(
    readonly kind: ProblemTypeName,
    readonly args: Record<string, string | number> = {},
    readonly options: { issues?: Issue[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(kind);
  }
}

export const badRequest = (issues: Issue[]): ProblemError => new ProblemError('badRequest', {}, { issues });
export const notFound = (path: string, issues?: Issue[]): ProblemError =>
  new ProblemError('resourceNotFound', { path }, issues ? { issues } : {});

/** The `type` of a problem kind and the `href` of its documentation (none when nothing documents it). */
export type ProblemNaming = (kind: ProblemTypeName, apiBaseUrl: string) => { type: string; href?: string };

/** The guide's page for a standard type; this API's /refData/problemTypes page for its own. */
export const referenceNaming: ProblemNaming = (kind, apiBaseUrl) => ({
  type: problemTypeUri(kind),
  href: PROBLEM_TYPES[kind].standard
    ? `https://www.belgif.be/specification/rest/api-guide/problems/${kind}.html`
    : `${apiBaseUrl}/refData/problemTypes/${kind}`,
});

/** The problem body of an error occurrence; `instanceId` is the uuid also sent as BelGov-Trace-Id. */
export function problemBody(
  error: ProblemError,
  instanceId: string,
  language: Language,
  apiBaseUrl: string,
  naming: ProblemNaming = referenceNaming,
): Record<string, unknown> {
  const info = PROBLEM_TYPES[error.kind];
  const body: Record<string, unknown> = {
    ...naming(error.kind, apiBaseUrl),
    title: info.title,
    status: info.status,
    detail: format(info.detail[language], error.args),
    instance: `urn:uuid:${instanceId}`,
    ...error.options.extra,
  };
  if (error.options.issues?.length) body.issues = error.options.issues;
  return body;
}
