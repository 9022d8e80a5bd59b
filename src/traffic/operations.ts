// API coverage per operation: which operations of the document the traffic exercised, with which statuses,
// and which declared responses no answer showed.
import type { Exchange } from '../core/engine/exchange.js';
import { isObject } from '../core/util/json.js';
import type { Coverage, OperationCoverage } from '../core/report/types.js';
import { candidatePaths, matchPathTemplate, selectResponse } from '../checks/doc/support/contract-lookup.js';
import { OpenApiModel } from '../openapi/operations.js';

type Obj = Record<string, unknown>;
const EXAMPLES = 5;
/** Paths already matched, so a long recording matches each distinct path once; bounded, then matched again. */
const MAX_CACHED_PATHS = 10_000;

interface Tally {
  operation: Obj;
  method: string;
  path: string;
  statuses: Map<number, number>;
  exchanges: number;
}

export class OperationTally {
  private readonly operations = new Map<string, Tally>();
  private readonly templates: string[];
  private readonly matched = new Map<string, { inside: boolean; template: string | undefined }>();
  private undocumentedCount = 0;
  private readonly examples = new Set<string>();

  constructor(
    private readonly document: Obj,
    private readonly baseUrl: string,
  ) {
    const paths = isObject(document['paths']) ? document['paths'] : {};
    this.templates = Object.keys(paths);
    for (const { path, method, operation } of OpenApiModel.of(document).operations())
      this.operations.set(`${method.toUpperCase()} ${path}`, {
        operation: operation.value,
        method: method.toUpperCase(),
        path,
        statuses: new Map(),
        exchanges: 0,
      });
  }

  /** Counts an exchange under the base URL against its operation (others are none of the API's). */
  add(exchange: Exchange): void {
    const { request, response } = exchange;
    const path = new URL(request.url).pathname;
    let match = this.matched.get(path);
    if (match === undefined) {
      const candidates = candidatePaths(request.url, this.baseUrl, this.document['servers']);
      match = {
        inside: candidates.length > 0,
        template: candidates.map((c) => matchPathTemplate(this.templates, c)).find((found) => found !== undefined),
      };
      if (this.matched.size >= MAX_CACHED_PATHS) this.matched.clear();
      this.matched.set(path, match);
    }
    if (!match.inside) return;
    const tally = match.template === undefined ? undefined : this.operations.get(`${request.method} ${match.template}`);
    if (!tally) {
      this.undocumentedCount++;
      if (this.examples.size < EXAMPLES) this.examples.add(`${request.method} ${path}`);
      return;
    }
    tally.exchanges++;
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
  }

  /** Every operation of the document, in its order, with what was seen of it. */
  result(whyUnseen?: (method: string, path: string) => string): Pick<Coverage, 'operations' | 'undocumented'> {
    const operations: OperationCoverage[] = [...this.operations.values()].map(
      ({ operation, method, path, statuses, exchanges }) => {
        const responses = isObject(operation['responses']) ? operation['responses'] : {};
        const declared = Object.keys(responses);
        const seen = new Set<string>();
        const rows = [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => {
            const response = selectResponse(responses, status);
            if (response !== undefined) seen.add(response);
            return { status, count, ...(response === undefined ? {} : { response }) };
          });
        return {
          method,
          path,
          ...(typeof operation['operationId'] === 'string' ? { operationId: operation['operationId'] } : {}),
          exchanges,
          statuses: rows,
          declared,
          unseen: declared.filter((key) => !seen.has(key)),
          ...(exchanges === 0 && whyUnseen ? { why: whyUnseen(method, path) } : {}),
        };
      },
    );
    return {
      operations,
      ...(this.undocumentedCount > 0
        ? { undocumented: { count: this.undocumentedCount, examples: [...this.examples] } }
        : {}),
    };
  }
}
