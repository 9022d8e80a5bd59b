// A reference server whose tasks never leave `processing` (each poll says so, with a fresh short pollAfter).
import { isObject } from '../../../../src/core/util/json.js';
import { BUILT_IN_PROFILE, type Profile } from '../../../../src/core/profile/profile.js';
import { reference, type ServerFactory } from '../../../helpers/check-harness.js';

export function stuckTasks(pollAfterMs = 50): ServerFactory {
  return reference({
    taskDelayMs: 50,
    mutate: (req, res) => {
      if (req.method !== 'GET' || !/^\/images\/tasks\/[^/?]+$/.test(req.path) || !isObject(res.json)) return;
      res.status = 200;
      delete res.headers['location'];
      res.json['status'] = { state: 'processing', pollAfter: new Date(Date.now() + pollAfterMs).toISOString() };
    },
  });
}

/** The built-in profile with its task changed (e.g. a maxWait, or no declared output). */
export function withTask(change: Partial<NonNullable<Profile['tasks']>[number]>): Profile {
  return { ...BUILT_IN_PROFILE, tasks: (BUILT_IN_PROFILE.tasks ?? []).map((task) => ({ ...task, ...change })) };
}
