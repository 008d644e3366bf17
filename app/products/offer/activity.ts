import { offerTripList } from '~/products/offer/offer-trip';
import { offerQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Activities: a place per guest on a tour or a ticket, on a day (a scheduled offer). */
export const activity = defineProduct({
  code: 'ACT',
  loyaltyCode: 'ACT',
  family: 'offer',
  pathSegments: ['activities'],
  landingPages: [{ slug: 'activities', search: true, adsCategory: 'ACT', nav: true }],
  pages: { searchForm: '/activities', results: '/activities/search-details', details: '/activities/details', checkout: '/activities/checkout' },
  membersOnlyAds: false,
  quote: { party: 'guests', ...offerQuoteLines },
  success: { page: '/activities/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList: offerTripList,
  /** One unit per guest, priced per guest. */
  offer: {
    unitsPer: 'guest',
    priceBy: 'guest',
    maxGuests: 8,
    searchFields: ['destination', 'date', 'guests'],
    facts: { category: 'string', meetingPoint: 'string', languages: 'strings', includes: 'strings' },
    booked: ['category', 'meetingPoint'],
  },
});
