// stat-codes-head: HEAD answers none of the status codes the guide's matrix marks `-` for it.
import { defineRule, type RuleCase } from '../define.js';
import { statusCases, statusCodeRule } from './support/status-codes.js';

export const rule = defineRule(statusCodeRule('head', [201, 202, 409, 412, 413]));

export const cases = (): RuleCase[] => statusCases('head', 409, 204);
