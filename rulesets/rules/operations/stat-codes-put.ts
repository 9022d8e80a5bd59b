// stat-codes-put: PUT answers none of the status codes the guide's matrix marks `-` for it.
import { defineRule, type RuleCase } from '../define.js';
import { statusCases, statusCodeRule } from './support/status-codes.js';

export const rule = defineRule(statusCodeRule('put', [202, 304]));

export const cases = (): RuleCase[] => statusCases('put', 202, 204);
