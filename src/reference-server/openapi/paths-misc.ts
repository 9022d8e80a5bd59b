import {
  codeParam,
  documentPath,
  documentResponses,
  idParam,
  jsonResponse,
  operation,
  pathParam,
  problemResponse,
  schemaRef,
  type Json,
} from './fragments.js';

export const miscPaths: Record<string, Json> = {
  '/refData/problemTypes/{problemType}': {
    parameters: [codeParam('problemType', 'Name of an API-specific problem type (last segment of its URN)')],
    get: operation('Reference Data', 'getProblemType', 'Describe an API-specific problem type', {
      responses: {
        200: {
          description: 'The description: HTML by default, JSON with Accept: application/json',
          content: {
            'text/html': { schema: { type: 'string' } },
            'application/json': { schema: schemaRef('ProblemTypeDescription') },
          },
        },
        404: problemResponse('No such problem type'),
        406: problemResponse('Neither text/html nor application/json accepted'),
      },
    }),
  },
  '/refData/paymentMethods/{paymentMethodCode}': documentPath(
    [codeParam('paymentMethodCode', 'Payment method code: cash, wireTransfer, creditCard or debitCard')],
    ['Reference Data', 'getPaymentMethod', 'Get a payment method'],
    ['The payment method', 'CodeDescription', 'Malformed code', 'No such code'],
  ),
  '/refData/deliveryMethods/{deliveryMethodCode}': {
    parameters: [
      {
        ...codeParam('deliveryMethodCode', 'Delivery method code: homeDelivery, pickupPoint or storePickup'),
        example: 'homeDelivery',
      },
    ],
    get: operation('Reference Data', 'getDeliveryMethod', 'Get a delivery method', {
      parameters: [
        {
          name: 'lang',
          in: 'query',
          required: false,
          description: 'Only this language in description',
          schema: { type: 'string', enum: ['nl', 'fr', 'de', 'en'] },
        },
      ],
      responses: documentResponses('The delivery method', 'CodeDescription', 'Malformed code or lang', 'No such code'),
    }),
  },
  '/stores/{storeId}': documentPath(
    [idParam('storeId', 999999, 'Store number')],
    ['Stores', 'getStore', 'Get a store'],
    ['The store', 'Store', 'Malformed storeId', 'No such store'],
  ),
  '/stores/{storeId}/orders/{orderId}': documentPath(
    [idParam('storeId', 999999, 'Store number'), idParam('orderId', 999999, 'Order number')],
    ['Stores', 'getStoreOrder', 'Get an order of a store'],
    ['The order', 'Order', 'Malformed id', 'No such order in this store'],
  ),
  '/persons/{ssin}': documentPath(
    [
      {
        ...pathParam(
          'ssin',
          schemaRef('Ssin'),
          'Social security identification number (11 digits, leading zeros kept)',
        ),
        'x-ignore-rules': {
          'sens-dat': 'The interface specification names GET /persons/{ssin}: the business identifier is the key',
        },
      },
    ],
    ['Persons', 'getPerson', 'Get a person'],
    ['The person', 'Person', 'Malformed ssin', 'No such person'],
  ),
  '/addresses/{addressId}': documentPath(
    [idParam('addressId', 999999, 'Address number')],
    ['Addresses', 'getAddress', 'Get an address'],
    ['The address', 'Address', 'Malformed addressId', 'No such address'],
  ),
  '/health': {
    get: operation('Health', 'getHealth', 'Health of the service', {
      responses: { 200: jsonResponse('UP or DEGRADED', 'HealthStatus'), 503: jsonResponse('DOWN', 'HealthStatus') },
    }),
  },
  '/doc/openapi.json': {
    get: operation('Documentation', 'getOpenApiJson', 'This OpenAPI document in JSON', {
      responses: { 200: jsonResponse('The document', 'OpenApiDocument') },
    }),
  },
  '/doc/openapi.yaml': {
    get: operation('Documentation', 'getOpenApiYaml', 'This OpenAPI document in YAML', {
      responses: {
        200: {
          description: 'The document',
          content: { 'application/yaml': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    }),
  },
};
