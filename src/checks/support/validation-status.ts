// Some frameworks answer every invalid input with one status from one handler (FastAPI's RequestValidationError:
// 422). That is one cause: input.declared-params (read-only, every declared parameter) reports it once, and the
// other input checks' "answered 422 instead of 400" point at it.
import type { CheckResult } from '../../core/report/types.js';

const STATUS = /answered (\d{3})(?: instead of|, not) 400\b/;
const statusIn = (message: string): string | undefined => STATUS.exec(message)?.[1];

/** Statuses one validation handler gives every bad input; a 404 or 500 comes from code of its own per input. */
const HANDLER_STATUSES = new Set([422]);

export const isHandlerStatus = (status: number): boolean => HANDLER_STATUSES.has(status);

/** A check's not400 (paging's notBadRequest) finding with a handler status follows from input.declared-params' finding with the same status. */
export const VALIDATION_STATUS_ROOT = {
  check: 'input.declared-params',
  when: ['not400'],
  findings: (finding: { messageId: string; message: string }): boolean =>
    (finding.messageId === 'not400' || finding.messageId === 'notBadRequest') &&
    isHandlerStatus(Number(statusIn(finding.message))),
  pairs: (failure: CheckResult, finding: { message: string }): boolean =>
    statusIn(failure.message) !== undefined && statusIn(failure.message) === statusIn(finding.message),
};

/**
 * The same handler status reported by input.declared-body on any resource (restify's 422 for a bad enum): a wrong
 * type answered alike is that one finding, not another (the seventh field pass).
 */
export const VALIDATION_BODY_STATUS_ROOT = {
  ...VALIDATION_STATUS_ROOT,
  check: 'input.declared-body',
  anyResource: true,
};
