// An OpenAPI document shaped as Swashbuckle (ASP.NET Core) generates it with its defaults: PascalCase
// operationIds, every answer under text/plain, application/json and text/json (the output formatters
// MVC registers), a `default` answer of ASP.NET's ProblemDetails rather than the guide's Problem.
type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** Swashbuckle lists one schema under each output formatter's media type. */
const formatters = (schema: Json): Json => ({
  'text/plain': { schema },
  'application/json': { schema },
  'text/json': { schema },
});

const problemDetails = { description: 'Error', content: formatters(ref('ProblemDetails')) };

// Plural nouns, as collections are named (col-name), and their PascalCase types.
const FAMILIES = [
  'employers',
  'companies',
  'invoices',
  'orders',
  'payments',
  'persons',
  'addresses',
  'contracts',
  'documents',
  'vehicles',
  'permits',
  'licences',
  'claims',
  'benefits',
  'declarations',
  'registrations',
  'inspections',
  'appointments',
  'messages',
  'reports',
];

/** `operations` operations (up to 60), three per controller (list, read, create). */
export function swashbuckleDocument(operations = 60): Json {
  const paths: Json = {};
  const schemas: Json = {
    ProblemDetails: {
      type: 'object',
      properties: {
        type: { type: 'string', nullable: true },
        title: { type: 'string', nullable: true },
        status: { type: 'integer', format: 'int32', nullable: true },
        detail: { type: 'string', nullable: true },
        instance: { type: 'string', nullable: true },
      },
      additionalProperties: {},
    },
  };
  const controllers = Math.ceil(operations / 3);
  let made = 0;
  for (let i = 0; i < controllers && made < operations; i++) {
    const plural = FAMILIES[i % FAMILIES.length]!;
    const Plural = plural[0]!.toUpperCase() + plural.slice(1);
    const Type = Plural.replace(/ies$/, 'y')
      .replace(/(ss|x)es$/, '$1')
      .replace(/s$/, '');
    schemas[Type] = {
      type: 'object',
      properties: { id: { type: 'integer', format: 'int32' }, name: { type: 'string', nullable: true } },
      additionalProperties: false,
    };
    const tags = [Plural];
    const list = {
      tags,
      operationId: `Get${Plural}`,
      summary: `Lists the ${plural}`,
      responses: {
        '200': { description: 'OK', content: formatters({ type: 'array', items: ref(Type) }) },
        default: problemDetails,
      },
    };
    const create = {
      tags,
      operationId: `Create${Type}`,
      summary: `Creates one of the ${plural}`,
      requestBody: {
        content: {
          'application/json': { schema: ref(Type) },
          'text/json': { schema: ref(Type) },
          'application/*+json': { schema: ref(Type) },
        },
      },
      responses: {
        '201': { description: 'Created', content: formatters(ref(Type)) },
        default: problemDetails,
      },
    };
    const read = {
      tags,
      operationId: `Get${Type}ById`,
      summary: `Reads one of the ${plural}`,
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } }],
      responses: { '200': { description: 'OK', content: formatters(ref(Type)) }, default: problemDetails },
    };
    const family: Json = { get: list };
    made++;
    if (made < operations) {
      family.post = create;
      made++;
    }
    paths[`/api/${plural}`] = family;
    if (made < operations) {
      paths[`/api/${plural}/{id}`] = { get: read };
      made++;
    }
  }
  return {
    openapi: '3.0.1',
    info: { title: 'Registry.Api', version: '1.0' },
    paths,
    components: { schemas },
  };
}
