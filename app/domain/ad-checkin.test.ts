import { describe, expect, it } from 'vitest';
import { adCheckin, checkinOfAdLink } from './ad-checkin';

describe("an ad's check-in (adsCheckinDate)", () => {
  it('is the checkin its link carries, when it is a day', () => {
    expect(checkinOfAdLink('/search-detail?destination=cancun&checkin=2027-03-10&checkout=2027-03-13')).toBe('2027-03-10');
    expect(checkinOfAdLink('/hotels')).toBeNull();
    expect(checkinOfAdLink('/search-detail?checkin=next-week')).toBeNull();
  });

  it('becomes a search default only while it can still be booked', () => {
    expect(adCheckin('2027-03-10', '2027-03-01')).toBe('2027-03-10');
    expect(adCheckin('2027-02-28', '2027-03-01')).toBeNull();
    expect(adCheckin('2027-13-40', '2027-03-01')).toBeNull();
    expect(adCheckin(undefined, '2027-03-01')).toBeNull();
  });
});
