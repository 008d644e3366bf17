import { describe, expect, it } from 'vitest';
import { addSavedCarSearch, readSavedCarSearches, type SavedCarSearch } from './car-searches';
import { readSavedFlightSearches, type SavedFlightSearch } from './flight-searches';

const TODAY = '2026-11-22';

function car(overrides: Partial<SavedCarSearch> = {}): SavedCarSearch {
  return {
    preferences: { carType: 'SUV' },
    pickLocation: 'Cancún International Airport (CUN)',
    pickUpCode: 'CUN',
    dropUpCode: 'CUN',
    pickUpDate: '2026-12-01',
    dropOffDate: '2026-12-05',
    pickUpTime: '10:00',
    dropOffTime: '10:00',
    driverAge: 30,
    checkbox: true,
    carId: null,
    carUid: null,
    cityName: 'Cancún',
    countryName: 'Mexico',
    trip_id: null,
    ...overrides,
  };
}

describe('readSavedCarSearches', () => {
  it('keeps well-formed current searches in order', () => {
    const a = car();
    const b = car({ pickUpCode: 'MEX', dropUpCode: 'MEX', cityName: 'Mexico City' });
    expect(readSavedCarSearches([a, b], TODAY)).toEqual([a, b]);
  });

  it('gives an empty list for storage that is not a list', () => {
    for (const stored of [null, undefined, '', '[]', 42, { 0: car() }]) {
      expect(readSavedCarSearches(stored, TODAY)).toEqual([]);
    }
  });

  it('drops searches whose pickup date is before today, keeping today', () => {
    const past = car({ pickUpDate: '2026-11-21', dropOffDate: '2026-11-30' });
    const todays = car({ pickUpDate: TODAY, dropOffDate: '2026-11-30' });
    expect(readSavedCarSearches([past, todays], TODAY)).toEqual([todays]);
  });

  it('keeps the first (newest) of two searches with the same codes and dates', () => {
    const newer = car({ pickUpTime: '11:00', driverAge: 40 });
    const older = car({ pickUpTime: '09:00', driverAge: 25 });
    const other = car({ dropOffDate: '2026-12-06' });
    expect(readSavedCarSearches([newer, other, older], TODAY)).toEqual([newer, other]);
  });

  it('treats different drop codes or dates as different searches', () => {
    const list = [car(), car({ dropUpCode: 'MEX', checkbox: false }), car({ pickUpDate: '2026-12-02' }), car({ dropOffDate: '2026-12-06' })];
    expect(readSavedCarSearches(list, TODAY)).toHaveLength(4);
  });

  it('compares codes without regard to case or surrounding spaces', () => {
    const newer = car({ pickUpCode: ' CUN ' });
    const older = car({ pickUpCode: 'cun' });
    const result = readSavedCarSearches([newer, older], TODAY);
    expect(result).toHaveLength(1);
    expect(result[0]?.pickUpCode).toBe('CUN');
  });

  it('accepts a driver age stored as digits and returns a number', () => {
    expect(readSavedCarSearches([{ ...car(), driverAge: '35' }], TODAY)[0]?.driverAge).toBe(35);
  });

  it('accepts searches without the optional ids and preferences', () => {
    const { preferences: _p, carId: _c, carUid: _u, trip_id: _t, ...bare } = car();
    expect(readSavedCarSearches([bare], TODAY)).toEqual([bare]);
  });

  it('does not carry unknown keys forward', () => {
    const [read] = readSavedCarSearches([{ ...car(), legacyField: 'x' }], TODAY);
    expect(read).toEqual(car());
    expect(read).not.toHaveProperty('legacyField');
  });

  it.each<[string, Record<string, unknown>]>([
    ['a missing pickup code', { pickUpCode: undefined }],
    ['a blank pickup code', { pickUpCode: '  ' }],
    ['a numeric drop code', { dropUpCode: 42 }],
    ['a missing drop-off date', { dropOffDate: undefined }],
    ['an impossible pickup date', { pickUpDate: '2026-02-30' }],
    ['a pickup date in another format', { pickUpDate: '01/12/2026' }],
    ['a drop-off before the pickup', { dropOffDate: '2026-11-30' }],
    ['a same-day drop-off before the pickup time', { dropOffDate: '2026-12-01', dropOffTime: '09:00' }],
    ['a same-day drop-off at the pickup time', { dropOffDate: '2026-12-01' }],
    ['a bad pickup time', { pickUpTime: '25:00' }],
    ['a 12-hour drop-off time', { dropOffTime: '10:00 AM' }],
    ['a driver age that is not a number', { driverAge: 'thirty' }],
    ['a fractional driver age', { driverAge: 30.5 }],
    ['a child driver', { driverAge: 9 }],
    ['an absurd driver age', { driverAge: 300 }],
    ['a missing same-drop-off flag', { checkbox: undefined }],
    ['a same-drop-off flag stored as text', { checkbox: 'true' }],
    ['a missing city name', { cityName: undefined }],
    ['an object car id', { carId: { id: 1 } }],
    ['a NaN trip id', { trip_id: Number.NaN }],
  ])('drops an entry with %s', (_, overrides) => {
    const good = car({ pickUpCode: 'MEX', dropUpCode: 'MEX' });
    expect(readSavedCarSearches([{ ...car(), ...overrides }, good], TODAY)).toEqual([good]);
  });

  it('drops entries that are not objects', () => {
    const good = car();
    expect(readSavedCarSearches([null, 'CUN', 7, [car()], good], TODAY)).toEqual([good]);
  });

  it('refuses a bad today instead of guessing', () => {
    expect(() => readSavedCarSearches([car()], '22/11/2026')).toThrow(RangeError);
  });
});

describe('addSavedCarSearch', () => {
  it('puts the new search first', () => {
    const old = car({ pickUpCode: 'MEX', dropUpCode: 'MEX' });
    const fresh = car();
    expect(addSavedCarSearch([old], fresh, TODAY)).toEqual([fresh, old]);
  });

  it('replaces an older copy of the same search', () => {
    const old = car({ pickUpTime: '08:00' });
    const other = car({ pickUpCode: 'MEX', dropUpCode: 'MEX' });
    const fresh = car({ pickUpTime: '12:00' });
    expect(addSavedCarSearch([other, old], fresh, TODAY)).toEqual([fresh, other]);
  });

  it('drops expired searches, including an expired new one', () => {
    const expired = car({ pickUpCode: 'MEX', pickUpDate: '2026-11-01', dropOffDate: '2026-11-03' });
    const kept = car({ pickUpCode: 'GDL', dropUpCode: 'GDL' });
    expect(addSavedCarSearch([expired, kept], car(), TODAY)).toEqual([car(), kept]);
    expect(addSavedCarSearch([kept], expired, TODAY)).toEqual([kept]);
  });

  it('keeps at most ten by default, dropping the oldest', () => {
    const list = Array.from({ length: 10 }, (_, i) => car({ pickUpCode: `C${i}`, dropUpCode: `C${i}` }));
    const fresh = car();
    const result = addSavedCarSearch(list, fresh, TODAY);
    expect(result).toHaveLength(10);
    expect(result[0]).toEqual(fresh);
    expect(result[9]?.pickUpCode).toBe('C8');
  });

  it('honours a custom maximum and sanitises a bad one', () => {
    const list = [car({ pickUpCode: 'A' }), car({ pickUpCode: 'B' })];
    expect(addSavedCarSearch(list, car(), TODAY, 2)).toHaveLength(2);
    expect(addSavedCarSearch(list, car(), TODAY, 2.7)).toHaveLength(2);
    expect(addSavedCarSearch(list, car(), TODAY, 0)).toEqual([]);
    expect(addSavedCarSearch(list, car(), TODAY, -3)).toEqual([]);
    expect(addSavedCarSearch(list, car(), TODAY, Number.NaN)).toEqual([]);
  });

  it('does not change the list it was given', () => {
    const list = [car({ pickUpCode: 'MEX' })];
    const copy = structuredClone(list);
    addSavedCarSearch(list, car(), TODAY);
    expect(list).toEqual(copy);
  });

  it('round-trips through read', () => {
    const list = addSavedCarSearch([car({ pickUpCode: 'MEX' })], car(), TODAY);
    expect(readSavedCarSearches(JSON.parse(JSON.stringify(list)), TODAY)).toEqual(list);
  });
});

function flight(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const search: SavedFlightSearch = {
    flightDesktopValue: 'Tue, Dec 01 26',
    flightDesktopValueReturn: 'Tue, Dec 08 26',
    flightDesktopValueCode: '2026-12-01',
    from: { iata: 'JFK', name: 'John F. Kennedy International Airport', city: 'New York', country: 'United States' },
    to: { iata: 'CUN', name: 'Cancún International Airport', city: 'Cancún', country: 'Mexico' },
    Traveller: { adult: 2, child: 1, infant: 1 },
    tripClass: 'Economy',
    BagsCount: 2,
    tripType: 'roundtrip',
    cabinClass: 'Y',
    bags: [{ type: 'checked', count: 2 }],
    searchTypes: 6,
  };
  return { ...search, ...overrides };
}

describe('readSavedFlightSearches', () => {
  it('keeps well-formed searches in order', () => {
    const a = flight();
    const b = flight({ from: 'MEX', to: 'CDG', flightDesktopValueReturn: '', tripType: 'oneway' });
    expect(readSavedFlightSearches([a, b])).toEqual([a, b]);
  });

  it('gives an empty list for storage that is not a list', () => {
    for (const stored of [null, undefined, 'x', 1, {}]) expect(readSavedFlightSearches(stored)).toEqual([]);
  });

  it('reads a missing or null return date as one-way', () => {
    const { flightDesktopValueReturn: _r, ...noReturn } = flight();
    expect(readSavedFlightSearches([noReturn])[0]?.flightDesktopValueReturn).toBe('');
    expect(readSavedFlightSearches([flight({ flightDesktopValueReturn: null })])[0]?.flightDesktopValueReturn).toBe('');
  });

  it('defaults missing child, infant and bag counts to zero and reads digit strings', () => {
    const [read] = readSavedFlightSearches([flight({ Traveller: { adult: '1' }, BagsCount: undefined })]);
    expect(read?.Traveller).toEqual({ adult: 1, child: 0, infant: 0 });
    expect(read?.BagsCount).toBe(0);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an invalid departure date', { flightDesktopValue: 'Mon, Feb 30 26' }],
    ['a departure in another format', { flightDesktopValue: '2026-12-01' }],
    ['a weekday that contradicts the return date', { flightDesktopValueReturn: 'Mon, Dec 08 26' }],
    ['a return before the departure', { flightDesktopValueReturn: 'Mon, Nov 30 26' }],
    ['a numeric date code', { flightDesktopValueCode: 20261201 }],
    ['no origin', { from: undefined }],
    ['a blank destination', { to: ' ' }],
    ['a place without an IATA code', { to: { city: 'Cancún' } }],
    ['a place with a non-text name', { from: { iata: 'JFK', name: 7 } }],
    ['no travellers', { Traveller: undefined }],
    ['no adult', { Traveller: { adult: 0, child: 2, infant: 0 } }],
    ['more infants than adults', { Traveller: { adult: 1, child: 0, infant: 2 } }],
    ['a negative child count', { Traveller: { adult: 1, child: -1, infant: 0 } }],
    ['a fractional adult count', { Traveller: { adult: 1.5, child: 0, infant: 0 } }],
    ['a bag count that is not a number', { BagsCount: 'two' }],
    ['a missing trip type', { tripType: undefined }],
    ['a numeric cabin class', { cabinClass: 1 }],
  ])('drops a search with %s', (_, overrides) => {
    const good = flight({ from: 'MEX' });
    expect(readSavedFlightSearches([flight(overrides), good])).toEqual([good]);
  });

  it('drops entries that are not objects', () => {
    expect(readSavedFlightSearches([null, [], 'JFK', flight()])).toEqual([flight()]);
  });
});
