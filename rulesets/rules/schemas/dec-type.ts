import { defineRule, type RuleCase } from '../define.js';
import { P, v31, withSchemas } from '../documents.js';
import { inventory } from '../../support/inventory.js';
import { entries, isObject, type Json } from '../../support/json.js';
import { singleType } from '../../support/schema-forms.js';
import { defineRuleFunction, finding, type Finding } from '../../functions/define.js';
import { componentNameIn } from '../../functions/schema-properties.js';

const MONEY_WORDS = /currenc|euro|\beur\b|\busd\b|money|monetary|price|€|\$\d/i;
const NOT_MONEY = /\b(?:ratio|percent(?:age)?|share|count|number of|quantity|units?)\b/i;
/** A rate or margin is a proportion (0.05), not an amount of money, whatever else its name says. */
const PROPORTION_NAME = /ratio|rate(?![a-z])|percent|margin|share/i;
const CURRENCY_SIBLING = /^currency(?:code)?$|^currency_code$/i;
const MONEY_OWNER = /invoice|payment|price|bill|charge|transaction|salary|wage|money|fee|tax/i;
/**
 * Whether a number named like an amount is money (dec-type is about precision-sensitive decimals, money):
 * a money word in its description, a currency beside it, or an owner schema about money; not when its
 * description calls it a ratio, share or count.
 */
function isMoney(name: string, property: Json, owner: Json, ownerName: string | undefined, strong: RegExp): boolean {
  const description = typeof property.description === 'string' ? property.description : '';
  if (NOT_MONEY.test(description) || PROPORTION_NAME.test(name)) return false;
  if (strong.test(lastWord(name)) || MONEY_WORDS.test(description)) return true;
  if (Object.keys(isObject(owner.properties) ? owner.properties : {}).some((sibling) => CURRENCY_SIBLING.test(sibling)))
    return true;
  return ownerName !== undefined && MONEY_OWNER.test(ownerName);
}
/** The last word of a camelCase or snake_case name, in lower case (`unitPrice` → price; `deltax` stays deltax, no tax). */
const lastWord = (name: string): string => (name.split(/[_\-\s]+|(?<=[a-z0-9])(?=[A-Z])/).pop() ?? name).toLowerCase();
/**
 * dec-type: money should not be a binary floating point number. Names that are money in themselves
 * (price, cost, fee, ...) are enough; an amount or total must show it is money (an amount can be a count).
 */
const decimalType = defineRuleFunction<{ namePattern: string; amountPattern: string }>(
  {
    type: 'object',
    properties: { namePattern: { type: 'string' }, amountPattern: { type: 'string' } },
    required: ['namePattern', 'amountPattern'],
    additionalProperties: false,
  },
  (root, options) => {
    const strong = new RegExp(options.namePattern, 'i');
    const amount = new RegExp(options.amountPattern, 'i');
    const out: Finding[] = [];
    for (const visit of inventory(root).schemas) {
      const { schema, at } = visit;
      const ownerName = visit.componentName ?? componentNameIn(at);
      for (const [name, property] of entries(schema.properties)) {
        if (
          !isObject(property) ||
          singleType(property) !== 'number' ||
          !(strong.test(lastWord(name)) || amount.test(lastWord(name)))
        )
          continue;
        if (isMoney(name, property, schema, ownerName, strong)) {
          out.push(
            finding(
              `"${name}" looks like a decimal amount: use type string with format number (or integer cents), not type number`,
              [...at, 'properties', name],
            ),
          );
        }
      }
    }
    return out;
  },
);

export const rule = defineRule({
  code: 'dec-type',
  severity: 'warn',
  description: 'Amounts are not binary floating point numbers',
  then: {
    // Matched against the name's last word: deltax (an axis shift) is no tax.
    function: decimalType,
    functionOptions: {
      namePattern: '^(?:price|cost|balance|salary|wage|fee|tax|vat)$',
      amountPattern: '^(?:amount|total|subtotal)$',
    },
  },
});

export const cases = (): RuleCase[] => [
  // "Precision-sensitive decimals, like monetary amounts": judged on the name's last word.

  {
    name: 'FP: an axis shift whose name ends in tax',
    errors: [],
    document: withSchemas({
      Shift: { type: 'object', properties: { deltax: { type: 'number', description: 'Shift along the X axis' } } },
    }),
  },
  {
    name: 'a tax, a subtotal beside a currency',
    errors: [{ path: P('Invoice', 'properties', 'roadTax') }, { path: P('Invoice', 'properties', 'subtotal') }],
    document: withSchemas({
      Invoice: {
        type: 'object',
        properties: { roadTax: { type: 'number' }, subtotal: { type: 'number' }, currency: { type: 'string' } },
      },
    }),
  },
  // "Precision-sensitive decimals (money)": an amount can be a count, and a cost a ratio.

  {
    name: 'FP: amounts that are counts, a cost that is a ratio',
    errors: [],
    document: withSchemas({
      Asset: {
        type: 'object',
        properties: {
          amount: { type: 'number' },
          totalAmount: { type: 'number', description: 'Number of tokens minted' },
        },
      },
      Pool: {
        type: 'object',
        properties: {
          margin_cost: { type: 'number', example: 0.05, description: 'Margin tax cost of the stake pool' },
          taxRate: { type: 'number' },
        },
      },
    }),
  },
  {
    name: 'money: beside a currency, said in its description, in a payment, or a price by name',
    errors: [
      { path: P('Transfer', 'properties', 'amount') },
      { path: P('Order', 'properties', 'total') },
      { path: P('Payment', 'properties', 'amount') },
      { path: P('Product', 'properties', 'unitPrice') },
    ],
    document: withSchemas({
      Transfer: { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string' } } },
      Order: { type: 'object', properties: { total: { type: 'number', description: 'Total in euro' } } },
      Payment: { type: 'object', properties: { amount: { type: 'number' } } },
      Product: { type: 'object', properties: { unitPrice: { type: 'number' } } },
    }),
  },

  {
    name: '3.1: a nullable number amount beside its currency',
    errors: [{ path: P('A', 'properties', 'amount') }],
    document: v31(
      withSchemas({
        A: { type: 'object', properties: { amount: { type: ['number', 'null'] }, currency: { type: 'string' } } },
      }),
    ),
  },

  {
    name: 'an amount as number',
    errors: [{ path: P('Invoice', 'properties', 'totalAmount') }],
    document: withSchemas({
      Invoice: { type: 'object', properties: { totalAmount: { type: 'number' } } },
    }),
  },
  {
    name: 'an amount as string format number; a ratio as number',
    errors: [],
    document: withSchemas({
      Invoice: {
        type: 'object',
        properties: { totalAmount: { type: 'string', format: 'number' }, ratio: { type: 'number' } },
      },
    }),
  },
];
