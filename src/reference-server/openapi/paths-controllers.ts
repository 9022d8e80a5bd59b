import { intId, jsonBody, jsonResponse, operation, pathParam, problemResponse, schemaRef, type Json } from './fragments.js';

export const controllerPaths: Record<string, Json> = {
  '/accounts/{accountId}/withdraw': {
    parameters: [pathParam('accountId', intId(99999999), 'Account number')],
    post: operation('Accounts', 'withdraw', 'Withdraw money from an account', {
      requestBody: jsonBody('Withdrawal', { amount: '25.00' }),
      responses: {
        200: jsonResponse('The account with its new balance', 'Account'),
        400: problemResponse('Bad body (amount must be above 0)'), 404: problemResponse('No such account'),
        409: problemResponse('Insufficient funds (insufficientFunds)'), 413: problemResponse('Body larger than 64 KiB'),
      },
    }),
  },
  '/convertMoney': {
    get: operation('Money', 'convertMoney', 'Convert an amount between currencies (no side effects)', {
      parameters: [
        { name: 'from', in: 'query', required: true, description: 'Source currency', schema: schemaRef('CurrencyCode') },
        { name: 'to', in: 'query', required: true, description: 'Target currency', schema: schemaRef('CurrencyCode') },
        { name: 'amount', in: 'query', required: true, description: 'Amount in the source currency', schema: schemaRef('MoneyAmount') },
      ],
      responses: { 200: jsonResponse('The converted amount', 'MoneyConversion'), 400: problemResponse('Missing parameter or unsupported currency') },
    }),
  },
  '/orders/{orderId}/archive': {
    parameters: [pathParam('orderId', intId(999999), 'Order number')],
    post: operation('Orders', 'archiveOrder', 'Archive a completed order', {
      responses: {
        200: jsonResponse('The archived order', 'Order'),
        400: problemResponse('Malformed orderId'), 404: problemResponse('No such order'),
        409: problemResponse('The order is not completed (invalidState)'),
      },
    }),
  },
};
