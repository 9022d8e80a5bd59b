import type { Reply, RequestContext, RouteDef } from '../context.js';
import { notFound } from '../problems.js';
import { ENTITY_CACHING } from '../caching.js';
import { orderRepresentation, storeHref } from './order-representation.js';

function getStore(ctx: RequestContext): Reply {
  const store = ctx.store.stores.get(ctx.params.storeId as number);
  if (!store) throw notFound(ctx.path);
  return {
    status: 200,
    body: { self: storeHref(ctx.base, store.id), id: store.id, name: store.name },
    headers: ENTITY_CACHING,
  };
}

function getStoreOrder(ctx: RequestContext): Reply {
  const order = ctx.store.orders.get(ctx.params.orderId as number);
  if (!order || order.storeId !== ctx.params.storeId) throw notFound(ctx.path);
  return { status: 200, body: orderRepresentation(ctx.base, order) };
}

function getPerson(ctx: RequestContext): Reply {
  const person = ctx.store.persons.get(ctx.params.ssin as string);
  if (!person) throw notFound(ctx.path);
  const body: Record<string, unknown> = {
    self: `${ctx.base}/persons/${person.ssin}`,
    ssin: person.ssin,
    givenName: person.givenName,
    familyName: person.familyName,
  };
  if (person.addressId !== undefined)
    body.address = { id: person.addressId, href: `${ctx.base}/addresses/${person.addressId}` };
  return { status: 200, body, headers: ENTITY_CACHING };
}

function getAddress(ctx: RequestContext): Reply {
  const address = ctx.store.addresses.get(ctx.params.addressId as number);
  if (!address) throw notFound(ctx.path);
  return {
    status: 200,
    body: { self: `${ctx.base}/addresses/${address.id}`, ...structuredClone(address) },
    headers: ENTITY_CACHING,
  };
}

export const registryEntityRoutes: RouteDef[] = [
  { path: '/stores/{storeId}', methods: { GET: getStore } },
  { path: '/stores/{storeId}/orders/{orderId}', methods: { GET: getStoreOrder } },
  { path: '/persons/{ssin}', methods: { GET: getPerson } },
  { path: '/addresses/{addressId}', methods: { GET: getAddress } },
];
