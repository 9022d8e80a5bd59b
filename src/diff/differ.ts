// What a comparison collects: raw findings with the old and new node they concern.
import type { DiffCode } from './kinds.js';
import type { JsonPath } from './sources.js';
import type { Side, Node } from './nodes.js';

interface Location { source: string; path: JsonPath }
export interface RawFinding { code: DiffCode; message: string; old: Location; new: Location }

export type Direction = 'request' | 'response';

export class Differ {
  readonly findings: RawFinding[] = [];
  /** Schema pairs already compared (per direction): the cycle guard, and one finding per schema. */
  readonly compared = new Set<string>();
  /** Old nodes reached from an operation: components not reached are compared on their own. */
  readonly reached = new Set<string>();

  constructor(readonly old: Side, readonly new_: Side) {}

  private readonly said = new Set<string>();

  /** True the first time a key is seen: a schema's deprecation is one finding, whichever way it is read. */
  once(key: string): boolean {
    if (this.said.has(key)) return false;
    this.said.add(key);
    return true;
  }

  add(code: DiffCode, message: string, oldNode: Node, newNode: Node): void {
    this.findings.push({ code, message, old: { source: oldNode.source, path: oldNode.path }, new: { source: newNode.source, path: newNode.path } });
  }
}
