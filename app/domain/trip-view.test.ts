import { describe, expect, it } from 'vitest';
import type { ProductCode } from '~/products/registry';
import { tripItems, tripPayloadOf } from '../../test/support/trip-items';
import { splitTrips, tripItemView, tripTotals } from './trip-view';

const trip = { tripListId: null, tripListName: '', userId: 'u', orgId: 'o', checkinDate: '2026-12-01', checkoutDate: '2026-12-08', tripImage: '' };

describe('tripItemView', () => {
  it('names every product’s item, with its local times and price', () => {
    const view = (code: ProductCode) => tripItemView(code, tripPayloadOf(code, trip));
    const cancun = { startZone: 'America/Cancun', endZone: 'America/Cancun', startDate: null, endDate: null };
    expect(view('HLT')).toEqual({ name: 'Hotel Azul', startTime: null, endTime: null, ...cancun, amount: 812, currency: 'USD' });
    expect(view('CAR')).toEqual({ name: 'Nissan Versa (Compact)', startTime: '10:00', endTime: '10:00', ...cancun, amount: 210, currency: 'USD' });
    expect(view('FLT')).toMatchObject({ name: 'MEX → CUN', amount: 300, currency: 'USD', startZone: 'America/Mexico_City', endZone: 'America/Cancun' });
    expect(view('ACT')).toEqual({ name: 'Cancún', startTime: '09:00', endTime: null, ...cancun, amount: 100, currency: null });
    expect(view('TRF')).toEqual({
      name: 'Hotel zone · Private van',
      startTime: '14:00',
      endTime: null,
      startZone: null,
      endZone: null,
      startDate: null,
      endDate: null,
      amount: null,
      currency: null,
    });
    expect(view('RST')).toMatchObject({ name: 'Ocean Blvd', amount: 1200 });
    // An ISO date without a time is an all-day item.
    expect(view('CRUISE')).toMatchObject({ name: 'Cozumel', startTime: null });
    for (const code of Object.keys(tripItems) as ProductCode[]) expect(view(code).name, code).not.toBeNull();
  });

  it('reads an item of a product this build does not know as nothing known, not as another product’s', () => {
    const payload = { destination: 'Cancún', start_time: '10:00', price: { b2c: 99 }, currency: 'USD' };
    expect(tripItemView('TOUR', payload)).toEqual({
      name: null,
      startTime: null,
      endTime: null,
      startZone: null,
      endZone: null,
      startDate: null,
      endDate: null,
      amount: null,
      currency: null,
    });
    expect(tripItemView('ACT', payload)).toMatchObject({ name: 'Cancún', startTime: '10:00', amount: 99 });
  });

  it('names nothing for a booking’s own item', () => {
    expect(tripItemView('HLT', { booking_reference: 'WAN-1' })).toEqual({
      name: null,
      startTime: null,
      endTime: null,
      startZone: null,
      endZone: null,
      startDate: null,
      endDate: null,
      amount: null,
      currency: null,
    });
  });

  it('reads a flight’s departure and arrival instants as the wall clocks at its airports', () => {
    const bnds = [{ from: 'CUN', to: 'JFK', departs_at: '2027-03-14T13:00:00.000Z', arrives_at: '2027-03-14T17:05:00.000Z' }];
    expect(tripItemView('FLT', { ...tripPayloadOf('FLT', trip), bnds })).toMatchObject({
      startTime: '08:00',
      startZone: 'America/Cancun',
      startDate: '2027-03-14',
      // New York is on daylight time from that morning.
      endTime: '13:05',
      endZone: 'America/New_York',
      endDate: '2027-03-14',
    });
    // An arrival after midnight there is on the next day.
    const late = [{ from: 'JFK', to: 'CUN', departs_at: '2027-03-15T03:30:00Z', arrives_at: '2027-03-15T07:30:00Z' }];
    expect(tripItemView('FLT', { ...tripPayloadOf('FLT', trip), bnds: late })).toMatchObject({
      startDate: '2027-03-14',
      startTime: '23:30',
      endDate: '2027-03-15',
      endTime: '02:30',
    });
  });

  it('sums a flight’s fare as a number in its currency', () => {
    const fare = { brand: 'BASIC', before_tax: 250, tax: 40, total: 290, currency: 'MXN' };
    expect(tripItemView('FLT', { ...tripPayloadOf('FLT', trip), fare_summary: fare })).toMatchObject({ amount: 290, currency: 'MXN' });
  });
});

it('sums totals per currency', () => {
  expect(
    tripTotals([
      { amount: 10.1, currency: 'USD' },
      { amount: null, currency: 'USD' },
      { amount: 5, currency: 'MXN' },
      { amount: 0.2, currency: 'USD' },
    ]),
  ).toEqual([
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
