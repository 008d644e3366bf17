import { describe, expect, it } from 'vitest';
import { daysBetween, isOfferSegment, offerProducts, offerSearchParams, parseOfferSearch, slotRange, unitsNeeded } from './offers';

const today = '2027-01-10';
const parse = (segment: Parameters<typeof parseOfferSearch>[0], query: Record<string, string>) => parseOfferSearch(segment, new URLSearchParams(query), today, 1);

describe('parseOfferSearch', () => {
  it('reads an activity search and writes it back', () => {
    const parsed = parse('activities', { destination: 'cancun', date: '2027-01-20', guests: '3' });
    expect(parsed).toEqual({
      ok: true,
      query: { destination: 'cancun', date: '2027-01-20', until: '2027-01-20', month: null, time: null, guests: 3, bags: 0, returnDate: null, returnTime: null },
    });
    if (parsed.ok) expect(offerSearchParams('activities', parsed.query).toString()).toBe('destination=cancun&date=2027-01-20&guests=3');
  });
  it('reports each bad field with a message key', () => {
    const parsed = parse('activities', { destination: 'Cancún!', date: '2027-02-30', guests: '99' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual({ destination: 'search.error.destination', date: 'offers.error.date', guests: 'offers.error.guests' });
    const soon = parse('activities', { destination: 'cancun', date: today });
    expect(!soon.ok && soon.errors.date).toBe('offers.error.tooSoon');
    const far = parse('activities', { destination: 'cancun', date: '2028-01-01' });
    expect(!far.ok && far.errors.date).toBe('offers.error.tooFar');
  });
  it('reads a return transfer with passengers and bags, and refuses a return before the pickup', () => {
    const ok = parse('transfers', {
      destination: 'cancun',
      date: '2027-01-20',
      time: '10:15',
      guests: '4',
      bags: '5',
      trip: 'return',
      return_date: '2027-01-27',
      return_time: '08:00',
    });
    expect(ok.ok && ok.query).toMatchObject({ time: '10:15', bags: 5, returnDate: '2027-01-27', returnTime: '08:00' });
    if (ok.ok) expect(offerSearchParams('transfers', ok.query).get('trip')).toBe('return');
    const back = parse('transfers', { destination: 'cancun', date: '2027-01-20', time: '10:15', trip: 'return', return_date: '2027-01-20', return_time: '09:00' });
    expect(!back.ok && back.errors.returnDate).toBe('offers.error.returnBefore');
    const oneWay = parse('transfers', { destination: 'cancun', date: '2027-01-20', time: '25:00', bags: 'x' });
    expect(!oneWay.ok && oneWay.errors).toEqual({ time: 'offers.error.time', bags: 'offers.error.bags' });
  });
  it('searches cruises over a month, from the earliest bookable day', () => {
    const now = parse('cruises', { destination: 'cancun', month: '2027-01', guests: '2' });
    expect(now.ok && [now.query.date, now.query.until, now.query.month]).toEqual(['2027-01-11', '2027-01-31', '2027-01']);
    const past = parse('cruises', { destination: 'cancun', month: '2026-12' });
    expect(!past.ok && past.errors.month).toBe('offers.error.monthRange');
    expect(parse('cruises', { destination: 'cancun', month: '2027-13' }).ok).toBe(false);
  });
  it('seats restaurants only at their slot times', () => {
    expect(parse('restaurants', { destination: 'paris', date: '2027-01-20', time: '20:00', guests: '4' }).ok).toBe(true);
    expect(parse('restaurants', { destination: 'paris', date: '2027-01-20', time: '20:10', guests: '4' }).ok).toBe(false);
  });
});

describe('engine rules', () => {
  it('maps path segments to products and nothing else', () => {
    expect(offerProducts.cruises.code).toBe('CRUISE');
    expect(isOfferSegment('restaurants')).toBe(true);
    expect(isOfferSegment('resorts')).toBe(false);
    expect(isOfferSegment('constructor')).toBe(false);
  });
  it('takes a place per guest on a tour and one unit that fits the party otherwise', () => {
    expect(unitsNeeded(offerProducts.activities, 3, 1)).toBe(3);
    expect(unitsNeeded(offerProducts.transfers, 3, 4)).toBe(1);
    expect(unitsNeeded(offerProducts.restaurants, 5, 4)).toBeNull();
  });
  it('lists days and turns a slot into its allocation range', () => {
    expect(daysBetween('2027-01-30', '2027-02-01')).toEqual(['2027-01-30', '2027-01-31', '2027-02-01']);
    const r = slotRange('2027-01-30', '22:30', 120);
    expect([r.startsAt.toISOString(), r.endsAt.toISOString()]).toEqual(['2027-01-30T22:30:00.000Z', '2027-01-31T00:30:00.000Z']);
  });
});
