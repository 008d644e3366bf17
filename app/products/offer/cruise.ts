import { offerTripCalls, offerTripPayload, offerTripRules, type OfferTripItem } from '~/products/offer/offer-trip';
import { offerQuoteLines } from '~/products/quote-lines';
import { type TripListDefinition, defineProduct } from '~/products/types';

/** Listed as an activity (offer-trip.ts). */
const tripList = { calls: offerTripCalls, rules: offerTripRules, build: offerTripPayload } satisfies TripListDefinition<OfferTripItem>;

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
  tripList,
  /** One cabin fits the party, priced per cabin. */
  offer: { unitsPer: 'booking', priceBy: 'unit', maxGuests: 4 },
});
