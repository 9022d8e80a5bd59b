import { intId, link, schemaRef, type Json } from './fragments.js';

/** A place known by its NIS code (Statbel), with another code (required or not) and a localized name. */
const nisPlace = (
  title: string,
  [minimum, maximum]: [number, number],
  [code, pattern]: [string, string],
  codeRequired: boolean,
): Json => ({
  type: 'object',
  title,
  properties: {
    nisCode: { type: 'integer', format: 'int32', minimum, maximum },
    [code]: { type: 'string', pattern },
    name: schemaRef('LocalizedText'),
  },
  required: codeRequired ? ['nisCode', code, 'name'] : ['nisCode', 'name'],
});

/** Tasks, controllers, reference data, stores, orders, persons and addresses. */
export const otherSchemas: Record<string, Json> = {
  ImageTaskInput: {
    type: 'object',
    description:
      'An image to render. Schema-valid input that cannot be processed (name `corrupt`, or width × height above 25 000 000) makes the task end `failed`.',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      width: { type: 'integer', format: 'int32', minimum: 1, maximum: 100000 },
      height: { type: 'integer', format: 'int32', minimum: 1, maximum: 100000 },
    },
    required: ['name', 'width', 'height'],
    additionalProperties: false,
    example: { name: 'logo', width: 640, height: 480 },
  },
  ImageTask: {
    type: 'object',
    properties: { self: link('This task'), status: schemaRef('TaskStatus') },
    required: ['self', 'status'],
  },
  TaskStatus: {
    type: 'object',
    properties: {
      state: { type: 'string', enum: ['processing', 'done', 'failed'] },
      pollAfter: { type: 'string', format: 'date-time', description: 'While processing: when to poll again (UTC)' },
      completed: { type: 'string', format: 'date-time', description: 'When the task ended (UTC)' },
      problem: schemaRef('Problem'),
    },
    required: ['state'],
  },
  Image: {
    type: 'object',
    properties: {
      self: link('This image'),
      imageId: intId(2147483647),
      name: { type: 'string' },
      width: { type: 'integer', format: 'int32' },
      height: { type: 'integer', format: 'int32' },
    },
    required: ['imageId', 'name', 'width', 'height'],
  },
  Withdrawal: {
    type: 'object',
    description:
      'The amount to withdraw, in the currency of the account; it must be above 0 (0.00 gives 400, issue invalidInput)',
    properties: { amount: schemaRef('MoneyAmount') },
    required: ['amount'],
    additionalProperties: false,
    example: { amount: '25.00' },
  },
  Account: {
    type: 'object',
    properties: { accountId: intId(99999999), balance: schemaRef('MoneyAmount'), currency: schemaRef('CurrencyCode') },
    required: ['accountId', 'balance', 'currency'],
  },
  Notification: {
    type: 'object',
    properties: { message: { type: 'string', minLength: 1, maxLength: 1000 } },
    required: ['message'],
    additionalProperties: false,
    example: { message: 'Your declaration is due next week' },
  },
  NotificationReceipt: {
    type: 'object',
    properties: {
      employer: {
        type: 'object',
        title: 'NotifiedEmployer',
        properties: { employerId: schemaRef('EmployerId'), href: link('The employer') },
        required: ['employerId', 'href'],
      },
      message: { type: 'string' },
      sentAt: { type: 'string', format: 'date-time' },
    },
    required: ['employer', 'message', 'sentAt'],
  },
  MoneyConversion: {
    type: 'object',
    properties: {
      self: link('This conversion; reflects the query'),
      from: schemaRef('CurrencyCode'),
      to: schemaRef('CurrencyCode'),
      amount: schemaRef('MoneyAmount'),
      convertedAmount: schemaRef('MoneyAmount'),
      rate: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' },
    },
    required: ['from', 'to', 'amount', 'convertedAmount', 'rate'],
  },
  Order: {
    type: 'object',
    properties: {
      self: link('This order'),
      id: intId(999999),
      customer: {
        type: 'object',
        title: 'OrderCustomer',
        properties: { ssin: schemaRef('Ssin'), href: link('The person') },
        required: ['ssin', 'href'],
      },
      store: schemaRef('Reference'),
      paymentMethod: schemaRef('PaymentMethodCode'),
      deliveryMethod: {
        type: 'object',
        title: 'DeliveryMethodReference',
        properties: { code: { type: 'string' }, href: link('The delivery method') },
        required: ['code', 'href'],
      },
      state: { type: 'string', enum: ['open', 'completed', 'archived'] },
    },
    required: ['id', 'customer', 'store', 'paymentMethod', 'deliveryMethod', 'state'],
  },
  PaymentMethodCode: { type: 'string', enum: ['cash', 'wireTransfer', 'creditCard', 'debitCard'] },
  Store: {
    type: 'object',
    properties: { self: link('This store'), id: intId(999999), name: { type: 'string' } },
    required: ['id', 'name'],
  },
  CodeDescription: {
    type: 'object',
    description: 'An entry of a code list',
    properties: { self: link('This code'), code: { type: 'string' }, description: schemaRef('LocalizedText') },
    required: ['code', 'description'],
  },
  ProblemTypeDescription: {
    type: 'object',
    properties: {
      self: link('This description'),
      type: { type: 'string', format: 'uri' },
      title: { type: 'string' },
      status: { type: 'integer', format: 'int32', minimum: 400, maximum: 599 },
      description: { type: 'string' },
    },
    required: ['type', 'title', 'status', 'description'],
  },
  Person: {
    type: 'object',
    properties: {
      self: link('This person'),
      ssin: schemaRef('Ssin'),
      givenName: { type: 'string' },
      familyName: { type: 'string' },
      address: schemaRef('Reference'),
    },
    required: ['ssin', 'givenName', 'familyName'],
  },
  Address: {
    type: 'object',
    properties: {
      self: link('This address'),
      id: intId(999999),
      street: { type: 'string' },
      houseNumber: { type: 'string' },
      municipality: nisPlace('Municipality', [10000, 99999], ['postalCode', '^[0-9]{4}$'], false),
      country: nisPlace('Country', [100, 999], ['isoCode', '^[A-Z]{2}$'], true),
    },
    required: ['id', 'municipality', 'country'],
  },
};
