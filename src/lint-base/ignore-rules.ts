// x-ignore-rules with the Java validator's semantics: `{ ruleId: reason }` on the exact object a
// finding points at (or the nearest object enclosing that path) suppresses that rule there.
import type { LintFinding } from '../core/report/types.js';
import { isObject, type Json } from '../openapi/json.js';

/** The ids under which `x-ignore-rules` may name a finding's code. */
export function ignoreIdsOf(code: string, guideRuleOf: (code: string) => string | undefined): string[] {
  const ids = [code];
  const guide = guideRuleOf(code);
  if (guide && guide !== code) ids.push(guide);
  if (code === 'opbody-req') ids.push('reqBodyReq'); // the Java validator's spelling
  return ids;
}

/** The object at the first `length` segments of `path` in `data`, or the nearest object above it. */
function nearestObject(data: unknown, path: ReadonlyArray<string | number>, length = path.length): Json | undefined {
  let nearest = isObject(data) ? data : undefined;
  let node: unknown = data;
  for (let i = 0; i < length; i++) {
    const segment = path[i] as string | number;
    if (isObject(node)) node = node[String(segment)];
    else if (Array.isArray(node)) node = node[Number(segment)];
    else break;
    if (isObject(node)) nearest = node;
  }
  return nearest;
}

/**
 * The objects whose `x-ignore-rules` apply: the one the finding points at (or the nearest above);
 * for a finding on a property (`.../properties/<name>`), also the schema declaring it, since a
 * property's name belongs to that schema.
 */
function holders(data: unknown, path: ReadonlyArray<string | number>): Json[] {
  const out: Json[] = [];
  const nearest = nearestObject(data, path);
  if (nearest) out.push(nearest);
  if (path.length >= 2 && path[path.length - 2] === 'properties') {
    const owner = nearestObject(data, path, path.length - 2);
    if (owner && owner !== nearest) out.push(owner);
  }
  return out;
}

/** The reason an `x-ignore-rules` entry gives for ignoring this finding, if any. */
export function ignoredReason(finding: LintFinding, data: unknown, ids: string[]): string | undefined {
  for (const holder of holders(data, finding.path)) {
    const ignore = holder['x-ignore-rules'];
    if (!isObject(ignore)) continue;
    for (const id of ids) {
      if (id in ignore) {
        const reason = ignore[id];
        return typeof reason === 'string' && reason.trim() !== '' ? reason : '(no reason given)';
      }
    }
  }
  return undefined;
}
