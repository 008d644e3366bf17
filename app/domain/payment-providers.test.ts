import { describe, expect, it } from 'vitest';
import { type OrgPayments, cardServiceApiKey, providerApiKey, supplierEntries } from './payment-providers';

const wanderly: OrgPayments = { cardProvider: { pgId: 'PG_03' }, options: ['saved-cards', 'add-card', 'new-card'], carReferenceProvider: 'PG_01' };
const business: OrgPayments = { ...wanderly, options: ['saved-cards', 'add-card', 'new-card', 'invoice'] };

describe('supplierEntries', () => {
  it('lists the card provider method with its api-key', () => {
    expect(supplierEntries(wanderly, 'wanderly', 'HLT')).toEqual([{ id: 'PG_03', 'api-key': 'pg_03.wanderly', pg_method_name: 'Braintree Card' }]);
  });
  it("adds 'Client CC' (the car reference provider) for cars", () => {
    expect(supplierEntries(wanderly, 'wanderly', 'CAR')).toEqual([
      { id: 'PG_03', 'api-key': 'pg_03.wanderly', pg_method_name: 'Braintree Card' },
      { id: 'PG_01', 'api-key': 'pg_01.wanderly', pg_method_name: 'Client CC' },
    ]);
  });
  it("adds 'Credit line' (PG_02) where invoices are allowed, except subscriptions and wallets", () => {
    expect(supplierEntries(business, 'voyagerpro', 'FLT').map((e) => e.pg_method_name)).toEqual(['Braintree Card', 'Credit line']);
    expect(supplierEntries(business, 'voyagerpro', 'SUB').map((e) => e.pg_method_name)).toEqual(['Braintree Card']);
    expect(supplierEntries(business, 'voyagerpro', 'CAR').map((e) => e.id)).toEqual(['PG_03', 'PG_01', 'PG_02']);
  });
  it('narrows to a named gateway id, ignores other supplier ids', () => {
    expect(supplierEntries(business, 'voyagerpro', 'CAR', 'PG_01').map((e) => e.id)).toEqual(['PG_01']);
    expect(supplierEntries(business, 'voyagerpro', 'HLT', 'PG_01')).toEqual([]);
    expect(supplierEntries(business, 'voyagerpro', 'HLT', '17').map((e) => e.id)).toEqual(['PG_03', 'PG_02']);
  });
});

describe('api keys', () => {
  it('name the provider and the organisation', () => {
    expect(providerApiKey('PG_01', 'viajamas')).toBe('pg_01.viajamas');
    expect(cardServiceApiKey(wanderly, 'wanderly')).toBe('pg_03.wanderly');
  });
});
