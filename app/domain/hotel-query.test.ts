import { describe, expect, it } from 'vitest';
import { hotelSearchParams, parseHotelSearch } from './hotel-query';

const TODAY = '2027-03-10';
const parse = (init: Record<string, string>, minDays = 1) => parseHotelSearch(new URLSearchParams(init), TODAY, minDays);
const good = { destination: 'cancun', checkin: '2027-03-20', checkout: '2027-03-23', rooms: '2', guests: '3' };

describe('parseHotelSearch', () => {
  it('reads a complete search', () => {
    expect(parse(good)).toEqual({ ok: true, query: { destination: 'cancun', checkin: '2027-03-20', checkout: '2027-03-23', rooms: 2, guests: 3 } });
  });

  it('defaults to one room for two guests', () => {
    const result = parse({ destination: 'paris', checkin: '2027-03-20', checkout: '2027-03-21' });
    expect(result).toMatchObject({ ok: true, query: { rooms: 1, guests: 2 } });
  });

  it('reports each bad field', () => {
    const result = parse({ destination: 'Not a slug!', checkin: '2027-02-30', checkout: 'x', rooms: '9', guests: '0' });
    expect(result).toEqual({
      ok: false,
      errors: {
        destination: 'search.error.destination',
        checkin: 'search.error.checkin',
        checkout: 'search.error.checkout',
        rooms: 'search.error.rooms',
        guests: 'search.error.guests',
      },
      values: { destination: 'Not a slug!', checkin: '2027-02-30', checkout: 'x', rooms: '9', guests: '0' },
    });
  });

  it('refuses a check-in before the minimum lead days', () => {
    expect(parse({ ...good, checkin: '2027-03-10' })).toMatchObject({ ok: false, errors: { checkin: 'search.error.checkinTooSoon' } });
    expect(parse({ ...good, checkin: '2027-03-11' })).toMatchObject({ ok: true });
    expect(parse({ ...good, checkin: '2027-03-11' }, 3)).toMatchObject({ ok: false, errors: { checkin: 'search.error.checkinTooSoon' } });
  });

  it('needs at least one night and at most thirty', () => {
    expect(parse({ ...good, checkout: '2027-03-20' })).toMatchObject({ ok: false, errors: { checkout: 'search.error.checkoutBeforeCheckin' } });
    expect(parse({ ...good, checkout: '2027-04-20' })).toMatchObject({ ok: false, errors: { checkout: 'search.error.tooManyNights' } });
  });

  it('round-trips through URL parameters', () => {
    const result = parse(good);
    if (!result.ok) throw new Error('expected a search');
    expect(parseHotelSearch(hotelSearchParams(result.query), TODAY, 1)).toEqual(result);
  });

  it('reads a package search, round-trips it, and refuses any other package value', () => {
    const result = parse({ ...good, package: '1' });
    expect(result).toMatchObject({ ok: true, query: { packageRate: true } });
    if (!result.ok) throw new Error('expected a search');
    expect(hotelSearchParams(result.query).get('package')).toBe('1');
    expect(parseHotelSearch(hotelSearchParams(result.query), TODAY, 1)).toEqual(result);
    expect(parse({ ...good, package: 'yes' })).toMatchObject({ ok: false, errors: { packageRate: 'search.error.package' }, values: { packageRate: 'yes' } });
  });
});

describe('parseHotelSearch for holiday homes', () => {
  it('takes up to six guests per home, where a hotel room takes four', () => {
    const six = new URLSearchParams({ ...good, guests: '6' });
    expect(parseHotelSearch(six, TODAY, 1, 'holiday_home')).toMatchObject({ ok: true, query: { guests: 6 } });
    expect(parseHotelSearch(six, TODAY, 1, 'hotel')).toMatchObject({ ok: false, errors: { guests: 'search.error.guests' } });
    const bad = new URLSearchParams({ ...good, rooms: '6', guests: '7' });
    expect(parseHotelSearch(bad, TODAY, 1, 'holiday_home')).toMatchObject({ ok: false, errors: { rooms: 'homes.search.error.units', guests: 'homes.search.error.guests' } });
  });
});
