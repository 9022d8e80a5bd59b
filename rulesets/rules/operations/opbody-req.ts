import { defineRule, type RuleCase } from '../define.js';
import { O, op, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

/** opbody-req: requestBody.required is set explicitly. */
const requestBodyRequired = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const body = op.operation.requestBody;
    if (isObject(body) && typeof body.required !== 'boolean') {
      out.push(finding('requestBody should state `required` explicitly', [...op.at, 'requestBody']));
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'opbody-req',
  severity: 'error',
  description: 'requestBody.required is set explicitly (rest-guide-validator: reqBodyReq)',
  then: requestBodyRequired,
});

export const cases = (): RuleCase[] => [
  {
    name: 'requestBody without required',
    errors: [{ path: O('/things', 'post', 'requestBody') }],
    document: withPath('/things', {
      post: op({ requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } }),
    }),
  },
  {
    name: 'required stated',
    errors: [],
    document: withPath('/things', {
      post: op({ requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } } }),
    }),
  },
];
