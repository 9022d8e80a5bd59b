import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import { fingerprint } from '../support/fingerprint.js';
import { callController } from './support/call-controller.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Members that legitimately change from call to call: timestamps and occurrence ids. */
function volatileMembers(a: unknown, b: unknown): string[] {
  if (!isObject(a) || !isObject(b)) return [];
  return Object.keys(a).filter(
    (key) =>
      key === 'instance' ||
      (typeof a[key] === 'string' &&
        typeof b[key] === 'string' &&
        DATE_TIME.test(a[key] as string) &&
        DATE_TIME.test(b[key] as string)),
  );
}

export default defineCheck({
  meta: {
    id: 'controller.get-safe',
    rule: 'meth-http',
    severity: 'warning',
    writes: false,
    title: 'A GET controller is safe: called twice, it gives the same answer',
    messages: {
      statusDiffers: '{{method}} {{url}} answered {{status}}, then {{secondStatus}}.',
      bodyDiffers: '{{method}} {{url}} answered a different body on the second call: GET must not change anything.',
    },
  },
  appliesTo: 'controller',
  requires: { what: 'GET controller', test: (controller) => controller.method === 'GET' },
  async run(ctx, controller) {
    // One after the other: a side effect of the first call shows in the second.
    const first: Exchange = await callController(ctx, controller);
    const second: Exchange = await callController(ctx, controller);
    const data = { ...exchangeData(first), secondStatus: second.response.status };
    if (!ctx.expect(first.response.status === second.response.status, 'statusDiffers', data, first, second)) return;
    const a = first.response.json ?? first.response.text;
    const b = second.response.json ?? second.response.text;
    const ignore = ['self', ...volatileMembers(a, b)];
    ctx.expect(fingerprint(a, ignore) === fingerprint(b, ignore), 'bodyDiffers', data, first, second);
  },
});
