import { confirming } from '../support/confirm.js';
import { defineCheck } from '../../core/engine/define-check.js';
import type { DocumentTarget } from '../../core/profile/target.js';
import { isObject } from '../../core/util/json.js';
import { exchangeData } from '../support/provoke-errors.js';
import {
  extraProperties,
  pickNested,
  readSelectSubject,
  selectPath,
  stillPresent,
  SUPPORTS_SELECT,
} from './support/select-subject.js';

const MESSAGES = {
  notOk: '{{method}} {{url}} answered {{status}} with {{got}}, not 200 with a JSON object.',
  missingObject: '{{method}} {{url}} did not return `{{object}}` as an object.',
  missingSub: '{{method}} {{url}} left out the selected `{{object}}.{{sub}}`.',
  extraSubs: '{{method}} {{url}} returned unselected members of `{{object}}`: {{extra}}.',
  extraProperties: '{{method}} {{url}} returned unselected top-level properties: {{extra}}.',
} as const;

export default defineCheck({
  meta: {
    id: 'select.nested',
    rule: 'res-repres',
    severity: 'warning',
    writes: false,
    title: '`?select=(obj(sub))` returns only `sub` inside the object property `obj`',
    messages: MESSAGES,
  },
  appliesTo: 'document',
  requires: SUPPORTS_SELECT,
  // Another client may change or delete the sample between the full and the selected read:
  // a fault counts when a re-read repeats it.
  run: confirming(MESSAGES, async (ctx, document: DocumentTarget) => {
    const subject = await readSelectSubject(ctx, document);
    const nested = pickNested(subject.body);
    if (!nested) return ctx.skip(`${subject.path} has no object property with two or more members to select inside`);
    const { name, sub } = nested;
    const selected = await ctx.get(selectPath(subject.path, `(${name}(${sub}))`));
    const data = { ...exchangeData(selected), object: name, sub };
    const body = selected.response.json;
    if (!ctx.expect(selected.response.status === 200 && isObject(body), 'notOk', data, selected) || !isObject(body))
      return;
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
  }),
});
