import type { Reply, RequestContext, RouteDef } from '../context.js';
import { selfUrl } from '../links.js';
import { fromCents, toCents } from '../money.js';
import { badRequest, issue, notFound, ProblemError } from '../problems.js';
import { EXCHANGE_RATES } from '../store/seed-other.js';
import { orderRepresentation } from './order-representation.js';

/** POST /accounts/{accountId}/withdraw: 200 with the new balance; 409 insufficientFunds. */
function withdraw(ctx: RequestContext): Reply {
  const account = ctx.store.accounts.get(ctx.params.accountId as number);
  if (!account) throw notFound(ctx.path);
  const amount = (ctx.body as Record<string, unknown>).amount as string;
  const cents = toCents(amount);
  if (cents <= 0) throw badRequest([issue('invalidInput', 'body', 'amount', amount, 'amount must be above 0')]);
  if (cents > account.balanceCents) {
    throw new ProblemError('insufficientFunds', { balance: fromCents(account.balanceCents), amount: fromCents(cents) });
  }
  account.balanceCents -= cents;
  return {
    status: 200,
    body: { accountId: account.accountId, balance: fromCents(account.balanceCents), currency: account.currency },
  };
}

/** GET /convertMoney: a pure computation, no side effects. */
function convertMoney(ctx: RequestContext): Reply {
  const from = ctx.query.from as string;
  const to = ctx.query.to as string;
  const amount = ctx.query.amount as string;
  const unsupported = [
    ['from', from],
    ['to', to],
  ].filter(([, code]) => !EXCHANGE_RATES[code!]);
  if (unsupported.length) {
    throw badRequest(
      unsupported.map(([name, code]) =>
        issue(
          'invalidInput',
          'query',
          name!,
          code,
          `Currency ${code} is not supported; supported: ${Object.keys(EXCHANGE_RATES).join(', ')}`,
        ),
      ),
    );
  }
  const rate = Number(EXCHANGE_RATES[to]) / Number(EXCHANGE_RATES[from]);
  const converted = Math.round(toCents(amount) * rate);
  if (converted >= 100_000_000_000)
    throw badRequest([issue('invalidInput', 'query', 'amount', amount, 'The converted amount is too large')]);
  return {
    status: 200,
    body: {
      self: selfUrl(ctx),
      from,
      to,
      amount,
      convertedAmount: fromCents(converted),
      rate: String(Number(rate.toFixed(6))),
    },
  };
}

/** POST /orders/{orderId}/archive: 200 for a completed order; 409 invalidState otherwise. */
function archiveOrder(ctx: RequestContext): Reply {
  const order = ctx.store.orders.get(ctx.params.orderId as number);
  if (!order) throw notFound(ctx.path);
  if (order.state !== 'completed') throw new ProblemError('invalidState', { orderId: order.id, state: order.state });
  order.state = 'archived';
  return { status: 200, body: orderRepresentation(ctx.base, order) };
}

export const controllerRoutes: RouteDef[] = [
  { path: '/accounts/{accountId}/withdraw', methods: { POST: withdraw } },
  { path: '/convertMoney', methods: { GET: convertMoney } },
  { path: '/orders/{orderId}/archive', methods: { POST: archiveOrder } },
];
