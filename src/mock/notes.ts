// The parts of a document the mock cannot serve the guide's way, one line each and why: printed at start so
// that a consumer knows which answers are the document's examples rather than a working API.
import { OpenApiModel } from '../openapi/operations.js';
import { followLocalRefs } from '../openapi/refs.js';
import { isObject } from '../openapi/json.js';
import { SERVED_METHODS, type MockCollection } from './model.js';

type Json = Record<string, unknown>;

const RESERVED = new Set(['/doc/openapi.json', '/doc/openapi.yaml']);

const json = (type: string): boolean => /json/i.test(type);

/** The media types of a request body or response, with its $refs followed. */
function mediaTypes(document: Json, holder: unknown): string[] {
  const value = followLocalRefs(document, holder).value;
  return isObject(value) && isObject(value['content']) ? Object.keys(value['content']) : [];
}

export function unservedNotes(document: Json, collections: MockCollection[]): string[] {
  const notes: string[] = [];
  const model = OpenApiModel.of(document);
  const listed = new Set(collections.flatMap((c) => [c.path, ...(c.itemPath ? [c.itemPath] : [])]));
  for (const { path, method, operation: located } of model.operations()) {
    // The mock serves these itself, whatever the document says of them.
    if (RESERVED.has(path)) continue;
    const operation = located.value;
    const upper = method.toUpperCase();
    if (!(SERVED_METHODS as readonly string[]).includes(method)) {
      if (method !== 'head' && method !== 'options')
        notes.push(`${upper} ${path}: not served (the mock answers GET, PUT, POST, PATCH and DELETE): 405`);
      continue;
    }
    const body = mediaTypes(document, operation['requestBody']);
    if (body.length > 0 && !body.some(json))
      notes.push(
        `${upper} ${path}: its ${body.join(' or ')} body cannot be read (the mock reads JSON): refused with 400`,
      );
    const responses = isObject(operation['responses']) ? operation['responses'] : {};
    const success = Object.keys(responses)
      .filter((code) => /^2\d\d$/.test(code))
      .sort()[0];
    const answer = success === undefined ? [] : mediaTypes(document, responses[success]);
    if (answer.length > 0 && !answer.some(json))
      notes.push(
        `${upper} ${path}: answered ${success} without a body (the mock makes JSON, not ${answer.join(' or ')})`,
      );
    // Below a path parameter and no list's: answered as declared, the same whatever the parameter.
    if (method === 'get' && !listed.has(path) && /\{[^}]+\}/.test(path.replace(/\/\{[^}]+\}$/, '')))
      notes.push(
        `GET ${path}: below a path parameter that no list holds, answered from the document's example or schema whatever its value (no 404)`,
      );
  }
  return notes;
}
