// async-contract: One schema per message type value.
import { isObject, type JsonPath } from '../../support/json.js';
import { enumerated } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { defineRule, type RuleCase } from '../define.js';
import { messageComponents, ownAttributes, typeMappings, schemaName } from './support/messages.js';
import { CANCELED, constTypedMessage, messageUnion, P, typedMessage, v31, withMessages } from './support/cases.js';

/** async-contract: one schema per message type: a type value is not given to two different schemas. */
const oneSchemaPerType = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  const owner = new Map<string, string>();
  const claim = (type: string, target: string, at: JsonPath) => {
    const first = owner.get(type);
    if (first === undefined) owner.set(type, target);
    else if (first !== target)
      out.push(
        finding(
          `Message type "${type}" is described by two schemas (${first} and ${target}): give each type one schema`,
          at,
        ),
      );
  };
  for (const visit of messageComponents(root)) {
    const typeSchema = ownAttributes(visit).find((a) => a.name === 'type')?.schema;
    const values = isObject(typeSchema) ? enumerated(typeSchema) : undefined;
    const target = `#/components/schemas/${visit.componentName ?? ''}`;
    if (values) values.values.forEach((v) => typeof v === 'string' && claim(v, target, visit.at));
  }
  for (const { key, target, at } of typeMappings(root)) claim(key, schemaName(target), at);
  return out;
});

export const rule = defineRule({
  code: 'async-contract',
  severity: 'warn',
  description: 'One schema per message type value',
  then: oneSchemaPerType,
});

export const cases = (): RuleCase[] => [
  {
    name: 'one type value given to two schemas',
    errors: [{ path: P('Canceled2') }, { path: P('Received', 'discriminator', 'mapping', CANCELED) }],
    document: withMessages({
      Canceled1: typedMessage(CANCELED),
      Canceled2: typedMessage(CANCELED),
      Received: messageUnion(['Canceled1'], { [CANCELED]: 'Other' }),
    }),
  },
  {
    name: 'one schema shared by two types; one type per schema in two discriminators',
    errors: [],
    document: withMessages({
      Canceled: typedMessage(CANCELED, 'be.example.meeting.v1.meetings.notify.deleted'),
      Sent: messageUnion(['Canceled'], { [CANCELED]: 'Canceled' }),
      Received: messageUnion(['Canceled'], { [CANCELED]: 'Canceled' }),
    }),
  },
  {
    name: '3.1: one const type given to two schemas',
    errors: [{ path: P('B') }],
    document: v31(withMessages({ A: constTypedMessage(CANCELED), B: constTypedMessage(CANCELED) })),
  },
];
