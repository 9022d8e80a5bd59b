// What a comparison collects: raw findings with the old and new node they concern.
import { DIFF_KINDS, type DiffCode } from './kinds.js';
import type { JsonPath } from '../openapi/json.js';
import type { Side, Node } from './nodes.js';

interface Location {
  source: string;
  path: JsonPath;
}
/**
 * `cause` names the change a finding reports (`enum-removed`, `property:name`, `maxLength`...), the
 * same whichever direction judged it: a schema judged both ways gives one finding per cause.
 */
export interface RawFinding {
  code: DiffCode;
  message: string;
  old: Location;
  new: Location;
  cause?: string;
}

export type Direction = 'request' | 'response';

export class Differ {
  readonly findings: RawFinding[] = [];
  /** Schema pairs already compared (per direction): the cycle guard, and one finding per schema. */
  readonly compared = new Set<string>();
  /** Old nodes reached from an operation: components not reached are compared on their own. */
  readonly reached = new Set<string>();

  constructor(
    readonly old: Side,
    readonly new_: Side,
  ) {}

  private readonly said = new Set<string>();

  /** True the first time a key is seen: a schema's deprecation is one finding, whichever way it is read. */
  once(key: string): boolean {
    if (this.said.has(key)) return false;
    this.said.add(key);
    return true;
  }

  add(code: DiffCode, message: string, oldNode: Node, newNode: Node, cause?: string): void {
    this.findings.push({
      code,
      message,
      old: { source: oldNode.source, path: oldNode.path },
      new: { source: newNode.source, path: newNode.path },
      ...(cause ? { cause } : {}),
    });
  }

  /** Of the findings since `start` with the same cause at the same place, keep one: the first breaking one, else the first. */
  keepOnePerCause(start: number): void {
    const chosen = new Map<string, RawFinding>();
    const added = this.findings.splice(start);
    added.forEach((f, i) => {
      const key =
        f.cause === undefined
          ? String(i)
          : `${f.cause}\u0000${f.old.source}#${f.old.path.join('/')}\u0000${f.new.source}#${f.new.path.join('/')}`;
      const kept = chosen.get(key);
      if (!kept || (!DIFF_KINDS[kept.code].breaking && DIFF_KINDS[f.code].breaking)) chosen.set(key, f);
    });
    const keep = new Set(chosen.values());
    this.findings.push(...added.filter((f) => keep.has(f)));
  }
}
