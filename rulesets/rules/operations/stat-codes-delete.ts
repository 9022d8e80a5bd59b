// stat-codes-delete: DELETE answers none of the status codes the guide's matrix marks `-` for it.
import { defineRule, type RuleCase } from '../define.js';
import { statusCases, statusCodeRule } from './support/status-codes.js';

export const rule = defineRule(statusCodeRule('delete', [201, 202, 304, 413]));

export const cases = (): RuleCase[] => statusCases('delete', 413, 204);
