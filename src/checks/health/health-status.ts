import { defineCheck } from '../../core/engine/define-check.js';
import type { Exchange } from '../../core/engine/exchange.js';
import { isObject } from '../../core/util/json.js';

// hlth-res: UP and DEGRADED answer 200, DOWN answers 503.
const STATUS_CODE: Record<string, number> = { UP: 200, DEGRADED: 200, DOWN: 503 };

export default defineCheck({
  meta: {
    id: 'health.health-status',
    rule: 'hlth-res',
    severity: 'warning',
    writes: false,
    title: 'GET /health, open to any client, answers {"status": UP|DEGRADED} with 200 or {"status": DOWN} with 503',
    messages: {
      badStatus: 'GET {{url}} (without credentials) answered {{status}}; a health resource answers 200 or 503.',
      notObject: 'GET {{url}} answered {{status}} with a body that is not a JSON object.',
      badValue: 'GET {{url}} answered a `status` of {{value}}; expected "UP", "DEGRADED" or "DOWN".',
      statusMismatch: 'GET {{url}} answered {{status}} with `status` "{{value}}", which goes with HTTP {{expected}}.',
    },
  },
  appliesTo: 'api',
  async run(ctx, api) {
    // credentials: false — the health resource must be open to any client.
    // A 503 that says DOWN is the health resource's own answer, judged here; a gateway's 503 is retried.
    const isOwnAnswer = (e: Exchange) => isObject(e.response.json) && e.response.json['status'] === 'DOWN';
    const exchange = await ctx.get(api.health, {
      credentials: false,
      headers: { accept: 'application/json' },
      isOwnAnswer,
    });
    const { status, json } = exchange.response;
    const data = { url: exchange.request.url, status };
    if (!ctx.expect(status === 200 || status === 503, 'badStatus', data, exchange)) return;
    if (!ctx.expect(isObject(json), 'notObject', data, exchange) || !isObject(json)) return;
    const value = json['status'];
    const expected = typeof value === 'string' ? STATUS_CODE[value] : undefined;
    if (
      !ctx.expect(expected !== undefined, 'badValue', { ...data, value: JSON.stringify(value) ?? 'absent' }, exchange)
    )
      return;
    ctx.expect(expected === status, 'statusMismatch', { ...data, value: String(value), expected }, exchange);
  },
});
