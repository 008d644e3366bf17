import { describe, expect, it } from 'vitest';
import { parseHotelSearch } from './hotel-query';
import { detailsFallbackPath, releasedHoldPath, suggestedStay } from './destination-links';
import { destinationPath } from './destination-path';

describe('destinationPath with suggestedStay', () => {
  it('searches the destination for a short stay that the hotel search accepts', () => {
    const path = destinationPath('lisbon', suggestedStay('2026-03-01', 3));
    expect(path).toBe('/search-detail?destination=lisbon&checkin=2026-03-25&checkout=2026-03-27');
    const parsed = parseHotelSearch(new URL(path, 'http://x').searchParams, '2026-03-01', 3);
    expect(parsed).toMatchObject({ ok: true, query: { destination: 'lisbon', rooms: 1, guests: 2 } });
  });
});

describe('detailsFallbackPath', () => {
  it("goes to the product's results page under the same prefix, with the notice", () => {
    expect(detailsFallbackPath('/hotel-details', { details: '/hotel-details', results: '/search-detail' })).toBe('/search-detail?notice=choose-first');
    expect(detailsFallbackPath('/holidaystays/hotel-details/', { details: '/hotel-details', results: '/search-detail' })).toBe('/holidaystays/search-detail?notice=choose-first');
    expect(detailsFallbackPath('/cars/details', { details: '/cars/details', results: '/cars/search-details' })).toBe('/cars/search-details?notice=choose-first');
  });
});

describe('releasedHoldPath', () => {
  it("goes to the product's search under the checkout's prefix, saying the hold was released", () => {
    const hotel = { checkout: '/hotel-checkout', results: '/search-detail' };
    expect(releasedHoldPath('/hotel-checkout', hotel)).toBe('/search-detail?notice=hold-released');
    expect(releasedHoldPath('/holidaystays/hotel-checkout/', hotel)).toBe('/holidaystays/search-detail?notice=hold-released');
    expect(releasedHoldPath('/activities/checkout', { checkout: '/activities/checkout', results: '/activities/search-details' })).toBe(
      '/activities/search-details?notice=hold-released',
    );
  });
});
