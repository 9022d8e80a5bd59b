import { defineRule, type RuleCase } from '../define.js';
import { O, ok, op, withPath } from '../documents.js';
import { allMediaTypes } from '../../support/inventory.js';
import { bareMediaType, isJsonMediaType, type Json } from '../../support/json.js';
import { defineRuleFunction, finding, NO_OPTIONS } from '../../functions/define.js';

/** cnt-negot: media types in the document carry no charset parameter. */
const mediaTypeWithoutCharset = defineRuleFunction<null>(NO_OPTIONS, (root) =>
  allMediaTypes(root)
    // "For JSON, the media type specified in OpenAPI should not contain a charset parameter"; for XML the
    // guide asks to "specify the charset": only JSON media types are judged (text/json, a legacy alias, too).
    .filter(
      (m) =>
        /;\s*charset=/i.test(m.mediaType) &&
        (isJsonMediaType(m.mediaType) || bareMediaType(m.mediaType) === 'text/json'),
    )
    .map((m) => finding(`Media type "${m.mediaType}" should not declare a charset in the OpenAPI document`, m.at)),
);

export const rule = defineRule({
  code: 'cnt-negot',
  severity: 'warn',
  description: 'JSON media types in the document carry no charset parameter (XML ones may: the guide asks for it)',
  then: mediaTypeWithoutCharset,
});

const text: Json = { type: 'string' };
const O2 = (path: string, ...rest: Array<string | number>) => ['paths', path, 'get', ...rest];

export const cases = (): RuleCase[] => [
  {
    name: 'charset in a media type',
    errors: [{ path: O('/a', 'get', 'responses', '200', 'content', 'application/json;charset=UTF-8') }],
    document: withPath('/a', { get: op({ responses: { '200': ok(undefined, 'application/json;charset=UTF-8') } }) }),
  },
  { name: 'plain media types', errors: [], document: withPath('/a', { get: op() }) },
  // "For JSON, the media type specified in OpenAPI should not contain a charset parameter"; for XML: "Always
  // stick to UTF-8 encoding and specify the charset in the Content-Type HTTP header". Noticed on sample 2.

  {
    name: 'FP: XML and plain text with their charset',
    errors: [],
    document: withPath('/a', {
      get: op({
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/xml;charset=UTF-8': { schema: text },
              'text/plain; charset=utf-8': { schema: text },
            },
          },
        },
      }),
    }),
  },
  {
    name: 'JSON media types with a charset, text/json included',
    errors: [
      { path: O2('/a', 'responses', '200', 'content', 'text/json;charset=UTF-8') },
      { path: O2('/a', 'responses', '400', 'content', 'application/problem+json; charset=utf-8') },
    ],
    document: withPath('/a', {
      get: op({
        responses: {
          '200': { description: 'OK', content: { 'text/json;charset=UTF-8': { schema: { type: 'object' } } } },
          '400': {
            description: 'Bad',
            content: { 'application/problem+json; charset=utf-8': { schema: { type: 'object' } } },
          },
        },
      }),
    }),
  },
];
