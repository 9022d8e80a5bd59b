// stat-codes-options: OPTIONS answers none of the status codes the guide's matrix marks `-` for it.
import { defineRule, type RuleCase } from '../define.js';
import { statusCases, statusCodeRule } from './support/status-codes.js';

export const rule = defineRule(statusCodeRule('options', [201, 204, 304, 405, 409, 412, 413]));

export const cases = (): RuleCase[] => statusCases('options', 405, 200);
