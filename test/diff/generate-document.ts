// Random valid OpenAPI documents for property tests of `restguide diff`: every part the comparator
// reads (paths, parameters, bodies, responses, headers, security, components and schemas with
// $ref cycles, allOf/oneOf/anyOf, enums, bounds in both spellings), from the tests' seeded generator.
import { random } from '../helpers/random.js';

type Json = Record<string, unknown>;

export class DocumentGenerator {
  private readonly next: () => number;
  private schemaNames: string[] = [];
  private openapi31 = false;

  constructor(seed: number) {
    this.next = random(seed);
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  private some<T>(max: number, make: (i: number) => T): T[] {
    return Array.from({ length: this.int(max + 1) }, (_, i) => make(i));
  }

  document(): Json {
    this.openapi31 = this.chance(0.4);
    this.schemaNames = this.some(5, (i) => `S${i}`);
    const major = 1 + this.int(3);
    const infoMajor = this.chance(0.3) ? 1 + this.int(3) : major;
    const schemes = ['oauth', 'key'];
    const doc: Json = {
      openapi: this.openapi31 ? '3.1.0' : '3.0.3',
      info: {
        title: 'Generated',
        version: this.pick([`${infoMajor}.${this.int(9)}.0`, `v${infoMajor}`, '${project.version}', `${infoMajor}`]),
      },
      servers: this.some(2, () => ({
        url: this.pick([
          `https://api.example.org/app/v${this.chance(0.7) ? major : major + 1}`,
          'https://api.example.org/app',
          `/v${major}/`,
        ]),
      })),
      paths: Object.fromEntries(this.some(6, (i) => [this.pathTemplate(i), this.pathItem(schemes)])),
      components: {
        schemas: Object.fromEntries(this.schemaNames.map((name) => [name, this.schema(3)])),
        parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } } },
        requestBodies: { Body: { content: { 'application/json': { schema: this.schema(2) } } } },
        responses: {
          Problem: { description: 'Problem', content: { 'application/problem+json': { schema: this.schema(1) } } },
        },
        headers: { Trace: { schema: { type: 'string', format: 'uuid' } } },
        securitySchemes: {
          oauth: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: 'https://example.org/token', scopes: { read: 'r', write: 'w' } } },
          },
          key: { type: 'apiKey', in: 'header', name: 'X-Key', ...(this.chance(0.3) ? { 'x-deprecated': true } : {}) },
        },
      },
    };
    if (this.chance(0.5)) doc.security = [this.requirement(schemes)];
    return doc;
  }

  private pathTemplate(i: number): string {
    const segments = [`r${i}`];
    for (let depth = this.int(3); depth > 0; depth--) segments.push(this.chance(0.5) ? `{p${depth}}` : `s${depth}`);
    return `/${segments.join('/')}${this.chance(0.1) ? '/' : ''}`;
  }

  private pathItem(schemes: string[]): Json {
    const item: Json = {};
    if (this.chance(0.4)) item.parameters = [this.parameter()];
    for (const method of ['get', 'put', 'post', 'delete', 'patch'])
      if (this.chance(0.4)) item[method] = this.operation(schemes);
    return item;
  }

  private requirement(schemes: string[]): Json {
    const scheme = this.pick(schemes);
    return { [scheme]: scheme === 'oauth' ? this.some(2, () => this.pick(['read', 'write'])) : [] };
  }

  private parameter(): Json {
    if (this.chance(0.15)) return { $ref: '#/components/parameters/Page' };
    const where = this.pick(['query', 'header', 'path', 'cookie']);
    return {
      name:
        where === 'header'
          ? this.pick(['X-Tag', 'x-tag', 'Accept-Language'])
          : this.pick(['q', 'page', 'id', 'p1', 'p2']),
      in: where,
      ...(where === 'path' || this.chance(0.3) ? { required: true } : {}),
      ...(this.chance(0.2) ? { style: this.pick(['form', 'simple', 'deepObject']) } : {}),
      ...(this.chance(0.2) ? { explode: this.chance(0.5) } : {}),
      ...(this.chance(0.1) ? { deprecated: true } : {}),
      schema: this.schema(1),
    };
  }

  private operation(schemes: string[]): Json {
    const op: Json = { responses: {} };
    if (this.chance(0.5)) op.parameters = this.some(3, () => this.parameter());
    if (this.chance(0.4)) {
      op.requestBody = this.chance(0.2)
        ? { $ref: '#/components/requestBodies/Body' }
        : {
            ...(this.chance(0.5) ? { required: true } : {}),
            content: this.content(['application/json', 'application/merge-patch+json', 'multipart/form-data']),
          };
    }
    const responses = op.responses as Json;
    for (const status of this.some(3, () => this.pick(['200', '201', '204', '400', '404', '4XX', 'default']))) {
      responses[status] = this.chance(0.2) ? { $ref: '#/components/responses/Problem' } : this.response();
    }
    if (this.chance(0.3)) op.security = this.chance(0.2) ? [] : this.some(2, () => this.requirement(schemes));
    if (this.chance(0.1)) op.deprecated = true;
    return op;
  }

  private response(): Json {
    const response: Json = { description: 'A response' };
    if (this.chance(0.3))
      response.headers = {
        Location: { schema: { type: 'string', format: 'uri' } },
        ...(this.chance(0.5) ? { 'BelGov-Trace-Id': { $ref: '#/components/headers/Trace' } } : {}),
      };
    if (this.chance(0.8)) response.content = this.content(['application/json', 'application/problem+json', 'text/csv']);
    return response;
  }

  private content(mediaTypes: string[]): Json {
    const out: Json = {};
    for (let n = 1 + this.int(2); n > 0; n--) out[this.pick(mediaTypes)] = { schema: this.schema(3) };
    return out;
  }

  /** A schema up to `depth` levels deep: a $ref (cycles included), a combination or a typed schema. */
  schema(depth: number): Json {
    if (this.schemaNames.length && this.chance(depth > 0 ? 0.25 : 0.6))
      return { $ref: `#/components/schemas/${this.pick(this.schemaNames)}` };
    if (depth <= 0) return this.scalar();
    const roll = this.next();
    if (roll < 0.15)
      return {
        [this.pick(['oneOf', 'anyOf'])]: this.some(3, () => this.schema(depth - 1)),
        ...(this.chance(0.3) ? { discriminator: { propertyName: 'kind' } } : {}),
      };
    if (roll < 0.25) return { allOf: this.some(2, () => this.schema(depth - 1)) };
    if (roll < 0.55) return this.object(depth);
    if (roll < 0.7)
      return {
        type: 'array',
        items: this.schema(depth - 1),
        ...this.bounds(['minItems', 'maxItems']),
        ...(this.chance(0.3) ? { uniqueItems: this.chance(0.5) } : {}),
      };
    return this.scalar();
  }

  private object(depth: number): Json {
    const names = this.some(4, (i) => this.pick(['id', 'name', 'kind', 'self', 'total', `f${i}`]));
    const schema: Json = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, this.property(depth - 1)])),
    };
    if (names.length && this.chance(0.6)) schema.required = names.filter(() => this.chance(0.5));
    if (this.chance(0.3)) schema.additionalProperties = this.chance(0.5) ? this.chance(0.5) : this.schema(depth - 1);
    Object.assign(schema, this.bounds(['minProperties', 'maxProperties']));
    if (this.chance(0.1)) schema.deprecated = true;
    return schema;
  }

  private property(depth: number): Json {
    const schema = this.schema(depth);
    const access = this.int(10);
    if (access === 0) schema.readOnly = true;
    else if (access === 1) schema.writeOnly = true;
    return schema;
  }

  private scalar(): Json {
    const type = this.pick(['string', 'integer', 'number', 'boolean']);
    const schema: Json =
      this.openapi31 && this.chance(0.3)
        ? { type: [type, 'null'] }
        : { type, ...(this.chance(0.2) ? { nullable: true } : {}) };
    if (type === 'string') {
      if (this.chance(0.3)) schema.enum = this.some(3, (i) => `v${i}`);
      if (schema.enum && this.chance(0.3)) schema['x-extensible-enum'] = true;
      if (this.chance(0.3)) schema.format = this.pick(['date', 'uri', 'uuid', 'byte']);
      if (this.chance(0.2)) schema.pattern = this.pick(['^[a-z]+$', '^\\d{4}$']);
      Object.assign(schema, this.bounds(['minLength', 'maxLength']));
    } else if (type !== 'boolean') {
      if (this.chance(0.2)) schema.enum = this.some(3, (i) => i + 1);
      if (this.chance(0.3)) schema.format = this.pick(type === 'integer' ? ['int32', 'int64'] : ['float', 'double']);
      Object.assign(schema, this.bounds(['minimum', 'maximum']));
      for (const [bound, exclusive] of [
        ['minimum', 'exclusiveMinimum'],
        ['maximum', 'exclusiveMaximum'],
      ] as const) {
        if (!this.chance(0.25)) continue;
        if (this.openapi31) schema[exclusive] = this.int(100);
        else if (bound in schema) schema[exclusive] = this.chance(0.5);
      }
    }
    if (this.chance(0.1)) schema.deprecated = true;
    return schema;
  }

  private bounds(names: readonly string[]): Json {
    const out: Json = {};
    for (const name of names) if (this.chance(0.25)) out[name] = this.int(50);
    return out;
  }
}
