// async-cespec: CloudEvents message schemas extend AsynchronousMessageBase; data and data_base64 are not both required.
import { declaredProperties, inventory, requiredNames } from '../../support/inventory.js';
import { inheritsFrom } from '../../functions/schema-properties.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { defineRule, type RuleCase } from '../define.js';
import { BASE } from './support/messages.js';
import { P, REPLY_BASE, message, v31, withMessages } from './support/cases.js';

/** async-cespec: a CloudEvents message schema extends AsynchronousMessageBase; data and data_base64 exclude each other. */
const messagesExtendBase = defineRuleFunction<null>(NO_OPTIONS, (root, _o, context) => {
  const out: Finding[] = [];
  for (const visit of inventory(root).schemas) {
    if (visit.componentName === undefined || visit.componentName === BASE) continue;
    const properties = declaredProperties(visit.schema);
    const cloudEvent =
      properties.has('specversion') ||
      (['id', 'type', 'source'].every((n) => properties.has(n)) &&
        (properties.has('data') || properties.has('data_base64')));
    if (!cloudEvent) continue;
    if (!inheritsFrom(visit.schema, visit.at, BASE, context)) {
      out.push(
        finding(
          `"${visit.componentName}" looks like a CloudEvents message: extend belgif's ${BASE} (allOf) to make it an Asynchronous Message`,
          visit.at,
        ),
      );
    }
    const required = requiredNames(visit.schema);
    if (required.has('data') && required.has('data_base64')) {
      out.push(finding('data and data_base64 are mutually exclusive: do not require both', visit.at));
    }
  }
  return out;
});

export const rule = defineRule({
  code: 'async-cespec',
  severity: 'warn',
  description: 'CloudEvents message schemas extend AsynchronousMessageBase; data and data_base64 are not both required',
  then: messagesExtendBase,
});

export const cases = (): RuleCase[] => [
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
];
