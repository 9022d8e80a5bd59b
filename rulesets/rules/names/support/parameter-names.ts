// Data-driven name rules: parameter names and header names checked against patterns given as
// function options, so uri-notat, path-param, id-name, sens-dat, hdr-case and cst-header are
// plain data in their rule files.
import { allParameters, allResponseHeaders, operationsOf, parametersOf } from '../../../support/inventory.js';
import { type JsonPath } from '../../../support/json.js';
import { defineRuleFunction, finding, type Finding, type OptionsSchema } from '../../../functions/define.js';

interface NameOptions {
  /** Parameter locations this applies to. */
  in: string[];
  /** The name must match this pattern ... */
  match?: string;
  /** ... and must not match this one. */
  notMatch?: string;
  /** Regex flags for both patterns. */
  flags?: string;
  /** Names exempt from the rule, exactly. */
  exempt?: string[];
  /** Names starting with one of these are exempt. */
  exemptPrefixes?: string[];
  /** Only parameters an operation of the document sends (not unused reusable definitions). */
  usedOnly?: boolean;
  /** `{{name}}` is replaced by the offending name. */
  message: string;
}

const NAME_OPTIONS: OptionsSchema = {
  type: 'object',
  properties: {
    in: {
      type: 'array',
      items: { type: 'string', enum: ['path', 'query', 'header', 'cookie', 'response-header'] },
      minItems: 1,
    },
    match: { type: 'string' },
    notMatch: { type: 'string' },
    flags: { type: 'string', pattern: '^[imsu]*$' },
    exempt: { type: 'array', items: { type: 'string' } },
    exemptPrefixes: { type: 'array', items: { type: 'string' } },
    usedOnly: { type: 'boolean' },
    message: { type: 'string' },
  },
  required: ['in', 'message'],
  additionalProperties: false,
};

function compile(options: NameOptions): (name: string) => boolean {
  const match = options.match !== undefined ? new RegExp(options.match, options.flags) : undefined;
  const notMatch = options.notMatch !== undefined ? new RegExp(options.notMatch, options.flags) : undefined;
  const exempt = new Set(options.exempt ?? []);
  const prefixes = options.exemptPrefixes ?? [];
  return (name) => {
    if (exempt.has(name) || prefixes.some((p) => name.startsWith(p))) return false;
    return (match !== undefined && !match.test(name)) || (notMatch !== undefined && notMatch.test(name));
  };
}

/** Flags parameters (and, with `response-header`, response headers) whose names break the pattern. */
export const parameterNames = defineRuleFunction<NameOptions>(NAME_OPTIONS, (root, options) => {
  const offends = compile(options);
  const out: Finding[] = [];
  const report = (name: string, at: JsonPath) => {
    if (offends(name)) out.push(finding(options.message.replace(/\{\{name\}\}/g, name), at));
  };
  const seen = new Set<unknown>();
  const parameters = options.usedOnly
    ? operationsOf(root)
        .flatMap((op) => parametersOf(op))
        .filter((p) => !seen.has(p.parameter) && seen.add(p.parameter))
    : allParameters(root);
  for (const { parameter, at } of parameters) {
    if (typeof parameter.name === 'string' && typeof parameter.in === 'string' && options.in.includes(parameter.in))
      report(parameter.name, at);
  }
  if (options.in.includes('response-header')) {
    // A key of components/headers (`api_version`) names the definition, not the header: a response's
    // `headers` map names it where it is used, and that is judged there.
    for (const { name, at } of allResponseHeaders(root))
      if (at[0] !== 'components' || at[1] !== 'headers') report(name, at);
  }
  return out;
});
