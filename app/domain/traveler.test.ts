import { describe, expect, it } from 'vitest';
import { parseTraveler } from './traveler';

describe('parseTraveler', () => {
  it('accepts names in any script, trims and folds spaces, lowercases the e-mail', () => {
    expect(parseTraveler({ firstName: '  María-José ', lastName: "O'Neil  Jr.", email: 'Maya@Example.COM', phone: '' })).toEqual({
      ok: true,
      traveler: { firstName: 'María-José', lastName: "O'Neil Jr.", email: 'maya@example.com', phone: null },
    });
    expect(parseTraveler({ firstName: '美咲', lastName: '佐藤', email: 'm@x.jp', phone: '+81 (3) 1234-5678' })).toMatchObject({ ok: true });
  });

  it('names every field that is wrong and gives the typed values back', () => {
    const result = parseTraveler({ firstName: '', lastName: '<script>', email: 'nobody', phone: 'call me' });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: 'checkout.error.firstName', lastName: 'checkout.error.lastName', email: 'checkout.error.email', phone: 'checkout.error.phone' },
      values: { firstName: '', lastName: '<script>', email: 'nobody', phone: 'call me' },
    });
  });

  it('refuses missing, non-text and oversized input', () => {
    expect(parseTraveler({})).toMatchObject({ ok: false });
    expect(parseTraveler({ firstName: 42, lastName: ['x'], email: {} })).toMatchObject({ ok: false });
    expect(parseTraveler({ firstName: 'A'.repeat(61), lastName: 'B', email: 'a@b.co' })).toMatchObject({ ok: false, errors: { firstName: 'checkout.error.firstName' } });
    expect(parseTraveler({ firstName: 'A', lastName: 'B', email: `${'a'.repeat(65)}@b.co` })).toMatchObject({ ok: false, errors: { email: 'checkout.error.email' } });
  });
});
