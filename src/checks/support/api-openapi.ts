// The OpenAPI document a check reads declarations from: the one given with --openapi, else the API's own.
import type { CheckContext } from '../../core/engine/define-check.js';
import { isObject } from '../../core/util/json.js';
import { PARAMETERS } from '../../core/profile/path-templates.js';
import { fillTemplate, type ApiTarget } from '../../core/profile/target.js';
import { followLocalRefs } from '../../openapi/refs.js';
import { isOpenApi3, parseText } from '../../openapi/text.js';
import { notRecorded } from './not-recorded.js';

type Obj = Record<string, unknown>;

/** The API's own OpenAPI document (JSON, else YAML), or the reason there is none. */
export async function fetchOwnOpenApi(ctx: CheckContext<string>, api: ApiTarget): Promise<Obj | string> {
  const reasons: string[] = [];
  for (const [path, accept] of [
    [api.openapiJson, 'application/json'],
    [api.openapiYaml, 'application/yaml, text/yaml;q=0.9, */*;q=0.1'],
  ] as const) {
    const exchange = await ctx.get(path, { headers: { accept } });
    const { status, truncated, text } = exchange.response;
    // Judging a recording sends nothing: a read it does not hold got no answer at all.
    if (notRecorded(exchange)) {
      reasons.push(`${path} is not in the recording`);
      continue;
    }
    if (status !== 200) {
      reasons.push(`${path} answered ${status}`);
      continue;
    }
    if (truncated) {
      reasons.push(`${path} is larger than the body cap`);
      continue;
    }
    let doc: unknown = exchange.response.json;
    if (doc === undefined) {
      try {
        doc = parseText(text);
      } catch {
        reasons.push(`${path} is neither JSON nor YAML`);
        continue;
      }
    }
    if (isOpenApi3(doc)) return doc;
    reasons.push(`${path} is no OpenAPI 3 document`);
  }
  return `no OpenAPI document (${reasons.join('; ')})`;
}

const fetched = new WeakMap<ApiTarget, Promise<Obj | string>>();

/** The document given with --openapi, else the API's own (read once per run), else the reason there is none. */
export function declaredOpenApi(ctx: CheckContext<string>): Promise<Obj | string> {
  const api = ctx.target.api;
  if (api.contract) return Promise.resolve(api.contract);
  let pending = fetched.get(api);
  if (!pending) {
    // A read that broke (a timeout, the run's deadline) is no answer to keep: the next check reads again.
    pending = fetchOwnOpenApi(ctx, api).catch((error: unknown) => {
      fetched.delete(api);
      throw error;
    });
    fetched.set(api, pending);
  }
  return pending;
}

/** A value with its local `$ref`s followed; undefined for a reference out of the document or a broken chain. */
export const derefIn = (doc: Obj, value: unknown): unknown => followLocalRefs(doc, value).value;

/** The GET operation of a path template, exactly as the document writes it, with its parameters merged (operation wins). */
export function getOperation(doc: Obj, path: string): { operation: Obj; parameters: Obj[] } | undefined {
  const paths = doc['paths'];
  const item = isObject(paths) ? derefIn(doc, paths[path]) : undefined;
  const operation = isObject(item) ? item['get'] : undefined;
  if (!isObject(item) || !isObject(operation)) return undefined;
  const list = (holder: Obj): Obj[] =>
    (Array.isArray(holder['parameters']) ? holder['parameters'] : []).map((p) => derefIn(doc, p)).filter(isObject);
  const byKey = new Map<string, Obj>();
  for (const parameter of [...list(item), ...list(operation)])
    byKey.set(`${String(parameter['in'])} ${String(parameter['name'])}`, parameter);
  return { operation, parameters: [...byKey.values()] };
}

/** The JSON schema of a GET's 200 response, or undefined. */
export function okSchema(doc: Obj, operation: Obj): unknown {
  const responses = operation['responses'];
  const ok = derefIn(doc, isObject(responses) ? responses['200'] : undefined);
  const content = isObject(ok) ? ok['content'] : undefined;
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((type) => /json/i.test(type));
  const media = key === undefined ? undefined : content[key];
  return isObject(media) ? derefIn(doc, media['schema']) : undefined;
}

/** A value for a path parameter: a sample id of the target's document at this path, else the parameter's example or first enum value. */
function valueFor(
  ctx: CheckContext<string>,
  doc: Obj,
  template: string,
  parameters: Obj[],
  name: string,
): string | undefined {
  const sample = ctx.target.documents.find((d) => d.path === template && d.param === name)?.sampleIds[0];
  if (sample !== undefined) return sample;
  const parameter = parameters.find((p) => p['in'] === 'path' && p['name'] === name);
  const schema = derefIn(doc, parameter?.['schema']);
  const example =
    parameter?.['example'] ??
    (isObject(schema)
      ? (schema['example'] ?? (Array.isArray(schema['enum']) ? schema['enum'][0] : undefined))
      : undefined);
  return typeof example === 'string' || typeof example === 'number' ? String(example) : undefined;
}

/** A declared path template filled with values for its parameters, or the parameters no value is known for. */
export function fillDeclaredPath(
  ctx: CheckContext<string>,
  doc: Obj,
  template: string,
  parameters: Obj[],
): string | { missing: string[] } {
  const names = [...template.matchAll(PARAMETERS)].map((match) => match[1] ?? '');
  const values = Object.fromEntries(names.map((name) => [name, valueFor(ctx, doc, template, parameters, name)]));
  const missing = names.filter((name) => values[name] === undefined);
  return missing.length > 0 ? { missing } : fillTemplate(template, values as Record<string, string>);
}
