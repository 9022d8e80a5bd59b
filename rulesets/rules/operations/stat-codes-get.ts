// stat-codes-get: GET answers none of the status codes the guide's matrix marks `-` for it.
import { defineRule, type RuleCase } from '../define.js';
import { statusCases, statusCodeRule } from './support/status-codes.js';

export const rule = defineRule(statusCodeRule('get', [201, 202, 204, 409, 412, 413]));

export const cases = (): RuleCase[] => statusCases('get', 204, 200);
