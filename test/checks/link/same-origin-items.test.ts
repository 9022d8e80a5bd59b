import check from '../../../src/checks/link/same-origin-items.js';
import { isObject } from '../../../src/core/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';

testCheck(check, {
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [{
    name: 'items linked on another API',
    server: reference({
      mutate: (req, res) => {
        if (!req.path.startsWith('/appendices/employerclasses?') || !isObject(res.json) || !Array.isArray(res.json['items'])) return;
        for (const item of res.json['items']) if (isObject(item)) item['href'] = `https://other.example/codes/${String(item['value'])}`;
      },
    }),
    findings: ['outsideApi'],
  }],
});
