import check from '../../../src/checks/task/processing-200.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { WRITE_PROFILE } from '../create/support/write-profile.js';

const pollAnswers = (status: number) =>
  reference({
    mutate: (req, res) => {
      if (req.method === 'GET' && req.path.startsWith('/images/tasks/')) res.status = status;
    },
  });

testCheck(check, {
  valid: [{ name: 'reference server', server: reference(), profile: WRITE_PROFILE }],
  invalid: [
    { name: 'processing answered 202', server: pollAnswers(202), profile: WRITE_PROFILE, findings: ['not200'] },
    { name: 'processing answered 303', server: pollAnswers(303), profile: WRITE_PROFILE, findings: ['not200'] },
  ],
});
