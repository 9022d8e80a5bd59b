import { isObject } from '../../core/util/json.js';
import {
  defineSelectCheck,
  extraProperties,
  pickNested,
  readSelected,
  stillPresent,
  SELECT_REFUSED,
} from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  missingObject: '{{method}} {{url}} did not return `{{object}}` as an object.',
  missingSub: '{{method}} {{url}} left out the selected `{{object}}.{{sub}}`.',
  extraSubs: '{{method}} {{url}} returned unselected members of `{{object}}`: {{extra}}.',
  extraProperties: '{{method}} {{url}} returned unselected top-level properties: {{extra}}.',
} as const;

export default defineSelectCheck({
  meta: {
    id: 'select.nested',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=(obj(sub))` returns only `sub` inside the object property `obj`',
    messages: MESSAGES,
  },
  dependsOn: [SELECT_REFUSED],
  run: async (ctx, subject) => {
    const nested = pickNested(subject.body);
    if (!nested) return ctx.skip(`${subject.path} has no object property with two or more members to select inside`);
    const { name, sub } = nested;
    const read = await readSelected(ctx, subject, `(${name}(${sub}))`, { object: name, sub });
    if (!read) return;
    const { selected, data, body } = read;
    const inner = body[name];
    if (!ctx.expect(isObject(inner), 'missingObject', data, selected) || !isObject(inner)) return;
    // An obj.sub the document no longer has is no fault: another client may have removed it meanwhile.
    const { names: lost, after } = await stillPresent(ctx, subject, sub in inner ? [] : [sub], name);
    ctx.expect(lost.length === 0, 'missingSub', data, selected, ...after);
    const fullInner = subject.body[name] as Record<string, unknown>;
    const extraSubs = extraProperties(fullInner, inner, [sub]);
    ctx.expect(extraSubs.length === 0, 'extraSubs', { ...data, extra: extraSubs.join(', ') }, selected, subject.full);
    const extra = extraProperties(subject.body, body, [name, 'self']);
    ctx.expect(extra.length === 0, 'extraProperties', { ...data, extra: extra.join(', ') }, selected, subject.full);
  },
});
