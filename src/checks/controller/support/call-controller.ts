// Calling a controller as its profile describes it.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import type { ControllerTarget } from '../../../core/profile/target.js';
import { withQuery } from '../../../core/profile/target.js';

/** The controller's path with its query, relative to the base URL. */
export const controllerPath = (controller: ControllerTarget): string =>
  withQuery(controller.path, controller.query ?? {});

/** One call with the profile's method, query and body; a POST controller needs --allow-writes. */
export function callController(ctx: CheckContext<string>, controller: ControllerTarget): Promise<Exchange> {
  if (controller.method === 'POST' && !ctx.allowWrites)
    return ctx.skip(`POST ${controller.path} has side effects: needs --allow-writes`);
  return ctx.request({
    method: controller.method,
    url: controllerPath(controller),
    ...(controller.body !== undefined ? { json: controller.body } : {}),
  });
}
