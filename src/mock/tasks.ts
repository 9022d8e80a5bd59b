// Long-running operations the guide's way: a POST the document answers with 202 starts a task at the
// task path it declares (`/images/tasks` → `/images/tasks/{taskId}`); polled, the task is processing
// (with pollAfter) until its delay has passed, then done: 303 to its output where the document declares
// one, else 200.
import type { Reply, RequestContext } from '../reference-server/context.js';
import { notFound } from '../reference-server/problems.js';
import { answerOf, type MockState } from './model.js';
import { isObject } from '../openapi/json.js';

type Json = Record<string, unknown>;

/** Tasks kept at most; the oldest go first (a flood of submissions must not grow memory without end). */
const MAX_TASKS = 10_000;

interface Task {
  started: number;
  body: Json;
}

export interface TaskRoutes {
  submit: (ctx: RequestContext<MockState>) => Reply;
  poll: (ctx: RequestContext<MockState>) => Reply;
}

/**
 * The task path of a POST at `path` the document answers with 202: a declared GET at `path/{param}`,
 * and the output path a done task points to (`/images/{imageId}` beside `/images/tasks`), if any.
 */
export function taskPathsOf(paths: Record<string, Json>, path: string): { task: string; output?: string } | undefined {
  const task = Object.keys(paths).find(
    (p) => new RegExp(`^${escape(path)}/\\{[^/}]+\\}$`).test(p) && isObject(paths[p]?.['get']),
  );
  if (!task) return undefined;
  const parent = path.replace(/\/[^/]+$/, '');
  const output = Object.keys(paths).find(
    (p) => p !== task && new RegExp(`^${escape(parent)}/\\{[^/}]+\\}$`).test(p) && isObject(paths[p]?.['get']),
  );
  return { task, ...(output ? { output } : {}) };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function taskRoutes(state: MockState, paths: { task: string; output?: string }, delayMs: number): TaskRoutes {
  const tasks = new Map<string, Task>();
  let next = 1;
  const taskUrl = (ctx: RequestContext<MockState>, id: string) => `${ctx.base}${paths.task.replace(/\{[^}]+\}$/, id)}`;
  const pollOperation = (state.document['paths'] as Record<string, Json>)[paths.task]?.['get'];
  const declaresSeeOther = answerOf(state.document, pollOperation, 303) !== undefined;

  const view = (ctx: RequestContext<MockState>, id: string, task: Task): Json => {
    const done = Date.now() - task.started >= delayMs;
    const status = done
      ? { state: 'done', completed: new Date(task.started + delayMs).toISOString().replace(/\.\d{3}Z$/, 'Z') }
      : { state: 'processing', pollAfter: new Date(task.started + delayMs).toISOString().replace(/\.\d{3}Z$/, 'Z') };
    return { ...task.body, ...('self' in task.body ? { self: taskUrl(ctx, id) } : {}), status };
  };

  return {
    submit(ctx) {
      const id = String(next++);
      const answer = answerOf(state.document, (state.document['paths'] as Record<string, Json>)[ctx.path]?.['post']);
      const made = answer?.schema ? state.maker.make(answer.schema, { fresh: true }) : {};
      tasks.set(id, { started: Date.now(), body: isObject(made) ? made : {} });
      if (tasks.size > MAX_TASKS) tasks.delete(tasks.keys().next().value as string);
      const task = tasks.get(id)!;
      return { status: 202, body: view(ctx, id, task), headers: { Location: taskUrl(ctx, id) } };
    },
    poll(ctx) {
      const id = String(Object.values(ctx.params).at(-1));
      const task = tasks.get(id);
      if (!task) throw notFound(ctx.path);
      const body = view(ctx, id, task);
      const done = (body['status'] as Json)['state'] === 'done';
      if (done && declaresSeeOther && paths.output)
        return { status: 303, body, headers: { Location: `${ctx.base}${paths.output.replace(/\{[^}]+\}$/, id)}` } };
      return { status: 200, body };
    },
  };
}
