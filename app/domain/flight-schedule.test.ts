import { describe, expect, it } from 'vitest';
import { type ScheduledFlight, combineLegs, instantToLocal, itinerariesFor, itineraryMinutes, localToInstant, operatesOn, parseTripOfferId, tripOfferId } from './flight-schedule';

const zones: Record<string, string> = { CUN: 'America/Cancun', MEX: 'America/Mexico_City', JFK: 'America/New_York', CDG: 'Europe/Paris' };
const tz = (iata: string) => zones[iata]!;
const DAILY = 0b1111111;
const flight = (id: number, origin: string, destination: string, departureMinutes: number, durationMinutes: number, daysOperated = DAILY): ScheduledFlight => ({
  id,
  airlineCode: 'QW',
  flightNumber: `QW${id}`,
  origin,
  destination,
  departureMinutes,
  durationMinutes,
  daysOperated,
  aircraft: 'Airbus A320neo',
});

describe('local times and instants', () => {
  it('turns a wall-clock time into an instant and back, across DST', () => {
    expect(localToInstant('2027-01-15', 8 * 60, 'America/New_York').toISOString()).toBe('2027-01-15T13:00:00.000Z');
    expect(localToInstant('2027-07-15', 8 * 60, 'America/New_York').toISOString()).toBe('2027-07-15T12:00:00.000Z');
    expect(localToInstant('2027-07-15', 23 * 60 + 30, 'Europe/Paris').toISOString()).toBe('2027-07-15T21:30:00.000Z');
    expect(instantToLocal(new Date('2027-07-15T21:30:00Z'), 'Europe/Paris')).toEqual({ date: '2027-07-15', minutes: 23 * 60 + 30 });
    expect(instantToLocal(new Date('2027-07-15T23:30:00Z'), 'Europe/Paris')).toEqual({ date: '2027-07-16', minutes: 90 });
  });

  it('knows the weekdays a flight operates', () => {
    // 2027-01-17 is a Sunday.
    expect(operatesOn(0b0000001, '2027-01-17')).toBe(true);
    expect(operatesOn(0b0000001, '2027-01-18')).toBe(false);
    expect(operatesOn(0b0000010, '2027-01-18')).toBe(true);
  });
});

describe('itinerariesFor', () => {
  const flights = [
    flight(1, 'CUN', 'JFK', 7 * 60, 240),
    flight(2, 'CUN', 'MEX', 6 * 60, 120),
    flight(3, 'MEX', 'JFK', 9 * 60, 280),
    // Leaves 40 minutes after flight 2 lands (07:00 local): too tight to connect.
    flight(4, 'MEX', 'JFK', 7 * 60 + 40, 280),
    flight(5, 'CUN', 'JFK', 18 * 60, 240, 0b0000001),
  ];

  it('gives direct flights and one-stop connections that can be made, by departure', () => {
    const found = itinerariesFor(flights, { from: 'CUN', to: 'JFK', date: '2027-01-18' }, tz);
    expect(found.map((i) => i.id)).toEqual(['2@2027-01-18.3@2027-01-18', '1@2027-01-18']);
    expect(found[0]!.segments[0]!.departsAt.toISOString()).toBe('2027-01-18T11:00:00.000Z');
    expect(itineraryMinutes(found[0]!)).toBe(8 * 60 + 40);
  });

  it('offers a flight only on the days it operates, and a connection on the next local day', () => {
    expect(itinerariesFor(flights, { from: 'CUN', to: 'JFK', date: '2027-01-17' }, tz).map((i) => i.id)).toContain('5@2027-01-17');
    const late = [flight(6, 'CUN', 'MEX', 21 * 60, 120), flight(7, 'MEX', 'JFK', 6 * 60, 280)];
    expect(itinerariesFor(late, { from: 'CUN', to: 'JFK', date: '2027-01-18' }, tz).map((i) => i.id)).toEqual(['6@2027-01-18.7@2027-01-19']);
  });

  it('combines legs only when each leaves after the previous one lands', () => {
    const out = itinerariesFor(flights, { from: 'CUN', to: 'MEX', date: '2027-01-18' }, tz);
    const back = itinerariesFor([flight(8, 'MEX', 'CUN', 7 * 60, 120), flight(9, 'MEX', 'CUN', 15 * 60, 120)], { from: 'MEX', to: 'CUN', date: '2027-01-18' }, tz);
    const trips = combineLegs([out, back], 100);
    expect(trips.map(tripOfferId)).toEqual(['2@2027-01-18_9@2027-01-18']);
    expect(combineLegs([], 10)).toEqual([]);
  });
});

describe('trip offer ids', () => {
  it('reads back the itinerary of each leg and refuses anything else', () => {
    expect(parseTripOfferId('2@2027-01-18.3@2027-01-18_9@2027-01-25')).toEqual(['2@2027-01-18.3@2027-01-18', '9@2027-01-25']);
    expect(parseTripOfferId('')).toBeNull();
    expect(parseTripOfferId('2@2027-01-18_3@x')).toBeNull();
    expect(parseTripOfferId('1@2027-01-01_2@2027-01-01_3@2027-01-01_4@2027-01-01')).toBeNull();
  });
});

describe('display helpers', () => {
  it('writes clock times, durations and the part of the day', async () => {
    const { clockText, durationText, departureWindow } = await import('./flight-schedule');
    expect(clockText(0)).toBe('00:00');
    expect(clockText(13 * 60 + 5)).toBe('13:05');
    expect(durationText(125)).toBe('2h 05m');
    expect([departureWindow(4 * 60 + 59), departureWindow(5 * 60), departureWindow(12 * 60), departureWindow(18 * 60)]).toEqual(['night', 'morning', 'afternoon', 'evening']);
  });
});
