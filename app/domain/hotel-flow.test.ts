import { describe, expect, it } from 'vitest';
import { hotelFlowOf } from './hotel-flow';

describe('hotelFlowOf', () => {
  it('keeps the hotel flow at the root', () => {
    for (const path of ['/search-detail', '/hotel-details', '/hotel-checkout', '/', '', '/packages', '/hotels'])
      expect(hotelFlowOf(path), path).toEqual({ base: '', propertyType: 'hotel' });
  });

  it('puts the holidaystays landing and its variants in the holiday-homes flow', () => {
    for (const path of ['/holidaystays', '/holidaystays/', '/holidaystays/search-detail', '/holidaystays/hotel-details', '/HolidayStays/hotel-checkout'])
      expect(hotelFlowOf(path), path).toEqual({ base: '/holidaystays', propertyType: 'holiday_home' });
  });

  it('does not mistake a look-alike segment for the variant', () => {
    expect(hotelFlowOf('/holidaystaysx/search-detail').propertyType).toBe('hotel');
    expect(hotelFlowOf('/search-detail/holidaystays').propertyType).toBe('hotel');
  });
});
