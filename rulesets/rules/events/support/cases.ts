// The case documents the async-* rules share: AsynchronousMessageBase as the guide's context attribute
// table describes it, and messages extending it.
import { withSchemas } from '../../documents.js';
export { O, P, v31 } from '../../documents.js';

export type Json = Record<string, unknown>;

export const BASE_REF = { $ref: '#/components/schemas/AsynchronousMessageBase' };
/** AsynchronousMessageBase as the guide's context attribute table describes it. */
export const ASYNC_BASE: Json = {
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
export const REPLY_BASE: Json = {
  allOf: [
    BASE_REF,
    {
      type: 'object',
      required: ['relatedto', 'relatedtosource'],
      properties: { relatedto: { type: 'string' }, relatedtosource: { type: 'string' } },
    },
  ],
};
export const message = (extra: Json = {}): Json => ({
  allOf: [BASE_REF],
  type: 'object',
  properties: { data: { $ref: '#/components/schemas/Meeting' } },
  required: ['data'],
  ...extra,
});
export const MEETING: Json = { type: 'object', properties: { title: { type: 'string' } } };
export const withMessages = (schemas: Json, extra: Json = {}) =>
  withSchemas({ AsynchronousMessageBase: ASYNC_BASE, Meeting: MEETING, ...schemas }, extra);
export const GOOD_EXAMPLE = {
  specversion: '1.0',
  id: 'a1',
  service: 'be.example.meeting.v1',
  type: 'be.example.meeting.v1.meetings.notify.canceled',
  source: 'urn:x',
};

export const CANCELED = 'be.example.meeting.v1.meetings.notify.canceled';
/** A message whose type property admits these values. */
export const typedMessage = (...types: string[]): Json =>
  message({ properties: { data: { type: 'object' }, type: { type: 'string', enum: types } } });
/** A message whose type is this const (OpenAPI 3.1). */
export const constTypedMessage = (type: string): Json =>
  message({ properties: { data: { type: 'object' }, type: { const: type } } });
/** A oneOf of these message schemas, told apart by type values mapped to schema names. */
export const messageUnion = (members: string[], mapping: Record<string, string>): Json => ({
  oneOf: members.map((name) => ({ $ref: `#/components/schemas/${name}` })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(Object.entries(mapping).map(([type, name]) => [type, `#/components/schemas/${name}`])),
  },
});
