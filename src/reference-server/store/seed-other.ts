import type { Localized } from '../i18n.js';

export interface AccountRecord {
  accountId: number;
  balanceCents: number;
  currency: string;
}
export interface StoreRecord {
  id: number;
  name: string;
}
type OrderState = 'open' | 'completed' | 'archived';
export interface OrderRecord {
  id: number;
  storeId: number;
  customerSsin: string;
  paymentMethod: 'cash' | 'wireTransfer' | 'creditCard' | 'debitCard';
  deliveryMethod: string;
  state: OrderState;
}
export interface PersonRecord {
  ssin: string;
  givenName: string;
  familyName: string;
  addressId?: number;
}
export interface AddressRecord {
  id: number;
  street: string;
  houseNumber: string;
  municipality: { nisCode: number; postalCode: string; name: Localized };
  country: { nisCode: number; isoCode: string; name: Localized };
}
export interface CodeRecord {
  code: string;
  description: Localized;
}

export const seedAccounts = (): AccountRecord[] => [
  { accountId: 1, balanceCents: 100000, currency: 'EUR' },
  { accountId: 2, balanceCents: 5000, currency: 'EUR' },
  { accountId: 3, balanceCents: 0, currency: 'EUR' },
];

export const seedStores = (): StoreRecord[] => [
  { id: 1, name: 'Brussels Central' },
  { id: 2, name: 'Ghent Korenmarkt' },
];

/** Orders 1 and 3 are completed (archivable once); 2 and 4 are open (archive gives 409 invalidState). */
export const seedOrders = (): OrderRecord[] => [
  {
    id: 1,
    storeId: 1,
    customerSsin: '00010112345',
    paymentMethod: 'creditCard',
    deliveryMethod: 'homeDelivery',
    state: 'completed',
  },
  {
    id: 2,
    storeId: 1,
    customerSsin: '85073003328',
    paymentMethod: 'cash',
    deliveryMethod: 'storePickup',
    state: 'open',
  },
  {
    id: 3,
    storeId: 2,
    customerSsin: '85073003328',
    paymentMethod: 'wireTransfer',
    deliveryMethod: 'pickupPoint',
    state: 'completed',
  },
  {
    id: 4,
    storeId: 2,
    customerSsin: '92120512367',
    paymentMethod: 'debitCard',
    deliveryMethod: 'homeDelivery',
    state: 'open',
  },
];

export const seedPersons = (): PersonRecord[] => [
  { ssin: '00010112345', givenName: 'Anna', familyName: 'Peeters', addressId: 1 },
  { ssin: '85073003328', givenName: 'Luc', familyName: 'Dubois', addressId: 2 },
  { ssin: '92120512367', givenName: 'Sofie', familyName: 'Maes' },
];

const BELGIUM = { nisCode: 150, isoCode: 'BE', name: { nl: 'België', fr: 'Belgique', de: 'Belgien', en: 'Belgium' } };

export const seedAddresses = (): AddressRecord[] => [
  {
    id: 1,
    street: 'Rue de la Loi',
    houseNumber: '16',
    municipality: {
      nisCode: 21004,
      postalCode: '1000',
      name: { nl: 'Brussel', fr: 'Bruxelles', de: 'Brüssel', en: 'Brussels' },
    },
    country: BELGIUM,
  },
  {
    id: 2,
    street: 'Korenmarkt',
    houseNumber: '1',
    municipality: { nisCode: 44021, postalCode: '9000', name: { nl: 'Gent', fr: 'Gand', de: 'Gent', en: 'Ghent' } },
    country: BELGIUM,
  },
];

export const PAYMENT_METHODS: CodeRecord[] = [
  { code: 'cash', description: { nl: 'Contant', fr: 'Espèces', de: 'Bargeld', en: 'Cash' } },
  {
    code: 'wireTransfer',
    description: { nl: 'Overschrijving', fr: 'Virement', de: 'Überweisung', en: 'Wire transfer' },
  },
  {
    code: 'creditCard',
    description: { nl: 'Kredietkaart', fr: 'Carte de crédit', de: 'Kreditkarte', en: 'Credit card' },
  },
  { code: 'debitCard', description: { nl: 'Debetkaart', fr: 'Carte de débit', de: 'Debitkarte', en: 'Debit card' } },
];

export const DELIVERY_METHODS: CodeRecord[] = [
  {
    code: 'homeDelivery',
    description: {
      nl: 'Levering aan huis',
      fr: 'Livraison à domicile',
      de: 'Lieferung nach Hause',
      en: 'Home delivery',
    },
  },
  { code: 'pickupPoint', description: { nl: 'Afhaalpunt', fr: 'Point relais', de: 'Abholstelle', en: 'Pickup point' } },
  {
    code: 'storePickup',
    description: {
      nl: 'Afhalen in de winkel',
      fr: 'Retrait en magasin',
      de: 'Abholung im Geschäft',
      en: 'Store pickup',
    },
  },
];

/** Units of a currency per euro, as strings; other pattern-valid codes are unsupported (400 invalidInput). */
export const EXCHANGE_RATES: Record<string, string> = { EUR: '1', USD: '1.08', GBP: '0.85', CHF: '0.95', JPY: '160' };
