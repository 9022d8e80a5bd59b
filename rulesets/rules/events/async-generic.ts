// async-generic: CloudEvents bodies are Asynchronous Messages (batches: arrays of them); nothing outside the messages is required.
import { allMediaTypes, declaredProperties, effectiveType, inventory, requiredNames } from '../../support/inventory.js';
import { bareMediaType, isObject } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS, type Finding } from '../../functions/define.js';
import { defineRule, type RuleCase } from '../define.js';
import { ok, op, problem } from '../documents.js';
import { BASE, isMessage, CLOUDEVENT, CLOUDEVENT_BATCH, holdsMessages } from './support/messages.js';
import { type Json, O, P, message, v31, withMessages } from './support/cases.js';

/**
 * async-generic: bodies of CloudEvents media types are messages (a batch: an array of them); a body
 * carrying messages requires nothing besides them (no functional data outside the message).
 */
const genericMessageBodies = defineRuleFunction<null>(NO_OPTIONS, (root) => {
  const out: Finding[] = [];
  for (const { mediaType, media, at } of allMediaTypes(root)) {
    const bare = bareMediaType(mediaType);
    const schema = media.schema;
    // At the media type, not its schema: a $ref'd schema would move the finding to the component.
    if (!isObject(schema) || typeof schema.$ref === 'string') continue;
    if (bare === CLOUDEVENT && !isMessage(schema)) {
      out.push(
        finding(
          `A ${CLOUDEVENT} body should be an Asynchronous Message (AsynchronousMessage, or a schema extending ${BASE})`,
          at,
        ),
      );
    } else if (bare === CLOUDEVENT_BATCH && !(effectiveType(schema) === 'array' && isMessage(schema.items))) {
      out.push(finding(`A ${CLOUDEVENT_BATCH} body should be an array of Asynchronous Messages`, at));
    }
  }
  for (const visit of inventory(root).schemas) {
    if (isMessage(visit.schema) || effectiveType(visit.schema) !== 'object') continue;
    const properties = declaredProperties(visit.schema);
    const carriers = [...properties].filter(([, s]) => holdsMessages(s)).map(([n]) => n);
    if (carriers.length === 0) continue;
    const extra = [...requiredNames(visit.schema)].filter((n) => !carriers.includes(n) && properties.has(n));
    if (extra.length > 0)
      out.push(
        finding(
          `Data outside the asynchronous messages must not be required for their processing: ${extra.join(', ')}`,
          [...visit.at, 'required'],
        ),
      );
  }
  return out;
});

export const rule = defineRule({
  code: 'async-generic',
  severity: 'warn',
  description:
    'CloudEvents bodies are Asynchronous Messages (batches: arrays of them); nothing outside the messages is required',
  then: genericMessageBodies,
});

/** A POST taking `schema` as one CloudEvent. */
const post = (schema: Json): Json => op({ requestBody: { required: true, content: { [CLOUDEVENT]: { schema } } } });
/** A GET answering `schema` as a CloudEvents batch. */
const getBatch = (schema: Json, extra: Json = {}): Json =>
  op({ ...extra, responses: { '200': ok(schema, CLOUDEVENT_BATCH), default: problem() } });
const MEETING_CANCELED = { $ref: '#/components/schemas/MeetingCanceled' };

export const cases = (): RuleCase[] => [
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
          properties: { customerId: { type: 'string' }, messages: { type: 'array', items: MEETING_CANCELED } },
        },
      },
      {
        paths: {
          '/messages': {
            post: post({ type: 'object', title: 'Anything', properties: { title: { type: 'string' } } }),
            get: getBatch(MEETING_CANCELED, { operationId: 'get' }),
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
            messages: { type: 'array', items: MEETING_CANCELED },
          },
        },
      },
      {
        paths: {
          '/messages': {
            post: post({ oneOf: [MEETING_CANCELED, { $ref: '#/components/schemas/MeetingInvited' }] }),
            get: getBatch({ type: 'array', items: MEETING_CANCELED }, { operationId: 'get' }),
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
        { paths: { '/messages': { get: getBatch({ type: ['array', 'null'], items: MEETING_CANCELED }) } } },
      ),
    ),
  },
];
