import { describe, expect, it } from 'vitest';
import { isKnownAirport } from './airports';
import { flightSearchParams, parseFlightSearch, readAirport, seatsNeeded } from './flight-query';

const today = '2027-01-10';
const parse = (query: Record<string, string>) => parseFlightSearch(new URLSearchParams(query), today, 1, isKnownAirport);

describe('parseFlightSearch', () => {
  it('reads a round trip as two legs, out and back', () => {
    const parsed = parse({
      triptype: 'roundtrip',
      from: 'CUN',
      to: 'mco',
      depart: '2027-02-01',
      return: '2027-02-08',
      cabinclass: 'business',
      noofadults: '2',
      noofchilds: '1',
      noofinfants: '1',
    });
    expect(parsed).toEqual({
      ok: true,
      query: {
        tripType: 'roundtrip',
        legs: [
          { from: 'CUN', to: 'MCO', date: '2027-02-01' },
          { from: 'MCO', to: 'CUN', date: '2027-02-08' },
        ],
        cabin: 'business',
        adults: 2,
        children: 1,
        infants: 1,
      },
    });
    if (parsed.ok) {
      expect(seatsNeeded(parsed.query)).toBe(3);
      expect(parse(Object.fromEntries(flightSearchParams(parsed.query)))).toEqual(parsed);
    }
  });

  it('reads one-way and multi-city searches, the third flight being optional', () => {
    const oneWay = parse({ triptype: 'oneway', from: 'Cancún International Airport (CUN)', to: 'JFK', depart: '2027-02-01', return: 'ignored' });
    expect(oneWay.ok && oneWay.query.legs).toEqual([{ from: 'CUN', to: 'JFK', date: '2027-02-01' }]);
    const multi = parse({
      triptype: 'multicity',
      from: 'CUN',
      to: 'MCO',
      depart: '2027-02-01',
      from2: 'MCO',
      to2: 'JFK',
      depart2: '2027-02-03',
      from3: 'JFK',
      to3: 'CUN',
      depart3: '2027-02-05',
    });
    expect(multi.ok && multi.query.legs.length).toBe(3);
    if (multi.ok) expect(parse(Object.fromEntries(flightSearchParams(multi.query)))).toEqual(multi);
    const two = parse({ triptype: 'multicity', from: 'CUN', to: 'MCO', depart: '2027-02-01', from2: 'MCO', to2: 'JFK', depart2: '2027-02-03' });
    expect(two.ok && two.query.legs.length).toBe(2);
  });

  it('explains each problem per field', () => {
    const bad = parse({ triptype: 'roundtrip', from: 'XXX', to: 'XXX', depart: '2027-01-10', return: '2027-01-01', noofadults: '0', noofinfants: '3' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors).toMatchObject({ from: 'flight.error.from', to: 'flight.error.to', depart: 'flight.error.dateTooSoon', noofadults: 'flight.error.adults' });
      expect(bad.values.from).toBe('XXX');
    }
    const same = parse({ triptype: 'oneway', from: 'CUN', to: 'CUN', depart: '2027-02-01' });
    expect(!same.ok && same.errors.to).toBe('flight.error.sameAirport');
    const back = parse({ triptype: 'roundtrip', from: 'CUN', to: 'MCO', depart: '2027-02-08', return: '2027-02-01' });
    expect(!back.ok && back.errors.return).toBe('flight.error.returnBeforeDepart');
    const order = parse({ triptype: 'multicity', from: 'CUN', to: 'MCO', depart: '2027-02-08', from2: 'MCO', to2: 'JFK', depart2: '2027-02-01' });
    expect(!order.ok && order.errors.depart2).toBe('flight.error.legOrder');
    const far = parse({ triptype: 'oneway', from: 'CUN', to: 'MCO', depart: '2028-12-01' });
    expect(!far.ok && far.errors.depart).toBe('flight.error.dateTooFar');
    const crowd = parse({ triptype: 'oneway', from: 'CUN', to: 'MCO', depart: '2027-02-01', noofadults: '5', noofchilds: '5' });
    expect(!crowd.ok && crowd.errors.noofchilds).toBe('flight.error.tooMany');
    const lap = parse({ triptype: 'oneway', from: 'CUN', to: 'MCO', depart: '2027-02-01', noofadults: '1', noofinfants: '2' });
    expect(!lap.ok && lap.errors.noofinfants).toBe('flight.error.infants');
    expect(parse({ triptype: 'space', cabinclass: 'first' })).toMatchObject({ ok: false, errors: { triptype: 'flight.error.tripType', cabinclass: 'flight.error.cabin' } });
  });
});

describe('readAirport', () => {
  it('accepts a code or a suggestion text that ends with one, only for airports we know', () => {
    expect(readAirport(' jfk ', isKnownAirport)).toBe('JFK');
    expect(readAirport('John F. Kennedy (JFK)', isKnownAirport)).toBe('JFK');
    expect(readAirport('ZZZ', isKnownAirport)).toBeNull();
    expect(readAirport('', isKnownAirport)).toBeNull();
  });
});
