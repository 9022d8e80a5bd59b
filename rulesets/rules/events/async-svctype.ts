// async-svctype: service is <reverse-DNS>.<serviceName>.v<major>; type is <service>.<resourceType>[.<child>].<method>[.<suffix>].
import { type JsonPath } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { defineRule, type RuleCase } from '../define.js';
import { SERVICE, isMessageType, messageComponents, contextValues, typeMappings } from './support/messages.js';
import {
  CANCELED,
  constTypedMessage,
  GOOD_EXAMPLE,
  P,
  message,
  messageUnion,
  typedMessage,
  v31,
  withMessages,
} from './support/cases.js';

/** async-svctype: service is <reverse-DNS>.<serviceName>.v<major>; type is <service>.<resourceType>[.<child>].<method>[.<suffix>]. */
const serviceAndTypeValues = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const checkType = (value: unknown, at: JsonPath) => {
    if (typeof value === 'string' && !isMessageType(value)) {
      out.push(
        finding(
          `Message type "${value}" should be <reverse-DNS>.<serviceName>.v<major>.<resourceType>[.<childResourceType>].<method>[.<suffix>]`,
          at,
        ),
      );
    }
  };
  for (const visit of messageComponents(root)) {
    const { services, types, pairs } = contextValues(visit);
    for (const { value, at } of services) {
      if (typeof value === 'string' && !SERVICE.test(value))
        out.push(finding(`Service "${value}" should be <reverse-DNS>.<serviceName>.v<major>`, at));
    }
    for (const { value, at } of types) checkType(value, at);
    for (const { service, type } of pairs) {
      if (
        typeof type.value === 'string' &&
        isMessageType(type.value) &&
        typeof service === 'string' &&
        SERVICE.test(service) &&
        !type.value.startsWith(`${service}.`)
      ) {
        out.push(finding(`Message type "${type.value}" should start with its service "${service}"`, type.at));
      }
    }
  }
  for (const { key, at } of typeMappings(root)) checkType(key, at);
  return out;
});

export const rule = defineRule({
  code: 'async-svctype',
  severity: 'warn',
  description:
    'service is <reverse-DNS>.<serviceName>.v<major>; type is <service>.<resourceType>[.<child>].<method>[.<suffix>]',
  then: serviceAndTypeValues,
});

export const cases = (): RuleCase[] => [
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
      MeetingInvited: typedMessage('be.example.meeting.v1.invited'),
      MeetingMoved: message({ example: { ...GOOD_EXAMPLE, type: 'be.example.agenda.v1.meetings.notify.moved' } }),
      MeetingMessage: messageUnion(['MeetingCanceled'], { MeetingCanceled: 'MeetingCanceled' }),
    }),
  },
  {
    name: "the guide's forms: events, requests, replies, child resources",
    errors: [],
    document: withMessages({
      MeetingCanceled: message({ example: GOOD_EXAMPLE }),
      MeetingInvited: typedMessage(
        'be.example.meeting.v1.meetings.invitees.notify.invited',
        'be.example.meeting.v1.meetings.create.problemReply',
      ),
      MeetingMessage: messageUnion(['MeetingCanceled'], { [CANCELED]: 'MeetingCanceled' }),
    }),
  },
  {
    name: '3.1: a const type in the wrong form',
    errors: [{ path: P('MeetingCanceled', 'properties', 'type', 'const') }],
    document: v31(
      withMessages({
        MeetingCanceled: constTypedMessage('MeetingCanceled'),
      }),
    ),
  },
];
