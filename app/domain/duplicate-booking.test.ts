import { describe, expect, it } from 'vitest';
import { isDuplicateBooking, type BookingForDuplicateCheck } from './duplicate-booking';

function booking(overrides: Partial<BookingForDuplicateCheck> = {}): BookingForDuplicateCheck {
  return {
    productCode: 'HLT',
    itemId: 'hotel-42',
    checkin: '2026-12-01',
    checkout: '2026-12-05',
    guest: { firstName: 'José', lastName: 'Pérez' },
    status: 'confirmed',
    ...overrides,
  };
}

const candidate = booking({ status: undefined });

describe('isDuplicateBooking', () => {
  it('finds the same guest, product and dates', () => {
    expect(isDuplicateBooking(candidate, [booking()])).toBe(true);
  });

  it('is false with no existing bookings', () => {
    expect(isDuplicateBooking(candidate, [])).toBe(false);
  });

  it.each([
    ['case', { firstName: 'JOSÉ', lastName: 'pérez' }],
    ['accents', { firstName: 'Jose', lastName: 'Perez' }],
    ['decomposed accents', { firstName: 'Jose\u0301', lastName: 'Pe\u0301rez' }],
    ['surrounding spaces', { firstName: '  José ', lastName: '\tPérez\n' }],
    ['non-breaking spaces', { firstName: '\u00a0José\u00a0', lastName: 'Pérez' }],
  ])('ignores %s in the name', (_, guest) => {
    expect(isDuplicateBooking(booking({ guest }), [booking()])).toBe(true);
  });

  it('collapses repeated inner spaces in compound names', () => {
    const existing = booking({ guest: { firstName: 'María José', lastName: 'de la Cruz' } });
    expect(isDuplicateBooking(booking({ guest: { firstName: 'maria  jose', lastName: 'De  La Cruz' } }), [existing])).toBe(true);
  });

  it('needs both first and last name to match', () => {
    expect(isDuplicateBooking(booking({ guest: { firstName: 'Josefa', lastName: 'Pérez' } }), [booking()])).toBe(false);
    expect(isDuplicateBooking(booking({ guest: { firstName: 'José', lastName: 'Pérez Soto' } }), [booking()])).toBe(false);
    // Swapping the fields is a different guest, not a typo we may guess at.
    expect(isDuplicateBooking(booking({ guest: { firstName: 'Pérez', lastName: 'José' } }), [booking()])).toBe(false);
  });

  it('ignores other products', () => {
    expect(isDuplicateBooking(booking({ productCode: 'CAR' }), [booking()])).toBe(false);
  });

  it('compares product codes without regard to case', () => {
    expect(isDuplicateBooking(booking({ productCode: 'hlt' }), [booking()])).toBe(true);
  });

  it('ignores other dates', () => {
    expect(isDuplicateBooking(booking({ checkin: '2026-12-02' }), [booking()])).toBe(false);
    expect(isDuplicateBooking(booking({ checkout: '2026-12-06' }), [booking()])).toBe(false);
  });

  it('compares single-date bookings on their one date', () => {
    const activity = booking({ productCode: 'ACT', itemId: 'tour-1', checkout: undefined });
    expect(isDuplicateBooking(activity, [booking({ productCode: 'ACT', itemId: 'tour-1', checkout: null })])).toBe(true);
    expect(isDuplicateBooking(activity, [booking({ productCode: 'ACT', itemId: 'tour-1', checkout: '' })])).toBe(true);
    expect(isDuplicateBooking(activity, [booking({ productCode: 'ACT', itemId: 'tour-1', checkin: '2026-12-02', checkout: null })])).toBe(false);
  });

  it('does not match a single date against a date range', () => {
    expect(isDuplicateBooking(booking({ checkout: null }), [booking()])).toBe(false);
  });

  it.each(['cancelled', 'CANCELLED', 'canceled', ' Cancelled ', 'CXL'])('ignores an existing booking with status %j', (status) => {
    expect(isDuplicateBooking(candidate, [booking({ status })])).toBe(false);
  });

  it.each(['confirmed', 'pending', 'A', '', null, undefined])('counts an existing booking with status %j', (status) => {
    expect(isDuplicateBooking(candidate, [booking({ status })])).toBe(true);
  });

  it('finds a live duplicate among cancelled ones', () => {
    expect(isDuplicateBooking(candidate, [booking({ status: 'cancelled' }), booking({ status: 'confirmed' })])).toBe(true);
  });

  it('needs the same item when both sides name one', () => {
    expect(isDuplicateBooking(booking({ itemId: 'hotel-7' }), [booking()])).toBe(false);
    expect(isDuplicateBooking(booking({ itemId: 42 }), [booking({ itemId: '42' })])).toBe(true);
  });

  it('matches on product, dates and name when either side lacks an item', () => {
    expect(isDuplicateBooking(booking({ itemId: undefined }), [booking()])).toBe(true);
    expect(isDuplicateBooking(candidate, [booking({ itemId: null })])).toBe(true);
  });

  it('never calls blank names duplicates', () => {
    const blank = { firstName: ' ', lastName: '' };
    expect(isDuplicateBooking(booking({ guest: blank }), [booking({ guest: blank })])).toBe(false);
    expect(isDuplicateBooking(booking({ guest: { firstName: 'José', lastName: '' } }), [booking({ guest: { firstName: 'José', lastName: '' } })])).toBe(false);
  });

  it('survives malformed existing records from storage', () => {
    const broken = JSON.parse('[{"productCode":"HLT","checkin":"2026-12-01","checkout":"2026-12-05","guest":null}]');
    expect(isDuplicateBooking(candidate, broken)).toBe(false);
    expect(isDuplicateBooking(candidate, [...broken, booking()])).toBe(true);
  });

  it('needs a check-in date and a product on the candidate', () => {
    expect(isDuplicateBooking(booking({ checkin: '' }), [booking({ checkin: '' })])).toBe(false);
    expect(isDuplicateBooking(booking({ productCode: '' }), [booking({ productCode: '' })])).toBe(false);
  });
});
