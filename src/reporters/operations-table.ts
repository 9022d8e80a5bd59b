// Coverage per operation as rows: shared by the stylish and HTML reports (JSON carries coverage.operations as is).
import type { Coverage } from '../core/report/types.js';

export interface OperationRow {
  operation: string;
  statuses: string;
  unseen: string;
}

/** One row per operation of the document: `GET /employers`, `200×40 404×2 (undocumented: 418×1)`, `406, default`. */
export function operationRows(coverage: Coverage | undefined): OperationRow[] {
  return (coverage?.operations ?? []).map((operation) => {
    const documented = operation.statuses.filter((s) => s.response !== undefined).map((s) => `${s.status}×${s.count}`);
    const undocumented = operation.statuses
      .filter((s) => s.response === undefined)
      .map((s) => `${s.status}×${s.count}`);
    const statuses =
      operation.exchanges === 0
        ? `never exercised${operation.why ? `: ${operation.why}` : ''}`
        : [...documented, ...(undocumented.length > 0 ? [`(undocumented: ${undocumented.join(' ')})`] : [])].join(' ');
    return {
      operation: `${operation.method} ${operation.path}`,
      statuses,
      unseen: operation.exchanges === 0 ? '' : operation.unseen.join(', '),
    };
  });
}

/** `12 of 40 operations exercised; 3 requests matched no operation (GET /x, …)`; undefined without operations. */
export function operationsLine(coverage: Coverage | undefined): string | undefined {
  const operations = coverage?.operations;
  if (!operations) return undefined;
  const exercised = operations.filter((o) => o.exchanges > 0).length;
  const never = operations.reduce((n, o) => n + (o.exchanges > 0 ? o.unseen.length : 0), 0);
  const undocumented = coverage?.undocumented;
  return (
    `${exercised} of ${operations.length} operations exercised, ${never} declared response${never === 1 ? '' : 's'} of those never seen` +
    (undocumented
      ? `; ${undocumented.count} request${undocumented.count === 1 ? '' : 's'} matched no operation (${undocumented.examples.join(', ')})`
      : '')
  );
}
