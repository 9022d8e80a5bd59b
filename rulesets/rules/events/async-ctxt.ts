// async-ctxt: Message context attributes are lower-case alphanumeric scalars; specversion, id, type, source, service are required (relatedto, relatedtosource on replies).
import { effectiveType, requiredNames } from '../../support/inventory.js';
import { isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { defineRule, type RuleCase } from '../define.js';
import {
  PAYLOAD,
  REQUIRED_CONTEXT,
  REPLY_CONTEXT,
  ATTRIBUTE_NAME,
  messageComponents,
  ownAttributes,
} from './support/messages.js';
import { P, REPLY_BASE, message, v31, withMessages } from './support/cases.js';

/** async-ctxt: context attributes follow CloudEvents naming and type rules; the required ones are required. */
const contextAttributes = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const visit of messageComponents(root)) {
    for (const { name, schema, at } of ownAttributes(visit)) {
      if (PAYLOAD.has(name)) continue;
      if (!ATTRIBUTE_NAME.test(name))
        out.push(
          finding(
            `Context attribute "${name}" should be lower-case letters and digits only (at most 20): CloudEvents naming`,
            at,
          ),
        );
      const type = isObject(schema) ? effectiveType(schema) : undefined;
      if (type === 'object' || type === 'array')
        out.push(
          finding(
            `Context attribute "${name}" is ${type === 'object' ? 'an object' : 'an array'}: CloudEvents attributes are scalars, put structured data in data`,
            at,
          ),
        );
    }
    const required = requiredNames(visit.schema);
    const wanted = /Reply/.test(visit.componentName ?? '') ? [...REQUIRED_CONTEXT, ...REPLY_CONTEXT] : REQUIRED_CONTEXT;
    const missing = wanted.filter((n) => !required.has(n));
    if (missing.length > 0)
      out.push(
        finding(`Message "${visit.componentName}" must require the context attributes ${missing.join(', ')}`, visit.at),
      );
  }
  return out;
});

export const rule = defineRule({
  code: 'async-ctxt',
  severity: 'error',
  description:
    'Message context attributes are lower-case alphanumeric scalars; specversion, id, type, source, service are required (relatedto, relatedtosource on replies)',
  then: contextAttributes,
});

export const cases = (): RuleCase[] => [
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
];
