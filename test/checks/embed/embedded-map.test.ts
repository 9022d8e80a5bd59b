import check from '../../../src/checks/embed/embedded-map.js';
import { isObject } from '../../../src/core/util/json.js';
import { reference, testCheck } from '../../helpers/check-harness.js';
import type { Mutator } from '../../helpers/proxy.js';

type Map = Record<string, unknown>;
const onEmbedded =
  (change: (embedded: Map) => void): Mutator =>
  (req, res) => {
    if (req.path.startsWith('/appendices/employerclasses?') && isObject(res.json) && isObject(res.json['embedded']))
      change(res.json['embedded']);
  };
const first = (embedded: Map): [string, Map] => {
  const [key, value] = Object.entries(embedded)[0] ?? ['', {}];
  return [key, value as Map];
};

testCheck(check, {
  // The employers and the employer classes embed items; the companies have no embed, so get no result.
  valid: [{ name: 'reference server', server: reference() }],
  invalid: [
    {
      name: 'embedded is an array',
      server: reference({
        mutate: (req, res) => {
          if (req.path.includes('embed=') && isObject(res.json))
            res.json['embedded'] = Object.values(res.json['embedded'] as Map);
        },
      }),
      findings: ['notMap'],
    },
    {
      name: 'an embedded item whose French description differs from its own',
      server: reference({
        mutate: onEmbedded((e) => {
          const description = first(e)[1]['description'];
          if (isObject(description)) description['fr'] = 'Autre chose';
        }),
      }),
      findings: ['notSame'],
    },
    {
      name: 'an item has no entry',
      server: reference({
        mutate: onEmbedded((e) => {
          delete e[first(e)[0]];
        }),
      }),
      findings: ['missingEntry'],
    },
    {
      name: 'entries keyed by value, not href',
      server: reference({
        mutate: onEmbedded((e) => {
          const [key, value] = first(e);
          delete e[key];
          e[String(value['value'])] = value;
        }),
      }),
      findings: ['extraEntry', 'missingEntry'],
    },
    {
      name: 'an entry is a bare string',
      server: reference({
        mutate: onEmbedded((e) => {
          e[first(e)[0]] = 'full';
        }),
      }),
      findings: ['notRepresentation'],
    },
    {
      name: 'an entry has a relative self',
      server: reference({
        mutate: onEmbedded((e) => {
          const [, value] = first(e);
          value['self'] = new URL(String(value['self'])).pathname;
        }),
      }),
      findings: ['selfMismatch'],
    },
    {
      name: 'entries are summaries without description',
      server: reference({
        mutate: onEmbedded((e) => {
          for (const value of Object.values(e)) delete (value as Map)['description'];
        }),
      }),
      findings: ['notFull'],
    },
  ],
});
