// What the select checks need: one document's full representation and properties picked from it.
import {
  defineCheck,
  type CheckContext,
  type CheckMeta,
  type Dependency,
  type MessageData,
} from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';
import { confirming } from '../../support/confirm.js';
import { holdDocument } from '../../support/document-lock.js';
import { exchangeData } from '../../support/provoke-errors.js';
import type { DocumentTarget } from '../../../core/profile/target.js';

/**
 * A select check that compares a selected answer with the full representation: the guard, the subject read and the
 * confirming re-reads are the same for each, so `run` gets the subject and judges only its own selection.
 */
export function defineSelectCheck<const M extends string>(check: {
  meta: CheckMeta<M>;
  dependsOn?: ReadonlyArray<string | Dependency<NoInfer<M>>>;
  run(ctx: CheckContext<M>, subject: SelectSubject): Promise<void>;
}) {
  return defineCheck({
    meta: check.meta,
    appliesTo: 'document',
    requires: SUPPORTS_SELECT,
    ...(check.dependsOn && { dependsOn: check.dependsOn }),
    // Another client may change or delete the sample between the full and the selected read:
    // a fault counts when a re-read repeats it.
    run: confirming(check.meta.messages, async (ctx, document: DocumentTarget) =>
      check.run(ctx, await readSelectSubject(ctx, document)),
    ),
  });
}

/**
 * The guide's most basic selection, `select=(p)`, refused (Sails' blueprints read `select=p,q`): the other
 * selections in the guide's grammar fail for that one cause, told by select.include.
 */
export const SELECT_REFUSED = { check: 'select.include', when: ['notOk'] };

/** A property name the select grammar can express: `-`, `_`, letters and digits. */
const SELECTABLE = /^[-_A-Za-z0-9]+$/;
const LINKS = new Set(['self', 'href']);

interface SelectSubject {
  /** The document path (relative to the base URL) of the sample. */
  path: string;
  full: Exchange;
  body: Record<string, unknown>;
  /** A top-level string property other than a link, e.g. `name`. */
  stringProperty: string;
  /** A second selectable property (for lists), or the first again when there is none. */
  otherProperty: string;
}

/** The guard of every select check: the profile says the document's GET supports `select`, and names one. */
export const SUPPORTS_SELECT = {
  what: 'document whose GET supports select, with a sample id',
  test: (document: DocumentTarget): boolean => document.select && document.sampleIds.length > 0,
};

/**
 * Reads the full representation of the first sample id, held against the run's writers to it so the reads
 * compared stay of one version; skips when there is nothing to select from.
 */
export async function readSelectSubject(ctx: CheckContext<string>, document: DocumentTarget): Promise<SelectSubject> {
  const id = document.sampleIds[0] as string;
  const path = document.url(id);
  await holdDocument(ctx, path, 'read');
  const full = await ctx.get(path);
  const body = full.response.json;
  if (full.response.status !== 200 || !isObject(body))
    ctx.skip(`GET ${path} answered ${full.response.status} without a JSON object`);
  const names = Object.keys(body).filter((name) => SELECTABLE.test(name) && !LINKS.has(name));
  const stringProperty = names.find((name) => typeof body[name] === 'string');
  if (stringProperty === undefined) ctx.skip(`${path} has no top-level string property to select`);
  const otherProperty = names.find((name) => name !== stringProperty) ?? stringProperty;
  return { path, full, body, stringProperty, otherProperty };
}

/** An object property with at least two selectable members (so selecting one can be told apart), and one of them. */
export function pickNested(body: Record<string, unknown>): { name: string; sub: string } | undefined {
  for (const [name, value] of Object.entries(body)) {
    if (!SELECTABLE.test(name) || !isObject(value)) continue;
    const subs = Object.keys(value).filter((key) => SELECTABLE.test(key));
    const sub = subs.find((key) => !LINKS.has(key)) ?? subs[0];
    if (subs.length >= 2 && sub !== undefined) return { name, sub };
  }
  return undefined;
}

/** The document path with `?select=` and the value, keeping the grammar's characters readable. */
export const selectPath = (path: string, value: string): string =>
  `${path}?select=${value.replace(/[^-_A-Za-z0-9(),!.~]/g, (c) => encodeURIComponent(c))}`;

/**
 * Of the properties a selected answer left out (names within the member `inside`, or top-level), those the document
 * also has when read again after it: one another client removed or added between the reads is no fault of `select`.
 * Reads again only when there is something to confirm.
 */
export async function stillPresent(
  ctx: CheckContext<string>,
  subject: SelectSubject,
  missing: string[],
  inside?: string,
): Promise<{ names: string[]; after: Exchange[] }> {
  if (missing.length === 0) return { names: [], after: [] };
  const after = await ctx.get(subject.path);
  const body = after.response.json;
  const scope = isObject(body) && inside !== undefined ? body[inside] : body;
  const names = isObject(scope) && after.response.status === 200 ? missing.filter((name) => name in scope) : [];
  return { names, after: [after] };
}

/** The top-level properties of `full` that `body` also has, besides the allowed ones. */
export const extraProperties = (
  full: Record<string, unknown>,
  body: Record<string, unknown>,
  allowed: string[],
): string[] => Object.keys(full).filter((name) => !allowed.includes(name) && name in body);

/**
 * GETs the subject with `?select=value`. Its answer and message data (the request's, plus `extra`) when it is 200
 * with a JSON object; otherwise reports `notOk` and gives undefined.
 */
export async function readSelected(
  ctx: CheckContext<'notOk'>,
  subject: SelectSubject,
  value: string,
  extra: MessageData = {},
): Promise<{ selected: Exchange; data: MessageData; body: Record<string, unknown> } | undefined> {
  const selected = await ctx.get(selectPath(subject.path, value));
  const data = { ...exchangeData(selected), ...extra };
  const body = selected.response.json;
  if (!ctx.expect(selected.response.status === 200 && isObject(body), 'notOk', data, selected) || !isObject(body))
    return undefined;
  return { selected, data, body };
}
