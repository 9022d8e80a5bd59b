import { defineRule, type RuleCase } from '../define.js';
import { O, op, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { asArray, entries, isObject, type JsonPath } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** sec-req: security requirements name declared schemes, and oauth2 scopes declared in a flow of that scheme. */
const securityRequirements = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const schemes =
    isObject(root.components) && isObject(root.components.securitySchemes) ? root.components.securitySchemes : {};
  const check = (requirements: unknown, at: JsonPath) => {
    asArray(requirements).forEach((requirement, i) => {
      for (const [name, scopes] of entries(requirement)) {
        const scheme = schemes[name];
        if (!isObject(scheme)) {
          out.push(
            finding(`Security scheme "${name}" is not declared in components.securitySchemes`, [...at, i, name]),
          );
          continue;
        }
        if (scheme.type !== 'oauth2') continue;
        const declared = new Set(
          entries(scheme.flows).flatMap(([, flow]) =>
            Object.keys(isObject(flow) && isObject(flow.scopes) ? flow.scopes : {}),
          ),
        );
        const unknown = asArray(scopes).filter((s) => typeof s !== 'string' || !declared.has(s));
        if (unknown.length > 0)
          out.push(finding(`Scopes not defined in security scheme "${name}": ${unknown.join(', ')}`, [...at, i, name]));
      }
    });
  };
  check(root.security, ['security']);
  for (const op of operationsOf(root)) check(op.operation.security, [...op.at, 'security']);
  return out;
});

export const rule = defineRule({
  code: 'sec-req',
  severity: 'error',
  description: 'Security requirements name declared schemes and scopes declared in their oauth2 flows',
  then: securityRequirements,
});

export const cases = (): RuleCase[] => [
  {
    name: 'undeclared scheme; undeclared scope',
    errors: [{ path: ['security', 0, 'other'] }, { path: O('/a', 'get', 'security', 0, 'oauth') }],
    document: withPath(
      '/a',
      { get: op({ security: [{ oauth: ['read', 'admin'] }] }) },
      {
        security: [{ other: [] }],
        components: {
          securitySchemes: {
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { read: 'Read' } } },
            },
          },
        },
      },
    ),
  },
  {
    name: 'declared scopes',
    errors: [],
    document: withPath(
      '/a',
      { get: op({ security: [{ oauth: ['read'] }] }) },
      {
        components: {
          securitySchemes: {
            oauth: {
              type: 'oauth2',
              flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: { read: 'Read' } } },
            },
          },
        },
      },
    ),
  },
];
