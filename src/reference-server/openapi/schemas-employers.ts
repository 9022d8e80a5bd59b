import { link, offsetPagingProperties, readOnlyLink, schemaRef, type Json } from './fragments.js';

const employerExample = {
  employerId: 93,
  name: 'Acme Construction',
  company: { enterpriseNumber: '0200068636' },
  bankrupt: false,
};

/** Employers, companies and the employer-class appendix. */
export const employerSchemas: Record<string, Json> = {
  EmployerId: {
    type: 'integer',
    format: 'int64',
    minimum: 0,
    maximum: 5999999999,
    description: 'Employer number; leading zeros in the path are ignored',
    example: 93,
  },
  Employer: {
    type: 'object',
    description:
      'An employer. Used as the response, the POST body and the PUT body (a PUT replaces every value; absent optional ones take their default). `self` and `company.href` are read-only and ignored on input.',
    properties: {
      self: readOnlyLink('This employer'),
      employerId: schemaRef('EmployerId'),
      name: { type: 'string', minLength: 1, maxLength: 200 },
      company: schemaRef('EmployerCompany'),
      bankrupt: { type: 'boolean', default: false },
      bankruptDate: { type: 'string', format: 'date' },
    },
    required: ['employerId', 'name', 'company'],
    additionalProperties: false,
    example: employerExample,
  },
  EmployerView: {
    type: 'object',
    description: 'An employer as GET returns it: every property, unless `select` asks for fewer (`self` always stays)',
    properties: {
      self: link('This employer; with select, reflects the query'),
      employerId: schemaRef('EmployerId'),
      name: { type: 'string' },
      company: {
        type: 'object',
        title: 'EmployerViewCompany',
        properties: { enterpriseNumber: schemaRef('EnterpriseNumber'), href: link('The company') },
        additionalProperties: false,
      },
      bankrupt: { type: 'boolean' },
      bankruptDate: { type: 'string', format: 'date' },
    },
    required: ['self'],
    additionalProperties: false,
  },
  EmployerCompany: {
    type: 'object',
    properties: { enterpriseNumber: schemaRef('EnterpriseNumber'), href: readOnlyLink('The company') },
    required: ['enterpriseNumber'],
    additionalProperties: false,
  },
  EmployerPatch: {
    type: 'object',
    description:
      'JSON Merge Patch (RFC 7386) of an employer: present properties overwrite, null removes (bankrupt then takes its default false)',
    properties: {
      self: readOnlyLink('Ignored'),
      employerId: schemaRef('EmployerId'),
      name: { type: 'string', minLength: 1, maxLength: 200 },
      company: schemaRef('EmployerCompanyPatch'),
      bankrupt: { type: 'boolean', nullable: true },
      bankruptDate: { type: 'string', format: 'date', nullable: true },
    },
    additionalProperties: false,
    example: { bankrupt: true, bankruptDate: '2024-02-29' },
  },
  EmployerCompanyPatch: {
    type: 'object',
    properties: { enterpriseNumber: schemaRef('EnterpriseNumber'), href: readOnlyLink('Ignored') },
    additionalProperties: false,
  },
  EnterpriseEmployer: {
    type: 'object',
    description: 'An employer to create under the enterprise of the path',
    properties: {
      employerId: schemaRef('EmployerId'),
      name: { type: 'string', minLength: 1, maxLength: 200 },
      bankrupt: { type: 'boolean', default: false },
      bankruptDate: { type: 'string', format: 'date' },
    },
    required: ['employerId', 'name'],
    additionalProperties: false,
    example: { employerId: 5000001, name: 'New Branch' },
  },
  EmployerItem: {
    type: 'object',
    properties: { href: link('The employer'), title: { type: 'string' }, employerId: schemaRef('EmployerId') },
    required: ['href', 'employerId'],
  },
  EmployerCollection: {
    type: 'object',
    properties: {
      self: link('This page; reflects the query'),
      items: { type: 'array', items: schemaRef('EmployerItem') },
      ...offsetPagingProperties(),
      embedded: {
        type: 'object',
        description: 'Full employers keyed by item href (embed=items)',
        additionalProperties: schemaRef('Employer'),
      },
    },
    required: ['self', 'items', 'page', 'pageSize'],
  },
  Company: {
    type: 'object',
    properties: {
      self: link('This company'),
      enterpriseNumber: schemaRef('EnterpriseNumber'),
      name: { type: 'string' },
    },
    required: ['enterpriseNumber', 'name'],
  },
  CompanyItem: {
    type: 'object',
    properties: {
      href: link('The company'),
      title: { type: 'string' },
      enterpriseNumber: schemaRef('EnterpriseNumber'),
    },
    required: ['href', 'enterpriseNumber'],
  },
  CompanyCollection: {
    type: 'object',
    description: 'Cursor paging by default (next carries afterCompany); offset paging when page is given',
    properties: {
      self: link('This page; reflects the query'),
      items: { type: 'array', items: schemaRef('CompanyItem') },
      ...offsetPagingProperties(),
    },
    required: ['self', 'items', 'pageSize'],
  },
  EmployerClass: {
    type: 'object',
    properties: {
      self: link('This employer class'),
      value: { type: 'string' },
      description: schemaRef('LocalizedText'),
    },
    required: ['value', 'description'],
  },
  EmployerClassItem: {
    type: 'object',
    properties: { value: { type: 'string' }, href: link('The employer class'), title: { type: 'string' } },
    required: ['value', 'href'],
  },
  EmployerClassCollection: {
    type: 'object',
    properties: {
      self: link('This page; reflects the query'),
      items: { type: 'array', items: schemaRef('EmployerClassItem') },
      ...offsetPagingProperties(),
      embedded: {
        type: 'object',
        description: 'Full employer classes keyed by item href (embed=items)',
        additionalProperties: schemaRef('EmployerClass'),
      },
    },
    required: ['self', 'items', 'page', 'pageSize'],
  },
};
