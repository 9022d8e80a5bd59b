import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/reference-server/index.js';
import { API, BELGIF, expectProblem, freshServer } from './helpers/api.js';

let server: ReferenceServer;
let call: Awaited<ReturnType<typeof freshServer>>['call'];
beforeAll(async () => ({ server, call } = await freshServer()));
afterAll(() => server.close());

describe('controllers', () => {
  it('withdraw: 200 with the new balance, 409 on insufficient funds, 400 on zero', async () => {
    const res = await call('POST', '/accounts/1/withdraw', { body: { amount: '25.50' } });
    expect(res.body).toEqual({ accountId: 1, balance: '974.50', currency: 'EUR' });
    expectProblem(
      await call('POST', '/accounts/2/withdraw', { body: { amount: '50.01' } }),
      409,
      `${API}insufficientFunds`,
    );
    expectProblem(await call('POST', '/accounts/2/withdraw', { body: { amount: '0' } }), 400, `${BELGIF}badRequest`);
    expectProblem(await call('POST', '/accounts/2/withdraw', { body: { amount: 5 } }), 400, `${BELGIF}badRequest`);
    expectProblem(
      await call('POST', '/accounts/9/withdraw', { body: { amount: '1' } }),
      404,
      `${BELGIF}resourceNotFound`,
    );
  });
  it('convertMoney: converts without side effects; 400 on missing or unknown currency', async () => {
    const res = await call('GET', '/convertMoney?from=EUR&amount=100&to=USD');
    expect(res.body).toMatchObject({ from: 'EUR', to: 'USD', amount: '100', convertedAmount: '108.00', rate: '1.08' });
    const missing = expectProblem(await call('GET', '/convertMoney?from=EUR&amount=100'), 400, `${BELGIF}badRequest`);
    expect(missing.issues[0]).toMatchObject({ in: 'query', name: 'to' });
    const unknown = expectProblem(
      await call('GET', '/convertMoney?from=EUR&amount=1&to=XYZ'),
      400,
      `${BELGIF}badRequest`,
    );
    expect(unknown.issues[0]).toMatchObject({ in: 'query', name: 'to', value: 'XYZ' });
  });
  it('archive: 200 for a completed order, 409 invalidState otherwise, 404 when absent', async () => {
    const res = await call('POST', '/orders/1/archive');
    expect(res.body).toMatchObject({ id: 1, state: 'archived' });
    expectProblem(await call('POST', '/orders/2/archive'), 409, `${API}invalidState`);
    expectProblem(await call('POST', '/orders/1/archive'), 409, `${API}invalidState`);
    expectProblem(await call('POST', '/orders/77/archive'), 404, `${BELGIF}resourceNotFound`);
  });
});

describe('reference data and illustrations', () => {
  it('problem types: HTML by default, JSON on request, 406 otherwise, 404 unknown', async () => {
    const html = await call('GET', '/refData/problemTypes/invalidState');
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.text).toContain('urn:problem-type:belgif:registry:invalidState');
    const json = await call('GET', '/refData/problemTypes/invalidState', { headers: { Accept: 'application/json' } });
    expect(json.body).toMatchObject({ type: 'urn:problem-type:belgif:registry:invalidState', status: 409 });
    expectProblem(
      await call('GET', '/refData/problemTypes/invalidState', { headers: { Accept: 'application/xml' } }),
      406,
      `${API}notAcceptable`,
    );
    expectProblem(await call('GET', '/refData/problemTypes/badRequest'), 404, `${BELGIF}resourceNotFound`);
  });
  it('every API-specific problem type the server emits is documented', async () => {
    for (const type of [
      'methodNotAllowed',
      'notAcceptable',
      'unsupportedMediaType',
      'duplicateKey',
      'invalidState',
      'insufficientFunds',
      'preconditionFailed',
      'unprocessableImage',
    ]) {
      expect((await call('GET', `/refData/problemTypes/${type}`)).status).toBe(200);
    }
  });
  it('payment and delivery methods, with the lang filter', async () => {
    for (const code of ['cash', 'wireTransfer', 'creditCard', 'debitCard']) {
      expect((await call('GET', `/refData/paymentMethods/${code}`)).body.code).toBe(code);
    }
    const fr = await call('GET', '/refData/deliveryMethods/homeDelivery?lang=fr');
    expect(fr.body.description).toEqual({ fr: 'Livraison à domicile' });
    expect(fr.headers.get('content-language')).toBe('fr');
    expect(Object.keys((await call('GET', '/refData/deliveryMethods/homeDelivery')).body.description).sort()).toEqual([
      'de',
      'en',
      'fr',
      'nl',
    ]);
    expectProblem(await call('GET', '/refData/deliveryMethods/homeDelivery?lang=es'), 400, `${BELGIF}badRequest`);
    expectProblem(await call('GET', '/refData/paymentMethods/bitcoin'), 404, `${BELGIF}resourceNotFound`);
  });
  it('store orders, persons and addresses; every href dereferences', async () => {
    const order = await call('GET', '/stores/1/orders/2');
    expect(order.body).toMatchObject({
      id: 2,
      store: { id: 1 },
      paymentMethod: 'cash',
      deliveryMethod: { code: 'storePickup' },
    });
    for (const href of [order.body.customer.href, order.body.store.href, order.body.deliveryMethod.href]) {
      expect((await call('GET', href.slice(server.url.length))).status).toBe(200);
    }
    expectProblem(await call('GET', '/stores/2/orders/2'), 404, `${BELGIF}resourceNotFound`);
    const person = await call('GET', '/persons/00010112345');
    expect(person.body.ssin).toBe('00010112345');
    const address = await call('GET', person.body.address.href.slice(server.url.length));
    expect(address.body.country).toMatchObject({ nisCode: 150, isoCode: 'BE', name: { nl: 'België' } });
    expectProblem(await call('GET', '/persons/123'), 400, `${BELGIF}badRequest`);
    expectProblem(await call('GET', '/persons/99999999999'), 404, `${BELGIF}resourceNotFound`);
    expectProblem(await call('GET', '/addresses/x'), 400, `${BELGIF}badRequest`);
  });
});
