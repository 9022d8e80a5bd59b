import check from '../../../src/checks/patch/absent-kept.js';
import { isObject } from '../../../src/core/util/json.js';
import { ignoresPatchBodies } from './support/ignores-patch.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import { isCreatedEmployer, withDocument, WRITE_PROFILE } from '../create/support/write-profile.js';

/** After a PATCH of a created employer, its name is lost (as a server replacing the whole document would). */
function dropsNameAfterPatch() {
  const patched = new Set<string>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      if (req.method === 'PATCH') patched.add(req.path);
      else if (patched.has(req.path) && isObject(res.json)) delete res.json['name'];
    },
  });
}

/**
 * Created employers carry a member `name` that each PATCH moves on: a modification time (Sails' updatedAt, Rails'
 * updated_at), a version, or any member as `value` makes it from the number of PATCHes so far.
 */
function movesOnPatch(name: string, value: (patches: number) => unknown) {
  const patches = new Map<string, number>();
  return reference({
    mutate: (req, res) => {
      if (!isCreatedEmployer(req.path)) return;
      const path = req.path.split('?')[0] ?? '';
      if (req.method === 'PATCH' && res.status < 300) patches.set(path, (patches.get(path) ?? 0) + 1);
      if (isObject(res.json)) res.json[name] = value(patches.get(path) ?? 0);
    },
  });
}
const later = (patches: number) => new Date(Date.UTC(2026, 0, 1) + patches * 1000).toISOString();

testCheck(check, {
  valid: [
    { name: 'reference server', server: reference(), profile: WRITE_PROFILE },
    // json-server: merge-patch+json ignored, application/json applied; the behaviour is judged on the type it applies.
    {
      name: 'merge patch ignored, application/json applied',
      server: ignoresPatchBodies(['application/merge-patch+json']),
      profile: WRITE_PROFILE,
    },
    // Sails 1.5: `updatedAt` (autoUpdatedAt) moves on every write; the patch did not name it, the server owns it.
    { name: 'updatedAt moved forward', server: movesOnPatch('updatedAt', later), profile: WRITE_PROFILE },
    { name: 'updated_at moved forward', server: movesOnPatch('updated_at', later), profile: WRITE_PROFILE },
    {
      name: 'epoch milliseconds moved forward',
      server: movesOnPatch('updatedAt', (n) => 1 + n),
      profile: WRITE_PROFILE,
    },
    { name: 'lock_version counted up', server: movesOnPatch('lock_version', (n) => n), profile: WRITE_PROFILE },
    {
      name: 'a member the document declares read-only changes',
      server: movesOnPatch('auditTrail', (n) => `patched ${n} times`),
      profile: withDocument((document) => ({ ...document, readOnly: [...(document.readOnly ?? []), 'auditTrail'] })),
    },
  ],
  invalid: [
    {
      name: 'a server answering 200 that ignores every patch body',
      server: ignoresPatchBodies(),
      profile: WRITE_PROFILE,
      findings: ['ignored'],
    },
    {
      name: 'a property absent from the patch is dropped',
      server: dropsNameAfterPatch(),
      profile: WRITE_PROFILE,
      findings: ['notKept'],
    },
    // Named like a modification member but not a time: the patch must keep it.
    {
      name: 'updatedBy changes though the patch did not name it',
      server: movesOnPatch('updatedBy', (n) => `user ${n}`),
      profile: WRITE_PROFILE,
      findings: ['notKept'],
    },
    {
      name: 'updatedAt set back in time',
      server: movesOnPatch('updatedAt', (n) => later(-n)),
      profile: WRITE_PROFILE,
      findings: ['notKept'],
    },
    {
      name: 'a member not declared read-only changes',
      server: movesOnPatch('auditTrail', (n) => `patched ${n} times`),
      profile: WRITE_PROFILE,
      findings: ['notKept'],
    },
  ],
});
