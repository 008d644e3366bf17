import { describe, expect, it } from 'vitest';
import { bookingAccess, isUnreadMessage, parseBookingReference, partyFacts, publicTravellerName, statusNotice } from './booking-view';

describe('bookingAccess (S5)', () => {
  const viewer = { orgId: 'wanderly', userDbId: 7 };
  it('a booking made signed in is its user’s alone', () => {
    expect(bookingAccess({ orgId: 'wanderly', userId: 7, status: 'confirmed' }, viewer)).toBe('owner');
    expect(bookingAccess({ orgId: 'wanderly', userId: 8, status: 'confirmed' }, viewer)).toBe('none');
    expect(bookingAccess({ orgId: 'wanderly', userId: 7, status: 'confirmed' }, { orgId: 'wanderly', userDbId: null })).toBe('none');
  });
  it('a guest booking shows its public facts to anyone with the reference, in its organisation only', () => {
    expect(bookingAccess({ orgId: 'wanderly', userId: null, status: 'pending' }, { orgId: 'wanderly', userDbId: null })).toBe('public');
    expect(bookingAccess({ orgId: 'wanderly', userId: null, status: 'pending' }, viewer)).toBe('public');
    expect(bookingAccess({ orgId: 'viajamas', userId: null, status: 'pending' }, viewer)).toBe('none');
    expect(bookingAccess({ orgId: 'viajamas', userId: 7, status: 'confirmed' }, viewer)).toBe('none');
  });
  it('a booking that never went through has no success page', () => {
    expect(bookingAccess({ orgId: 'wanderly', userId: 7, status: 'initiated' }, viewer)).toBe('none');
    expect(bookingAccess({ orgId: 'wanderly', userId: null, status: 'failed' }, viewer)).toBe('none');
    expect(bookingAccess({ orgId: 'wanderly', userId: 7, status: 'cancelled' }, viewer)).toBe('owner');
  });
});

describe('parseBookingReference', () => {
  it('takes references as issued, upper-cased and trimmed, and nothing else', () => {
    expect(parseBookingReference('WAN-7K2QX9AB')).toBe('WAN-7K2QX9AB');
    expect(parseBookingReference(' wan-7k2qx9 ')).toBe('WAN-7K2QX9');
    expect(parseBookingReference(null)).toBeNull();
    expect(parseBookingReference('')).toBeNull();
    expect(parseBookingReference("WAN-1' or 1=1")).toBeNull();
    expect(parseBookingReference('undefined')).toBeNull();
  });
});

describe('statusNotice', () => {
  it('says confirmed, pending with the OXXO voucher, or invoice to follow', () => {
    expect(statusNotice({ status: 'confirmed', paymentMethod: 'card', oxxoReference: null })).toEqual({ kind: 'confirmed' });
    expect(statusNotice({ status: 'confirmed', paymentMethod: 'invoice', oxxoReference: null })).toEqual({ kind: 'confirmed_invoice' });
    expect(statusNotice({ status: 'pending', paymentMethod: 'oxxo', oxxoReference: '9300 1234' })).toEqual({ kind: 'pending_oxxo', voucher: '9300 1234' });
    expect(statusNotice({ status: 'pending', paymentMethod: 'oxxo', oxxoReference: '9300 1234', oxxoExpiresAt: '2026-11-26T08:00:00.000Z' })).toEqual({
      kind: 'pending_oxxo',
      voucher: '9300 1234',
      expiresAt: '2026-11-26T08:00:00.000Z',
    });
    expect(statusNotice({ status: 'pending', paymentMethod: 'invoice', oxxoReference: null })).toEqual({ kind: 'pending_invoice' });
    expect(statusNotice({ status: 'pending', paymentMethod: null, oxxoReference: null })).toEqual({ kind: 'pending' });
    expect(statusNotice({ status: 'cancelled', paymentMethod: 'card', oxxoReference: null })).toEqual({ kind: 'cancelled' });
  });
});

describe('publicTravellerName', () => {
  it('keeps the first name and the last initial', () => {
    expect(publicTravellerName('Dora', 'duplicate')).toBe('Dora D.');
    expect(publicTravellerName('Dora', '')).toBe('Dora');
  });
});

describe('partyFacts', () => {
  it('reads the held quantity and the selection kept with the hold', () => {
    expect(partyFacts({ product: 'HLT', quantity: 2, selection: { guestsPerRoom: '3' } })).toEqual([
      { kind: 'rooms', count: 2 },
      { kind: 'guestsPerRoom', count: 3 },
    ]);
    expect(partyFacts({ product: 'HLT', quantity: 1, selection: null, holidayHome: true })).toEqual([{ kind: 'homes', count: 1 }]);
    expect(partyFacts({ product: 'FLT', quantity: 2, selection: null })).toEqual([{ kind: 'passengers', count: 2 }]);
    expect(partyFacts({ product: 'FLT', quantity: 2, selection: { noofadults: '2', noofinfants: '1' } })).toEqual([{ kind: 'passengers', count: 3 }]);
    expect(partyFacts({ product: 'ACT', quantity: 4, selection: null })).toEqual([{ kind: 'guests', count: 4 }]);
    expect(partyFacts({ product: 'RESTAURANT', quantity: 1, selection: { guests: '6' } })).toEqual([{ kind: 'guests', count: 6 }]);
    expect(partyFacts({ product: 'TRF', quantity: 2, selection: { guests: 'x' } })).toEqual([{ kind: 'units', count: 2 }]);
    expect(partyFacts({ product: 'RST', quantity: 1, selection: null, sleeps: 4 })).toEqual([{ kind: 'sleeps', count: 4 }]);
    expect(partyFacts({ product: 'CAR', quantity: 1, selection: null })).toEqual([]);
    expect(partyFacts({ product: 'HLT', quantity: null, selection: null })).toEqual([]);
  });
});

describe('isUnreadMessage', () => {
  it('is a listed status (one that went through, or a failure) the owner has not seen', () => {
    expect(isUnreadMessage('confirmed', null)).toBe(true);
    expect(isUnreadMessage('confirmed', 'pending')).toBe(true);
    expect(isUnreadMessage('confirmed', 'confirmed')).toBe(false);
    expect(isUnreadMessage('initiated', null)).toBe(false);
    expect(isUnreadMessage('failed', null)).toBe(true);
    expect(isUnreadMessage('failed', 'failed')).toBe(false);
  });
});
