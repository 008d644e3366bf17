import { resortTripList } from '~/products/weeks/resort-trip';
import { weekQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Holiday stays by the week: the resorts' pages and supplier, for the 'STY' kind. */
export const stay = defineProduct({
  code: 'STY',
  loyaltyCode: 'STY',
  family: 'weeks',
  pathSegments: ['stays'],
  landingPages: [{ slug: 'stays', search: true, adsCategory: 'STY', nav: true }],
  pages: { searchForm: '/stays', results: '/stays/search-details', details: '/stays/details', checkout: '/stays/checkout' },
  membersOnlyAds: true,
  quote: { party: 'sleeps', ...weekQuoteLines },
  success: { page: '/stays/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList: resortTripList,
});
