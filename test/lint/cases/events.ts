// Cases for the events chapter (async-*) and the collection/input rules added with them
// (col-embed, req-valid): for each, a document with exactly its findings and one with none.
import type { RuleCase } from '../harness.js';
import { base, ok, op, problem, queryParam, withPath, withSchemas } from '../documents.js';

type Json = Record<string, unknown>;
const P = (...rest: Array<string | number>) => ['components', 'schemas', ...rest];
const O = (path: string, method: string, ...rest: Array<string | number>) => ['paths', path, method, ...rest];
const v31 = (document: Json): Json => ({ ...document, openapi: '3.1.0' });

const BASE_REF = { $ref: '#/components/schemas/AsynchronousMessageBase' };
/** AsynchronousMessageBase as the guide's context attribute table describes it. */
const ASYNC_BASE: Json = {
  type: 'object',
  required: ['id', 'type', 'service', 'specversion', 'source'],
  properties: {
    specversion: { type: 'string' },
    id: { type: 'string' },
    type: { type: 'string' },
    service: { type: 'string' },
    source: { type: 'string', format: 'uri-reference' },
    time: { type: 'string', format: 'date-time' },
    subject: { type: 'string' },
  },
};
const REPLY_BASE: Json = {
  allOf: [
    BASE_REF,
    {
      type: 'object',
      required: ['relatedto', 'relatedtosource'],
      properties: { relatedto: { type: 'string' }, relatedtosource: { type: 'string' } },
    },
  ],
};
const message = (extra: Json = {}): Json => ({
  allOf: [BASE_REF],
  type: 'object',
  properties: { data: { $ref: '#/components/schemas/Meeting' } },
  required: ['data'],
  ...extra,
});
const MEETING: Json = { type: 'object', properties: { title: { type: 'string' } } };
const withMessages = (schemas: Json, extra: Json = {}) =>
  withSchemas({ AsynchronousMessageBase: ASYNC_BASE, Meeting: MEETING, ...schemas }, extra);
const GOOD_EXAMPLE = {
  specversion: '1.0',
  id: 'a1',
  service: 'be.example.meeting.v1',
  type: 'be.example.meeting.v1.meetings.notify.canceled',
  source: 'urn:x',
};

export const cases: Record<string, RuleCase[]> = {
  'async-cespec': [
    {
      name: 'a CloudEvent not extending AsynchronousMessageBase; data and data_base64 both required',
      errors: [{ path: P('MeetingCanceled') }, { path: P('Upload') }],
      document: withMessages({
        MeetingCanceled: {
          type: 'object',
          required: ['id', 'type', 'source'],
          properties: {
            id: { type: 'string' },
            type: { type: 'string' },
            source: { type: 'string' },
            data: { type: 'object' },
          },
        },
        Upload: message({
          properties: { data: { type: 'object' }, data_base64: { type: 'string' } },
          required: ['data', 'data_base64'],
        }),
      }),
    },
    {
      name: 'messages extending the base (directly or through a reply base); non-messages',
      errors: [],
      document: withMessages({
        MeetingCanceled: message(),
        AsynchronousReplyMessageBase: REPLY_BASE,
        CreateMeetingReply: {
          allOf: [{ $ref: '#/components/schemas/AsynchronousReplyMessageBase' }],
          properties: { data: { type: 'object', title: 'Created' } },
        },
        Employer: { type: 'object', properties: { id: { type: 'string' }, type: { type: 'string' } } },
      }),
    },
    {
      name: '3.1: a CloudEvent with nullable attributes not extending the base',
      errors: [{ path: P('MeetingCanceled') }],
      document: v31(
        withMessages({
          MeetingCanceled: {
            type: 'object',
            properties: {
              specversion: { const: '1.0' },
              id: { type: ['string', 'null'] },
              type: { type: 'string' },
              source: { type: 'string' },
            },
          },
        }),
      ),
    },
  ],
  'async-ctxt': [
    {
      name: 'a camelCase attribute, an object attribute, a reply without relatedto, a message not requiring service',
      errors: [
        { path: P('MeetingCanceled', 'properties', 'traceId'), message: 'lower-case' },
        { path: P('MeetingCanceled', 'properties', 'routing'), message: 'an object' },
        { path: P('CreateMeetingReply'), message: 'relatedto, relatedtosource' },
        { path: P('Loose'), message: 'service' },
      ],
      document: withMessages({
        MeetingCanceled: message({
          properties: { data: { type: 'object' }, traceId: { type: 'string' }, routing: { type: 'object' } },
        }),
        CreateMeetingReply: message(),
        Loose: {
          type: 'object',
          required: ['specversion', 'id', 'type', 'source'],
          properties: {
            specversion: { type: 'string' },
            id: { type: 'string' },
            type: { type: 'string' },
            source: { type: 'string' },
            service: { type: 'string' },
          },
        },
      }),
    },
    {
      name: 'the base, a message with an extension attribute, a reply through the reply base',
      errors: [],
      document: withMessages({
        MeetingCanceled: message({
          properties: { data: { type: 'object' }, traceparent: { type: 'string' }, data_base64: { type: 'string' } },
        }),
        AsynchronousReplyMessageBase: REPLY_BASE,
        CreateMeetingReply: {
          allOf: [{ $ref: '#/components/schemas/AsynchronousReplyMessageBase' }],
          properties: { data: { type: 'object', title: 'Created' } },
        },
      }),
    },
    {
      name: '3.1: a nullable array attribute',
      errors: [{ path: P('MeetingCanceled', 'properties', 'tags'), message: 'an array' }],
      document: v31(
        withMessages({
          MeetingCanceled: message({
            properties: { data: { type: 'object' }, tags: { type: ['array', 'null'], items: { type: 'string' } } },
          }),
        }),
      ),
    },
  ],
  'async-svctype': [
    {
      name: 'a service without version, a type without method, a type of another service, a mapping key',
      errors: [
        { path: P('MeetingCanceled', 'example', 'service') },
        { path: P('MeetingInvited', 'properties', 'type', 'enum', 0) },
        { path: P('MeetingMoved', 'example', 'type'), message: 'should start with its service' },
        { path: P('MeetingMessage', 'discriminator', 'mapping', 'MeetingCanceled') },
      ],
      document: withMessages({
        MeetingCanceled: message({ example: { ...GOOD_EXAMPLE, service: 'be.example.meeting' } }),
        MeetingInvited: message({
          properties: { data: { type: 'object' }, type: { type: 'string', enum: ['be.example.meeting.v1.invited'] } },
        }),
        MeetingMoved: message({ example: { ...GOOD_EXAMPLE, type: 'be.example.agenda.v1.meetings.notify.moved' } }),
        MeetingMessage: {
          oneOf: [{ $ref: '#/components/schemas/MeetingCanceled' }],
          discriminator: { propertyName: 'type', mapping: { MeetingCanceled: '#/components/schemas/MeetingCanceled' } },
        },
      }),
    },
    {
      name: "the guide's forms: events, requests, replies, child resources",
      errors: [],
      document: withMessages({
        MeetingCanceled: message({ example: GOOD_EXAMPLE }),
        MeetingInvited: message({
          properties: {
            data: { type: 'object' },
            type: {
              type: 'string',
              enum: [
                'be.example.meeting.v1.meetings.invitees.notify.invited',
                'be.example.meeting.v1.meetings.create.problemReply',
              ],
            },
          },
        }),
        MeetingMessage: {
          oneOf: [{ $ref: '#/components/schemas/MeetingCanceled' }],
          discriminator: {
            propertyName: 'type',
            mapping: { 'be.example.meeting.v1.meetings.notify.canceled': '#/components/schemas/MeetingCanceled' },
          },
        },
      }),
    },
    {
      name: '3.1: a const type in the wrong form',
      errors: [{ path: P('MeetingCanceled', 'properties', 'type', 'const') }],
      document: v31(
        withMessages({
          MeetingCanceled: message({ properties: { data: { type: 'object' }, type: { const: 'MeetingCanceled' } } }),
        }),
      ),
    },
  ],
  'async-contract': [
    {
      name: 'one type value given to two schemas',
      errors: [
        { path: P('Canceled2') },
        { path: P('Received', 'discriminator', 'mapping', 'be.example.meeting.v1.meetings.notify.canceled') },
      ],
      document: withMessages({
        Canceled1: message({
          properties: {
            data: { type: 'object' },
            type: { type: 'string', enum: ['be.example.meeting.v1.meetings.notify.canceled'] },
          },
        }),
        Canceled2: message({
          properties: {
            data: { type: 'object' },
            type: { type: 'string', enum: ['be.example.meeting.v1.meetings.notify.canceled'] },
          },
        }),
        Received: {
          oneOf: [{ $ref: '#/components/schemas/Canceled1' }],
          discriminator: {
            propertyName: 'type',
            mapping: { 'be.example.meeting.v1.meetings.notify.canceled': '#/components/schemas/Other' },
          },
        },
      }),
    },
    {
      name: 'one schema shared by two types; one type per schema in two discriminators',
      errors: [],
      document: withMessages({
        Canceled: message({
          properties: {
            data: { type: 'object' },
            type: {
              type: 'string',
              enum: ['be.example.meeting.v1.meetings.notify.canceled', 'be.example.meeting.v1.meetings.notify.deleted'],
            },
          },
        }),
        Sent: {
          oneOf: [{ $ref: '#/components/schemas/Canceled' }],
          discriminator: {
            propertyName: 'type',
            mapping: { 'be.example.meeting.v1.meetings.notify.canceled': '#/components/schemas/Canceled' },
          },
        },
        Received: {
          oneOf: [{ $ref: '#/components/schemas/Canceled' }],
          discriminator: {
            propertyName: 'type',
            mapping: { 'be.example.meeting.v1.meetings.notify.canceled': '#/components/schemas/Canceled' },
          },
        },
      }),
    },
    {
      name: '3.1: one const type given to two schemas',
      errors: [{ path: P('B') }],
      document: v31(
        withMessages({
          A: message({
            properties: { data: { type: 'object' }, type: { const: 'be.example.meeting.v1.meetings.notify.canceled' } },
          }),
          B: message({
            properties: { data: { type: 'object' }, type: { const: 'be.example.meeting.v1.meetings.notify.canceled' } },
          }),
        }),
      ),
    },
  ],
  'async-generic': [
    {
      name: 'a cloudevents body that is no message; a batch that is no array; required data next to the messages',
      errors: [
        { path: O('/messages', 'post', 'requestBody', 'content', 'application/cloudevents+json') },
        { path: O('/messages', 'get', 'responses', '200', 'content', 'application/cloudevents-batch+json') },
        { path: P('Envelope', 'required') },
      ],
      document: withMessages(
        {
          MeetingCanceled: message(),
          Envelope: {
            type: 'object',
            required: ['messages', 'customerId'],
            properties: {
              customerId: { type: 'string' },
              messages: { type: 'array', items: { $ref: '#/components/schemas/MeetingCanceled' } },
            },
          },
        },
        {
          paths: {
            '/messages': {
              post: op({
                requestBody: {
                  required: true,
                  content: {
                    'application/cloudevents+json': {
                      schema: { type: 'object', title: 'Anything', properties: { title: { type: 'string' } } },
                    },
                  },
                },
              }),
              get: op({
                operationId: 'get',
                responses: {
                  '200': {
                    description: 'x',
                    content: {
                      'application/cloudevents-batch+json': {
                        schema: { $ref: '#/components/schemas/MeetingCanceled' },
                      },
                    },
                  },
                  default: problem(),
                },
              }),
            },
          },
        },
      ),
    },
    {
      name: 'a message, a oneOf of messages, a batch array, a batch wrapper with optional context',
      errors: [],
      document: withMessages(
        {
          MeetingCanceled: message(),
          MeetingInvited: message(),
          Batch: {
            type: 'object',
            required: ['messages'],
            properties: {
              context: { type: 'object', title: 'BatchContext' },
              messages: { type: 'array', items: { $ref: '#/components/schemas/MeetingCanceled' } },
            },
          },
        },
        {
          paths: {
            '/messages': {
              post: op({
                requestBody: {
                  required: true,
                  content: {
                    'application/cloudevents+json': {
                      schema: {
                        oneOf: [
                          { $ref: '#/components/schemas/MeetingCanceled' },
                          { $ref: '#/components/schemas/MeetingInvited' },
                        ],
                      },
                    },
                  },
                },
              }),
              get: op({
                operationId: 'get',
                responses: {
                  '200': {
                    description: 'x',
                    content: {
                      'application/cloudevents-batch+json': {
                        schema: { type: 'array', items: { $ref: '#/components/schemas/MeetingCanceled' } },
                      },
                    },
                  },
                  default: problem(),
                },
              }),
            },
          },
        },
      ),
    },
    {
      name: '3.1: a nullable batch array of messages',
      errors: [],
      document: v31(
        withMessages(
          { MeetingCanceled: message() },
          {
            paths: {
              '/messages': {
                get: op({
                  responses: {
                    '200': {
                      description: 'x',
                      content: {
                        'application/cloudevents-batch+json': {
                          schema: { type: ['array', 'null'], items: { $ref: '#/components/schemas/MeetingCanceled' } },
                        },
                      },
                    },
                    default: problem(),
                  },
                }),
              },
            },
          },
        ),
      ),
    },
  ],
  'col-embed': [
    {
      name: 'items with their own embedded; ?embed= without a root embedded',
      errors: [
        {
          path: O('/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
          message: 'declare "embedded"',
        },
        {
          path: O('/companies', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
          message: '?embed=',
        },
      ],
      document: base({
        paths: {
          '/employers': {
            get: op({
              responses: {
                '200': ok({
                  title: 'Employers',
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: {
                        type: 'object',
                        title: 'EmployerItem',
                        properties: {
                          href: { type: 'string' },
                          embedded: { type: 'object', additionalProperties: { type: 'object' } },
                        },
                      },
                    },
                  },
                }),
                default: problem(),
              },
            }),
          },
          '/companies': {
            get: op({
              operationId: 'companies',
              parameters: [queryParam('embed', { type: 'string' })],
              responses: {
                '200': ok({
                  title: 'Companies',
                  type: 'object',
                  properties: {
                    items: {
                      type: 'array',
                      items: { type: 'object', title: 'CompanyItem', properties: { href: { type: 'string' } } },
                    },
                  },
                }),
                default: problem(),
              },
            }),
          },
        },
      }),
    },
    {
      name: '?embed=items answered with a root embedded map',
      errors: [],
      document: withPath('/employers', {
        get: op({
          parameters: [queryParam('embed', { type: 'string' })],
          responses: {
            '200': ok({
              title: 'Employers',
              type: 'object',
              properties: {
                items: {
                  type: 'array',
                  items: { type: 'object', title: 'EmployerItem', properties: { href: { type: 'string' } } },
                },
                embedded: { type: 'object', additionalProperties: { type: 'object' } },
              },
            }),
            default: problem(),
          },
        }),
      }),
    },
    {
      name: '3.1: nullable items carrying embedded',
      errors: [{ path: O('/employers', 'get', 'responses', '200', 'content', 'application/json', 'schema') }],
      document: v31(
        withPath('/employers', {
          get: op({
            responses: {
              '200': ok({
                title: 'Employers',
                type: 'object',
                properties: {
                  items: {
                    type: ['array', 'null'],
                    items: {
                      type: 'object',
                      title: 'EmployerItem',
                      properties: { embedded: { type: ['object', 'null'] } },
                    },
                  },
                },
              }),
              default: problem(),
            },
          }),
        }),
      ),
    },
  ],
  'req-valid': [
    {
      name: "a free-form query object (input without 400 or default is prb-defaul's)",
      errors: [{ path: O('/search', 'get', 'parameters', 0) }],
      document: base({
        paths: {
          '/things': { get: op({ parameters: [queryParam('name', { type: 'string' })], responses: { '200': ok() } }) },
          '/search': {
            get: op({
              operationId: 'search',
              parameters: [queryParam('filter', { type: 'object', additionalProperties: { type: 'string' } })],
            }),
          },
        },
      }),
    },
    {
      name: 'input refused by 400 or a default problem; an object query parameter with fixed properties',
      errors: [],
      document: base({
        paths: {
          '/things': {
            get: op({
              parameters: [queryParam('name', { type: 'string' })],
              responses: { '200': ok(), '400': problem() },
            }),
          },
          '/others': {
            post: op({
              operationId: 'others',
              requestBody: {
                required: true,
                content: { 'application/json': { schema: { type: 'object', title: 'Other' } } },
              },
            }),
          },
          '/search': {
            get: op({
              operationId: 'search',
              parameters: [
                queryParam('range', {
                  type: 'object',
                  additionalProperties: false,
                  properties: { from: { type: 'string' } },
                }),
              ],
            }),
          },
        },
      }),
    },
    {
      name: '3.1: a nullable free-form query object',
      errors: [{ path: O('/search', 'get', 'parameters', 0) }],
      document: v31(
        withPath('/search', { get: op({ parameters: [queryParam('filter', { type: ['object', 'null'] })] }) }),
      ),
    },
  ],
};
