import { describe, expect, it } from 'vitest';
import type { ProductCode } from '~/products/registry';
import { tripItems, tripPayloadOf } from '../../test/support/trip-items';
import { splitTrips, tripItemView, tripTotals } from './trip-view';

const trip = { tripListId: null, tripListName: '', userId: 'u', orgId: 'o', checkinDate: '2026-12-01', checkoutDate: '2026-12-08', tripImage: '' };

describe('tripItemView', () => {
  it('names every product’s item, with its local times and price', () => {
    const view = (code: ProductCode) => tripItemView(code, tripPayloadOf(code, trip));
    expect(view('HLT')).toEqual({ name: 'Hotel Azul', startTime: null, endTime: null, amount: 812, currency: null });
    expect(view('CAR')).toEqual({ name: 'Nissan Versa (Compact)', startTime: '10:00', endTime: '10:00', amount: 210, currency: 'USD' });
    expect(view('FLT')).toMatchObject({ name: 'MEX → CUN', amount: 300 });
    expect(view('ACT')).toEqual({ name: 'Cancún', startTime: '09:00', endTime: null, amount: 100, currency: null });
    expect(view('TRF')).toEqual({ name: 'Hotel zone · Private van', startTime: '14:00', endTime: null, amount: null, currency: null });
    expect(view('RST')).toMatchObject({ name: 'Ocean Blvd', amount: 1200 });
    // An ISO date without a time is an all-day item.
    expect(view('CRUISE')).toMatchObject({ name: 'Cozumel', startTime: null });
    for (const code of Object.keys(tripItems) as ProductCode[]) expect(view(code).name, code).not.toBeNull();
  });

  it('names nothing for a booking’s own item', () => {
    expect(tripItemView('HLT', { booking_reference: 'WAN-1' })).toEqual({ name: null, startTime: null, endTime: null, amount: null, currency: null });
  });
});

it('sums totals per currency', () => {
  expect(tripTotals([{ amount: 10.1, currency: 'USD' }, { amount: null, currency: 'USD' }, { amount: 5, currency: 'MXN' }, { amount: 0.2, currency: 'USD' }])).toEqual([
    { currency: 'USD', amount: 10.3 },
    { currency: 'MXN', amount: 5 },
  ]);
});

it('lists upcoming trips soonest first, then past ones latest first', () => {
  const trips = [
    { id: 'a', startsOn: '2026-01-01', endsOn: '2026-01-05' },
    { id: 'b', startsOn: '2026-12-20', endsOn: '2026-12-24' },
    { id: 'c', startsOn: '2026-11-20', endsOn: '2026-11-25' },
    { id: 'd', startsOn: '2026-05-01', endsOn: '2026-05-03' },
  ];
  const { upcoming, past } = splitTrips(trips, '2026-11-24');
  expect(upcoming.map((t) => t.id)).toEqual(['c', 'b']);
  expect(past.map((t) => t.id)).toEqual(['d', 'a']);
});
