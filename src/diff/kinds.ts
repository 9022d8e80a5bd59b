// The finding kinds of `restguide diff`: stable codes (they are baseline keys and x-ignore-rules
// ids), the guide rule each belongs to, and whether a client written for the old version breaks.
import { guideAnchor, type RuleInfo } from '../core/report/types.js';

interface Kind {
  rule: 'evo-compat' | 'api-version' | 'evo-deprec';
  breaking: boolean;
  description: string;
  warning?: true;
}

export const DIFF_KINDS = {
  'evo-compat-path-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A path of the old version is gone (a moved URL should keep answering with 301)',
  },
  'evo-compat-operation-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'An operation (method on a path) of the old version is gone',
  },
  'evo-compat-response-status-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A documented response status of an operation is gone',
  },
  'evo-compat-response-media-type-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A response media type of an operation is gone',
  },
  'evo-compat-response-header-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A documented response header is gone',
  },
  'evo-compat-response-property-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A response property is gone or renamed: clients relied on it',
  },
  'evo-compat-response-property-type-changed': {
    rule: 'evo-compat',
    breaking: true,
    description: "A response value's type or format changed, or it gained a oneOf/anyOf alternative",
  },
  'evo-compat-response-property-nullable': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A response value may now be null',
  },
  'evo-compat-response-property-optional': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A required response property became optional',
  },
  'evo-compat-response-enum-value-added': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A response enum gained a value and is not marked x-extensible-enum',
  },
  'evo-compat-request-media-type-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request body media type is no longer accepted',
  },
  'evo-compat-request-body-required': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request body was added as required or made required',
  },
  'evo-compat-request-property-required': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request property was added as required or made required',
  },
  'evo-compat-request-enum-value-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request enum lost a value (or a request value became an enum)',
  },
  'evo-compat-request-property-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request property is gone or renamed: clients still send it',
  },
  'evo-compat-request-bound-tightened': {
    rule: 'evo-compat',
    breaking: true,
    description:
      'A request bound was tightened: a max lowered, a min raised, a minimum or maximum made exclusive, uniqueItems added',
  },
  'evo-compat-request-pattern-changed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request pattern or format was added or changed',
  },
  'evo-compat-request-type-changed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request type was narrowed or changed, null or a oneOf/anyOf alternative no longer accepted',
  },
  'evo-compat-request-additional-properties-closed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A request object no longer accepts additional properties',
  },
  'evo-compat-parameter-required': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A parameter or header was added as required or made required',
  },
  'evo-compat-parameter-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A parameter is gone: clients still send it',
  },
  'evo-compat-parameter-moved': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A parameter moved (query, header, path, cookie)',
  },
  'evo-compat-parameter-renamed': { rule: 'evo-compat', breaking: true, description: "A parameter's name changed" },
  'evo-compat-parameter-style-changed': {
    rule: 'evo-compat',
    breaking: true,
    description: "A parameter's style or explode changed",
  },
  'evo-compat-security-added': {
    rule: 'evo-compat',
    breaking: true,
    description: 'An operation needs a new security scheme or scope',
  },
  'evo-compat-component-removed': {
    rule: 'evo-compat',
    breaking: true,
    description: 'A component of the old version is gone (documents referencing it break)',
  },
  'api-version-mismatch': {
    rule: 'api-version',
    breaking: true,
    description: "The new version makes the servers' base URL (/vN) and info.version disagree",
  },
  'evo-compat-unresolved-ref': {
    rule: 'evo-compat',
    breaking: false,
    warning: true,
    description: 'A $ref target could not be read: what it describes was not compared',
  },
  'evo-compat-path-added': { rule: 'evo-compat', breaking: false, description: 'A path was added' },
  'evo-compat-operation-added': { rule: 'evo-compat', breaking: false, description: 'An operation was added' },
  'evo-compat-response-status-added': {
    rule: 'evo-compat',
    breaking: false,
    description: 'A response status was added',
  },
  'evo-compat-response-property-added': {
    rule: 'evo-compat',
    breaking: false,
    description: 'A response property was added (clients ignore unknown fields)',
  },
  'evo-compat-request-property-added': {
    rule: 'evo-compat',
    breaking: false,
    description: 'An optional request property was added',
  },
  'evo-compat-parameter-added': { rule: 'evo-compat', breaking: false, description: 'An optional parameter was added' },
  'evo-compat-request-validation-relaxed': {
    rule: 'evo-compat',
    breaking: false,
    description:
      'Request validation was relaxed (bound, enum, pattern, type, a property, parameter or body no longer required, a media type or oneOf/anyOf alternative more)',
  },
  'evo-compat-response-narrowed': {
    rule: 'evo-compat',
    breaking: false,
    description:
      'A response value was narrowed (an enum value, a type, null or a oneOf/anyOf alternative fewer; a format added; a property now always present): clients still understand it',
  },
  'evo-compat-component-added': { rule: 'evo-compat', breaking: false, description: 'A component was added' },
  'evo-deprec-deprecated': {
    rule: 'evo-deprec',
    breaking: false,
    description:
      'An operation, parameter, schema or component was marked deprecated: true (x-deprecated: true on a security scheme)',
  },
} as const satisfies Record<string, Kind>;

export type DiffCode = keyof typeof DIFF_KINDS;

/** The guide rule of a diff code, for x-ignore-rules (`evo-compat: reason` ignores all its codes). */
export const diffGuideRuleOf = (code: string): string | undefined => (DIFF_KINDS as Record<string, Kind>)[code]?.rule;

/** One row per finding kind for `restguide rules`. */
export function diffRuleInfos(): RuleInfo[] {
  return Object.entries(DIFF_KINDS as Record<string, Kind>)
    .map(([id, kind]) => ({
      kind: 'diff' as const,
      id,
      rule: kind.rule,
      severity: kind.breaking ? ('error' as const) : kind.warning ? ('warning' as const) : ('info' as const),
      writes: false,
      description: kind.description,
      url: guideAnchor(kind.rule),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
