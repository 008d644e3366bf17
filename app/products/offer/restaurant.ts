import { offerTripList } from '~/products/offer/offer-trip';
import { offerQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Restaurants: a table for the party at a seating time. */
export const restaurant = defineProduct({
  code: 'RESTAURANT',
  loyaltyCode: 'RESTAURANT',
  family: 'offer',
  pathSegments: ['restaurants'],
  // Restaurants' page shows ads of every category (it is not one of the spec's ads pages).
  landingPages: [{ slug: 'restaurants', search: true, adsCategory: null, nav: true }],
  pages: { searchForm: '/restaurants', results: '/restaurants/search-details', details: '/restaurants/details', checkout: '/restaurants/checkout' },
  membersOnlyAds: false,
  quote: { party: 'guestsAndUnits', ...offerQuoteLines },
  success: { page: '/restaurants/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  /** Listed as an activity (offer-trip.ts). */
  tripList: offerTripList,
  /** One table fits the party, priced per guest. */
  offer: {
    unitsPer: 'booking',
    priceBy: 'guest',
    maxGuests: 10,
    searchFields: ['destination', 'date', 'time', 'guests'],
    facts: { cuisine: 'string', address: 'string', priceLevel: 'number' },
    booked: ['cuisine', 'address'],
  },
});
