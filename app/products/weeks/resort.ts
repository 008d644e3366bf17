import { resortTripList } from '~/products/weeks/resort-trip';
import { weekQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/** Resort weeks (timeshare inventory), for members: their ads need a signed-in visitor. */
export const resort = defineProduct({
  code: 'RST',
  loyaltyCode: 'RST',
  family: 'weeks',
  pathSegments: ['resorts'],
  landingPages: [{ slug: 'resorts', search: true, adsCategory: 'RST', nav: true }],
  pages: { searchForm: '/resorts', results: '/resorts/search-details', details: '/resorts/details', checkout: '/resorts/checkout' },
  membersOnlyAds: true,
  quote: { party: 'sleeps', ...weekQuoteLines },
  success: { page: '/resorts/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList: resortTripList,
});
