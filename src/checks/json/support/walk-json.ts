// Visits every property of a JSON value with its path; map-like objects (keys are data, not names) are marked.
import type { CheckContext } from '../../../core/engine/define-check.js';
import type { Exchange } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';
import { sampleResponses } from '../../support/sample-responses.js';
import { judgeableTraffic } from '../../support/traffic.js';

/** The sample responses and the run's other representations that have a JSON body; skips when none has. */
export async function jsonAnswers(ctx: CheckContext<string>): Promise<Exchange[]> {
  const exchanges = (await judgeableTraffic(ctx, await sampleResponses(ctx), { representations: true })).filter(
    (e) => e.response.json !== undefined,
  );
  if (exchanges.length === 0) ctx.skip('no response had a JSON body');
  return exchanges;
}

interface VisitedProperty {
  /** JSON path with array indices and map keys as `[*]`, so one name repeated over items is one finding: `$.items[*].employer_name`. */
  path: string;
  name: string;
  value: unknown;
  /** True when the key is data of a map (an `embedded` href, a language code, a URL), not a property name. */
  mapKey: boolean;
}

const URL_KEY = /^[a-z][a-z0-9+.-]*:\S+$/i;
// Localized strings are objects keyed by language code (`nl`, `fr`, `nl-BE`) holding strings.
const LANGUAGE_KEY = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
// An object keyed by HTTP methods (a framework's OPTIONS answer: `actions: { POST: {...} }`) names methods, not members.
const METHOD_KEY = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/;

function isMap(parentName: string | undefined, object: Record<string, unknown>): boolean {
  const entries = Object.entries(object);
  if (entries.length === 0) return false;
  // The guide's `embedded` object maps hrefs to representations.
  if (parentName === 'embedded') return true;
  if (entries.every(([key]) => URL_KEY.test(key))) return true;
  if (entries.every(([key]) => METHOD_KEY.test(key))) return true;
  return entries.every(([key, value]) => LANGUAGE_KEY.test(key) && typeof value === 'string');
}

/** Depth-first, bounded by the value itself (parsed JSON has no cycles). */
export function walkJson(
  value: unknown,
  visit: (property: VisitedProperty) => void,
  path = '$',
  parentName?: string,
): void {
  if (Array.isArray(value)) {
    for (const item of value) walkJson(item, visit, `${path}[*]`, parentName);
    return;
  }
  if (!isObject(value)) return;
  const mapKey = isMap(parentName, value);
  for (const [name, child] of Object.entries(value)) {
    const childPath = mapKey ? `${path}[*]` : `${path}.${name}`;
    visit({ path: childPath, name, value: child, mapKey });
    // Inside a map the values are representations again; their names are judged as usual.
    walkJson(child, visit, childPath, mapKey ? undefined : name);
  }
}
