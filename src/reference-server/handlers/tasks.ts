import { randomUUID } from 'node:crypto';
import type { Reply, RequestContext, RouteDef } from '../context.js';
import { notFound, problemBody, ProblemError } from '../problems.js';
import type { ImageTaskInput, TaskRecord } from '../store/store.js';

/** Above this many pixels a schema-valid image task ends `failed`, as does the name `corrupt`. */
const MAX_IMAGE_PIXELS = 25_000_000;

const taskHref = (ctx: RequestContext, id: number) => `${ctx.base}/images/tasks/${id}`;
const imageHref = (ctx: RequestContext, id: number) => `${ctx.base}/images/${id}`;
const iso = (ms: number) => new Date(ms).toISOString();

function submitImageTask(ctx: RequestContext): Reply {
  const body = ctx.body as Record<string, unknown>;
  const input: ImageTaskInput = {
    name: body.name as string,
    width: body.width as number,
    height: body.height as number,
  };
  const dueAt = Date.now() + ctx.taskDelayMs;
  // Completion is at dueAt; the task then stays readable for the store's TTL.
  const task: TaskRecord = { id: ctx.store.taskId(), input, dueAt, expiresAt: dueAt + ctx.store.taskTtlMs };
  ctx.store.tasks.set(task.id, task);
  return {
    status: 202,
    body: { self: taskHref(ctx, task.id), status: { state: 'processing', pollAfter: iso(task.dueAt) } },
    headers: { Location: taskHref(ctx, task.id) },
  };
}

/** Ends a task once its delay has passed: an image for good input, a problem for unprocessable input. */
function settle(ctx: RequestContext, task: TaskRecord): NonNullable<TaskRecord['outcome']> {
  if (task.outcome) return task.outcome;
  const { input } = task;
  if (input.name === 'corrupt' || input.width * input.height > MAX_IMAGE_PIXELS) {
    task.outcome = { completedAt: task.dueAt, problemId: randomUUID() };
  } else {
    const imageId = ctx.store.imageId();
    ctx.store.images.set(imageId, { imageId, ...input, expiresAt: Date.now() + ctx.store.taskTtlMs });
    task.outcome = { completedAt: task.dueAt, imageId };
  }
  return task.outcome;
}

function getImageTask(ctx: RequestContext): Reply {
  const task = ctx.store.tasks.get(ctx.params.taskId as number);
  if (!task) throw notFound(ctx.path);
  const self = taskHref(ctx, task.id);
  if (Date.now() < task.dueAt) {
    return { status: 200, body: { self, status: { state: 'processing', pollAfter: iso(task.dueAt) } } };
  }
  const outcome = settle(ctx, task);
  if (outcome.imageId !== undefined) {
    return {
      status: 303,
      body: { self, status: { state: 'done', completed: iso(outcome.completedAt) } },
      headers: { Location: imageHref(ctx, outcome.imageId) },
    };
  }
  const problem = problemBody(
    new ProblemError('unprocessableImage', { name: task.input.name }),
    outcome.problemId ?? randomUUID(),
    ctx.lang,
    ctx.base,
  );
  return { status: 200, body: { self, status: { state: 'failed', completed: iso(outcome.completedAt), problem } } };
}

function getImage(ctx: RequestContext): Reply {
  const image = ctx.store.images.get(ctx.params.imageId as number);
  if (!image) throw notFound(ctx.path);
  const { expiresAt: _kept, ...fields } = image;
  return { status: 200, body: { self: imageHref(ctx, image.imageId), ...fields } };
}

export const taskRoutes: RouteDef[] = [
  { path: '/images/tasks', methods: { POST: submitImageTask } },
  { path: '/images/tasks/{taskId}', methods: { GET: getImageTask } },
  { path: '/images/{imageId}', methods: { GET: getImage } },
];
