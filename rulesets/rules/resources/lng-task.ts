import { defineRule, type RuleCase } from '../define.js';
import { base, O, ok, op, problem } from '../documents.js';
import { operationsOf, responsesOf } from '../../support/inventory.js';
import { isObject, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { isParamSegment, segmentsOf } from '../../functions/resources.js';

const hasHeader = (response: Json, name: string): boolean =>
  Object.keys(isObject(response.headers) ? response.headers : {}).some((h) => h.toLowerCase() === name.toLowerCase());
/** The collections whose POST starts a long-running task (declares 202): their `/{id}` items are tasks. */
function taskCollections(root: Json): Set<string> {
  const out = new Set<string>();
  for (const op of operationsOf(root)) {
    if (op.method === 'post' && responsesOf(op).some((r) => r.code === '202')) out.add(op.path.replace(/\/$/, ''));
  }
  return out;
}
/**
 * lng-task: 202 and 303 declare Location; GET on a task (an item of a collection whose POST answers 202)
 * declares 200 (its status while running, or the outcome of a task without output) or 303 to the result.
 */
const longRunningTasks = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const collections = taskCollections(root);
  for (const op of operationsOf(root)) {
    for (const { code, response, at } of responsesOf(op)) {
      if ((code === '202' || code === '303') && !hasHeader(response, 'Location')) {
        out.push(finding(`A ${code} response must declare the Location header`, at));
      }
    }
    const segments = segmentsOf(op.path);
    const last = segments[segments.length - 1];
    const isTask =
      op.method === 'get' &&
      last !== undefined &&
      isParamSegment(last) &&
      collections.has(`/${segments.slice(0, -1).join('/')}`);
    if (isTask && !responsesOf(op).some((r) => r.code === '200' || r.code === '303')) {
      out.push(
        finding(
          'GET on a task should declare 200 (its status) or 303 (with Location) to its result',
          isObject(op.operation.responses) ? [...op.at, 'responses'] : op.at,
        ),
      );
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'lng-task',
  severity: 'error',
  description: '202 and 303 responses declare Location; GET on a task declares 303',
  then: longRunningTasks,
});

export const cases = (): RuleCase[] => [
  {
    name: '202 without Location; task GET with neither 200 nor 303',
    errors: [
      { path: O('/imageTasks', 'post', 'responses', '202') },
      { path: O('/imageTasks/{taskId}', 'get', 'responses') },
    ],
    document: base({
      paths: {
        '/imageTasks': { post: op({ responses: { '202': { description: 'accepted' } } }) },
        '/imageTasks/{taskId}': {
          get: op({ operationId: 'task', responses: { '404': problem(), default: problem() } }),
        },
      },
    }),
  },
  {
    name: 'Location on 202 and 303',
    errors: [],
    document: base({
      paths: {
        '/images/tasks': {
          post: op({
            responses: { '202': { description: 'accepted', headers: { Location: { schema: { type: 'string' } } } } },
          }),
        },
        '/images/tasks/{taskId}': {
          get: op({
            operationId: 'task',
            responses: {
              '200': ok(),
              '303': { description: 'done', headers: { Location: { schema: { type: 'string' } } } },
            },
          }),
        },
      },
    }),
  },

  {
    name: 'FP: a task without output answers 200 only; a GET under a path named tasks that is no task',
    errors: [],
    document: base({
      paths: {
        '/imports': {
          post: op({
            responses: { '202': { description: 'accepted', headers: { Location: { schema: { type: 'string' } } } } },
          }),
        },
        '/imports/{importId}': { get: op({ operationId: 'importTask' }) },
        '/tasks/{taskId}': { get: op({ operationId: 'task' }) },
      },
    }),
  },
];
