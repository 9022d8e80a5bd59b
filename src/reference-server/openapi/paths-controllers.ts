import { EXCHANGE_RATES } from '../store/seed-other.js';
import {
  documentResponses,
  idParam,
  jsonBody,
  jsonResponse,
  operation,
  problemResponse,
  schemaRef,
  type Json,
} from './fragments.js';

// An enum would state the list, but ISO 4217 codes are upper case, which [cod-design] refuses for codes.
const SUPPORTED = `an ISO 4217 code, one of ${Object.keys(EXCHANGE_RATES).join(', ')} (others: 400, issue invalidInput)`;

export const controllerPaths: Record<string, Json> = {
  '/accounts/{accountId}/withdraw': {
    parameters: [idParam('accountId', 99999999, 'Account number')],
    post: operation('Accounts', 'withdraw', 'Withdraw money from an account', {
      requestBody: jsonBody('Withdrawal', { amount: '25.00' }),
      responses: {
        200: jsonResponse('The account with its new balance', 'Account'),
        400: problemResponse(
          'Bad body (schemaViolation, unknownInput), or an amount of 0 (issue invalidInput on body amount: it must be above 0)',
        ),
        404: problemResponse('No such account'),
        409: problemResponse(
          'The balance does not cover the amount (urn:problem-type:belgif:registry:insufficientFunds)',
        ),
      },
    }),
  },
  '/convertMoney': {
    get: operation('Money', 'convertMoney', 'Convert an amount between currencies (no side effects)', {
      parameters: [
        {
          name: 'from',
          in: 'query',
          required: true,
          description: `Source currency: ${SUPPORTED}`,
          schema: schemaRef('CurrencyCode'),
        },
        {
          name: 'to',
          in: 'query',
          required: true,
          description: `Target currency: ${SUPPORTED}`,
          schema: schemaRef('CurrencyCode'),
        },
        {
          name: 'amount',
          in: 'query',
          required: true,
          description: 'Amount in the source currency',
          schema: schemaRef('MoneyAmount'),
        },
      ],
      responses: {
        200: jsonResponse('The converted amount', 'MoneyConversion'),
        400: problemResponse(
          'Missing or malformed parameter (schemaViolation, unknownInput); an ISO 4217 code this API does not convert, or a converted amount of 100 000 000 000 or more (issue invalidInput)',
        ),
      },
    }),
  },
  '/orders/{orderId}/archive': {
    parameters: [idParam('orderId', 999999, 'Order number')],
    post: operation('Orders', 'archiveOrder', 'Archive a completed order', {
      responses: documentResponses('The archived order', 'Order', 'Malformed orderId', 'No such order', {
        409: problemResponse('The order is not completed (urn:problem-type:belgif:registry:invalidState)'),
      }),
    }),
  },
};
