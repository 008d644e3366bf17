import { offerTripList } from '~/products/offer/offer-trip';
import { offerQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Cruises: a cabin for the party on a sailing in the month asked for. */
export const cruise = defineProduct({
  code: 'CRUISE',
  loyaltyCode: 'CRUISE',
  family: 'offer',
  pathSegments: ['cruises'],
  landingPages: [{ slug: 'cruises', search: true, adsCategory: 'CRUISE', nav: true }],
  pages: { searchForm: '/cruises', results: '/cruises/search-details', details: '/cruises/details', checkout: '/cruises/checkout' },
  membersOnlyAds: false,
  quote: { party: 'guestsAndUnits', ...offerQuoteLines },
  success: { page: '/cruises/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  /** Listed as an activity (offer-trip.ts). */
  tripList: offerTripList,
  /** One cabin fits the party, priced per cabin. */
  offer: {
    unitsPer: 'booking',
    priceBy: 'unit',
    maxGuests: 4,
    searchFields: ['destination', 'month', 'guests'],
    facts: { ship: 'string', line: 'string', region: 'string', nights: 'number', departurePort: 'string', ports: 'strings' },
    booked: ['ship', 'line', 'departurePort', 'nights'],
  },
});
