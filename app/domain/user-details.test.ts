import { describe, expect, it } from 'vitest';
import { parseTraveler } from './traveler';
import {
  COUNTRY_CODES,
  MAX_SAVED_TRAVELERS,
  canSaveAnotherTraveler,
  countryOptions,
  parseSavedTraveler,
  parseUserDetails,
  readOutcome,
  travelerFieldsFrom,
  validDateOfBirth,
} from './user-details';

const TODAY = '2026-11-24';

describe('parseUserDetails', () => {
  it('accepts names, an optional phone and an optional nationality code', () => {
    expect(parseUserDetails({ firstName: ' Ana  María ', lastName: 'López', phone: '', nationality: '' })).toEqual({
      ok: true,
      value: { firstName: 'Ana María', lastName: 'López', phone: null, nationality: null },
    });
    expect(parseUserDetails({ firstName: 'Ana', lastName: 'López', phone: '+52 55 1234 5678', nationality: 'MX' })).toMatchObject({
      ok: true,
      value: { phone: '+52 55 1234 5678', nationality: 'MX' },
    });
  });

  it('uses the checkout rules and messages for names and phone, and refuses unknown countries', () => {
    expect(parseUserDetails({ firstName: '', lastName: '<b>', phone: 'call me', nationality: 'XX' })).toEqual({
      ok: false,
      errors: {
        firstName: 'checkout.error.firstName',
        lastName: 'checkout.error.lastName',
        phone: 'checkout.error.phone',
        nationality: 'userDetails.error.nationality',
      },
      values: { firstName: '', lastName: '<b>', phone: 'call me', nationality: 'XX' },
    });
    expect(parseUserDetails({ firstName: ['A'], lastName: 42, nationality: 'mx' })).toMatchObject({ ok: false, errors: { nationality: 'userDetails.error.nationality' } });
  });
});

describe('parseSavedTraveler', () => {
  it('needs only the names; lowercases the e-mail', () => {
    expect(parseSavedTraveler({ firstName: 'Leo', lastName: 'Ruiz' }, TODAY)).toEqual({
      ok: true,
      value: { firstName: 'Leo', lastName: 'Ruiz', dateOfBirth: null, nationality: null, email: null, phone: null },
    });
    expect(
      parseSavedTraveler({ firstName: 'Leo', lastName: 'Ruiz', dateOfBirth: '2015-02-28', nationality: 'US', email: 'Leo@Example.com', phone: '555 010 2030' }, TODAY),
    ).toMatchObject({ ok: true, value: { dateOfBirth: '2015-02-28', email: 'leo@example.com' } });
  });

  it('names every wrong field', () => {
    expect(parseSavedTraveler({ firstName: 'Leo1', lastName: '', dateOfBirth: '2015-02-30', nationality: 'ZZ', email: 'nope', phone: 'x' }, TODAY)).toMatchObject({
      ok: false,
      errors: {
        firstName: 'checkout.error.firstName',
        lastName: 'checkout.error.lastName',
        dateOfBirth: 'userDetails.error.dateOfBirth',
        nationality: 'userDetails.error.nationality',
        email: 'checkout.error.email',
        phone: 'checkout.error.phone',
      },
    });
  });

  it('agrees with the checkout on names, e-mail and phone (one rule)', () => {
    for (const [firstName, email, phone] of [
      ['María-José', 'a@b.co', '+1 (555) 010-2030'],
      ['R2D2', 'a@b', '12'],
      ['美咲', `${'a'.repeat(65)}@b.co`, '555-0100'],
    ]) {
      const checkout = parseTraveler({ firstName, lastName: 'X', email, phone });
      const saved = parseSavedTraveler({ firstName, lastName: 'X', email, phone }, TODAY);
      expect(saved.ok ? {} : saved.errors).toEqual(checkout.ok ? {} : checkout.errors);
    }
  });
});

describe('validDateOfBirth', () => {
  it('takes real past dates within 130 years', () => {
    expect(validDateOfBirth('2024-02-29', TODAY)).toBe(true);
    expect(validDateOfBirth(TODAY, TODAY)).toBe(true);
    expect(validDateOfBirth('1896-11-24', TODAY)).toBe(true);
  });

  it('refuses impossible, future, ancient and malformed dates', () => {
    for (const value of ['2023-02-29', '2026-11-25', '1896-11-23', '24/11/2000', '2000-1-1', '']) expect(validDateOfBirth(value, TODAY), value).toBe(false);
  });
});

describe('saved travellers cap', () => {
  it(`allows up to ${MAX_SAVED_TRAVELERS}`, () => {
    expect(canSaveAnotherTraveler(MAX_SAVED_TRAVELERS - 1)).toBe(true);
    expect(canSaveAnotherTraveler(MAX_SAVED_TRAVELERS)).toBe(false);
  });
});

it('country codes are unique two-letter codes', () => {
  expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
  expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  expect(COUNTRY_CODES).toContain('MX');
});

describe('countryOptions and readOutcome', () => {
  it('names every country in the reader’s language, sorted for that language', () => {
    const spanish = countryOptions('es-MX');
    expect(spanish).toHaveLength(COUNTRY_CODES.length);
    expect(spanish.find((c) => c.code === 'MX')?.name).toBe('México');
    const names = spanish.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es-MX')));
    expect(countryOptions('en-US').find((c) => c.code === 'US')?.name).toBe('United States');
  });

  it('reads only known outcomes from the query', () => {
    expect(readOutcome('added')).toBe('added');
    expect(readOutcome('<script>')).toBeNull();
    expect(readOutcome(null)).toBeNull();
  });
});

describe('travelerFieldsFrom', () => {
  const leo = { id: '6f1c2a10-9a4e-4d1e-8f3a-1b2c3d4e5f60', firstName: 'Leo', lastName: 'Ruiz', email: 'leo@example.com', phone: '+52 55 1234 5678' };

  it("fills the checkout's traveller fields from a saved traveller, which pass the checkout's rules", () => {
    const fields = travelerFieldsFrom(leo, 'ana@example.com');
    expect(fields).toEqual({ firstName: 'Leo', lastName: 'Ruiz', email: 'leo@example.com', phone: '+52 55 1234 5678' });
    expect(parseTraveler(fields).ok).toBe(true);
  });

  it("keeps the user's own e-mail when the traveller has none, and leaves a missing phone empty", () => {
    const fields = travelerFieldsFrom({ ...leo, email: null, phone: null }, 'ana@example.com');
    expect(fields).toEqual({ firstName: 'Leo', lastName: 'Ruiz', email: 'ana@example.com', phone: '' });
    expect(parseTraveler(fields).ok).toBe(true);
  });
});
