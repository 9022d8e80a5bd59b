import type { OrderRecord } from '../store/seed-other.js';

export const storeHref = (base: string, storeId: number) => `${base}/stores/${storeId}`;

export function orderRepresentation(base: string, o: OrderRecord): Record<string, unknown> {
  return {
    self: `${base}/stores/${o.storeId}/orders/${o.id}`,
    id: o.id,
    customer: { ssin: o.customerSsin, href: `${base}/persons/${o.customerSsin}` },
    store: { id: o.storeId, href: storeHref(base, o.storeId) },
    paymentMethod: o.paymentMethod,
    deliveryMethod: { code: o.deliveryMethod, href: `${base}/refData/deliveryMethods/${o.deliveryMethod}` },
    state: o.state,
  };
}
