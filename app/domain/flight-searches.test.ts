import { describe, expect, it, vi } from 'vitest';
import type { FlightSearch } from './flight-query';
import { AIRPORTS } from './airports-data';
import { addSavedFlightSearch, flightFormValuesOf, placesOf, readSavedFlightSearches, savedFlightSearchOf as savedOf, savedFlightSearchSummary } from './flight-searches';

/** As the search form does, with the airports its page was given (here: all of ours). */
const places = placesOf(AIRPORTS.map((a) => ({ iata: a.iata, name: a.name, city: a.city, country: a.countryName })));
const savedFlightSearchOf = (search: FlightSearch) => savedOf(search, places);

const roundTrip: FlightSearch = {
  tripType: 'roundtrip',
  legs: [
    { from: 'CUN', to: 'MCO', date: '2027-02-01' },
    { from: 'MCO', to: 'CUN', date: '2027-02-08' },
  ],
  cabin: 'economy',
  adults: 2,
  children: 1,
  infants: 1,
};
const multi: FlightSearch = {
  tripType: 'multicity',
  legs: [
    { from: 'CUN', to: 'MCO', date: '2027-02-01' },
    { from: 'MCO', to: 'JFK', date: '2027-02-03' },
    { from: 'JFK', to: 'CUN', date: '2027-02-05' },
  ],
  cabin: 'business',
  adults: 1,
  children: 0,
  infants: 0,
};

describe('saved flight searches', () => {
  it('name airports by the ones the form was given; another keeps its code only', () => {
    const onlyCancun = placesOf([{ iata: 'CUN', name: 'Cancún International Airport', city: 'Cancún', country: 'Mexico' }]);
    const saved = savedOf(roundTrip, onlyCancun);
    expect(saved.from).toEqual({ iata: 'CUN', name: 'Cancún International Airport', city: 'Cancún', country: 'Mexico' });
    expect(saved.to).toEqual({ iata: 'MCO' });
  });

  it('stores the spec fields with text dates that the reader accepts', () => {
    const saved = savedFlightSearchOf(roundTrip);
    expect(saved).toMatchObject({
      flightDesktopValue: 'Mon, Feb 01 27',
      flightDesktopValueReturn: 'Mon, Feb 08 27',
      flightDesktopValueCode: '2027-02-01',
      from: { iata: 'CUN', city: 'Cancún' },
      to: { iata: 'MCO' },
      Traveller: { adult: 2, child: 1, infant: 1 },
      tripType: 'roundtrip',
      cabinClass: 'economy',
      BagsCount: 0,
    });
    expect(readSavedFlightSearches([saved])).toEqual([saved]);
    expect(savedFlightSearchOf({ ...roundTrip, tripType: 'oneway', legs: roundTrip.legs.slice(0, 1) }).flightDesktopValueReturn).toBe('');
  });

  it('keeps the newest first, without repeats or junk, at most five', () => {
    const a = savedFlightSearchOf(roundTrip);
    const b = savedFlightSearchOf(multi);
    expect(addSavedFlightSearch(null, a)).toEqual([a]);
    expect(addSavedFlightSearch([a, 'junk', { nope: 1 }], b)).toEqual([b, a]);
    expect(addSavedFlightSearch([b, a], a)).toEqual([a, b]);
    const many = Array.from({ length: 7 }, (_, i) => savedFlightSearchOf({ ...roundTrip, adults: i + 1 }));
    expect(addSavedFlightSearch(many, b)).toHaveLength(5);
  });

  it('runs a search again with YYYY-MM-DD dates, multi-city legs included', () => {
    expect(flightFormValuesOf(savedFlightSearchOf(roundTrip))).toEqual({
      triptype: 'roundtrip',
      from: 'CUN',
      to: 'MCO',
      depart: '2027-02-01',
      return: '2027-02-08',
      cabinclass: 'economy',
      noofadults: '2',
      noofchilds: '1',
      noofinfants: '1',
    });
    expect(flightFormValuesOf(savedFlightSearchOf(multi))).toMatchObject({
      from2: 'MCO',
      to2: 'JFK',
      depart2: '2027-02-03',
      from3: 'JFK',
      to3: 'CUN',
      depart3: '2027-02-05',
      return: '',
    });
    expect(savedFlightSearchSummary(savedFlightSearchOf(multi))).toBe('CUN → MCO → JFK → CUN · Mon, Feb 01 27 – Wed, Feb 03 27 – Fri, Feb 05 27');
  });

  it('leaves a date it cannot read empty and logs it, without failing', () => {
    const saved = savedFlightSearchOf(multi);
    const broken = { ...saved, searchTypes: [{ from: 'MCO', to: 'JFK', flightDesktopValue: 'Someday, Feb 31 27' }] };
    const log = vi.fn();
    const values = flightFormValuesOf(broken, log);
    expect(values.depart2).toBe('');
    expect(values.depart).toBe('2027-02-01');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![1]).toMatchObject({ input: 'Someday, Feb 31 27' });
  });
});
