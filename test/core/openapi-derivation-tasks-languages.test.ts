// What --openapi derives for the task and i18n checks: a task's output (a documented 303) and the languages listed.
import { describe, expect, it } from 'vitest';
import { deriveProfile } from '../../src/core/profile/openapi-profile.js';
import { checkProfile } from '../../src/core/profile/profile.js';
import { buildOpenApiDocument } from '../../src/reference-server/openapi/document.js';

const ok = { 200: { description: 'ok' } };
const taskApi = (taskGetResponses: object) => ({
  openapi: '3.0.3',
  paths: {
    '/reports/tasks': {
      post: {
        requestBody: { content: { 'application/json': { example: { year: 2024 } } } },
        responses: { 202: { description: 'accepted' } },
      },
    },
    '/reports/tasks/{taskId}': { get: { responses: taskGetResponses } },
  },
});

describe('--openapi derivation of tasks and languages', () => {
  it('a task whose GET documents a 303 has an output; one without has none declared', () => {
    expect(deriveProfile(taskApi({ ...ok, 303: { description: 'done' } })).tasks).toEqual([
      { path: '/reports/tasks', body: { year: 2024 }, output: true },
    ]);
    expect(deriveProfile(taskApi(ok)).tasks).toEqual([{ path: '/reports/tasks', body: { year: 2024 } }]);
  });

  it('collects languages from Content-Language response headers through $refs, not from Accept-Language or lang enums', () => {
    const doc = {
      openapi: '3.0.3',
      components: {
        parameters: { Lang: { name: 'Accept-Language', in: 'header', schema: { type: 'string', enum: ['nl', 'FR'] } } },
      },
      paths: {
        '/a': { get: { parameters: [{ $ref: '#/components/parameters/Lang' }], responses: ok } },
        '/b': {
          get: { parameters: [{ name: 'lang', in: 'query', schema: { enum: ['de', 'not a tag!'] } }], responses: ok },
        },
        '/c': {
          get: {
            responses: { 200: { description: 'ok', headers: { 'Content-Language': { schema: { enum: ['en'] } } } } },
          },
        },
      },
    };
    const profile = deriveProfile(doc);
    // A parameter's enum is what a client may ask, not evidence that the API translates anything.
    expect(profile.languages).toEqual(['en']);
    expect(() => checkProfile(profile, 'derived')).not.toThrow();
  });

  it('a document that lists no language declares none (the i18n checks then guess)', () => {
    expect(deriveProfile(taskApi(ok)).languages).toBeUndefined();
  });

  it('the reference document declares no Content-Language (the i18n checks read its answers) and a task with output', () => {
    const profile = deriveProfile(buildOpenApiDocument());
    expect(profile.languages).toBeUndefined();
    expect(profile.tasks?.map((task) => task.output)).toEqual([true]);
  });
});

describe('--openapi derivation of read-only members', () => {
  it('the reference document marks self and company.href read-only on the employer', () => {
    const profile = deriveProfile(buildOpenApiDocument());
    expect(profile.documents?.find((d) => d.path === '/employers/{employerId}')?.readOnly?.sort()).toEqual([
      'company.href',
      'self',
    ]);
  });
});
