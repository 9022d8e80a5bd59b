import { defineRule, type RuleCase } from '../define.js';
import { O, op, withPath } from '../documents.js';
import { operationsOf } from '../../support/inventory.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';

const CONTROLLER_VERB =
  /^(?:activate|approve|archive|calculate|cancel|check|compute|convert|deactivate|duplicate|execute|export|generate|import|lock|merge|notify|print|process|publish|recalculate|reject|resend|reset|restart|run|search|send|sign|start|stop|submit|transfer|unlock|validate|verify|withdraw)(?:[A-Z][a-zA-Z0-9]*)?$/;
/** ctl-res: a controller (verb-named last segment) is only called with GET or POST. */
const controllerMethods = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const op of operationsOf(root)) {
    const last = op.path
      .split('/')
      .filter((s) => s !== '')
      .pop();
    if (!last || !CONTROLLER_VERB.test(last) || ['get', 'post', 'head', 'options'].includes(op.method)) continue;
    out.push(
      finding(`"${last}" is a controller: use POST (or GET for a safe action), not ${op.method.toUpperCase()}`, op.at),
    );
  }
  return out;
});

export const rule = defineRule({
  code: 'ctl-res',
  severity: 'warn',
  description: 'Controllers (verb-named resources) are called with POST or GET',
  then: controllerMethods,
});

export const cases = (): RuleCase[] => [
  {
    name: 'PUT on a controller',
    errors: [{ path: O('/employers/{employerId}/withdraw', 'put') }],
    document: withPath('/employers/{employerId}/withdraw', { put: op() }),
  },
  {
    name: 'POST on a controller',
    errors: [],
    document: withPath('/employers/{employerId}/withdraw', { post: op() }),
  },
];
