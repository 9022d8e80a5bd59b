// Finding a matching issue in a problem, shared by the input checks.
import type { Exchange } from '../../../core/engine/exchange.js';
import { isObject } from '../../../core/util/json.js';

export const UNKNOWN_INPUT = /[:/]unknownInput$/;
export const SCHEMA_VIOLATION = /[:/]schemaViolation$/;

/** Whether the response's `issues` hold one with a type matching `type`, located `in`, naming `name` when given. */
export function hasIssue(exchange: Exchange, want: { type: RegExp; in: string; name?: string }): boolean {
  const body = exchange.response.json;
  const issues = isObject(body) ? body['issues'] : undefined;
  if (!Array.isArray(issues)) return false;
  return issues.some(
    (issue) =>
      isObject(issue) &&
      typeof issue['type'] === 'string' &&
      want.type.test(issue['type']) &&
      issue['in'] === want.in &&
      (want.name === undefined || issue['name'] === want.name),
  );
}
