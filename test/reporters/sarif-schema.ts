// The required parts of SARIF 2.1.0 (OASIS sarif-schema-2.1.0.json), written out for the tests.
export const sarifRequiredSchema = {
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', minLength: 1 },
                  version: { type: 'string' },
                  informationUri: { type: 'string', format: 'uri' },
                  rules: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: {
                          type: 'object',
                          required: ['text'],
                          properties: { text: { type: 'string' } },
                        },
                        helpUri: { type: 'string', format: 'uri' },
                        defaultConfiguration: {
                          type: 'object',
                          properties: { level: { enum: ['none', 'note', 'warning', 'error'] } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message', 'ruleId', 'level', 'locations'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: 0 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                kind: { enum: ['notApplicable', 'pass', 'fail', 'review', 'open', 'informational'] },
                baselineState: { enum: ['new', 'unchanged', 'updated', 'absent'] },
                message: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
                locations: {
                  type: 'array',
                  minItems: 1,
                  items: {
                    type: 'object',
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        required: ['artifactLocation'],
                        properties: {
                          artifactLocation: {
                            type: 'object',
                            required: ['uri'],
                            properties: {
                              uri: { type: 'string', format: 'uri-reference' },
                              uriBaseId: { type: 'string' },
                            },
                          },
                          region: {
                            type: 'object',
                            properties: {
                              startLine: { type: 'integer', minimum: 1 },
                              startColumn: { type: 'integer', minimum: 1 },
                              endLine: { type: 'integer', minimum: 1 },
                              endColumn: { type: 'integer', minimum: 1 },
                            },
                          },
                        },
                      },
                      logicalLocations: { type: 'array', items: { type: 'object' } },
                    },
                  },
                },
                suppressions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['kind'],
                    properties: { kind: { enum: ['inSource', 'external'] } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
