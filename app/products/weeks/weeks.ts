import { resortTripList } from '~/products/weeks/resort-trip';
import { weekQuoteLines } from '~/products/quote-lines';
import { defineProduct } from '~/products/types';

/**
 * Weeks: one search over resort and stay weeks (and the dream-trips collection of the best of
 * them). Its results link to the resort's or stay's own details page, whose checkout holds the
 * week as RST or STY: so a WEEKS booking is an RST or STY booking.
 */
export const weeks = defineProduct({
  code: 'WEEKS',
  loyaltyCode: 'WEEKS',
  family: 'weeks',
  pathSegments: ['weeks', 'dreamtrips'],
  landingPages: [
    // Weeks' page shows resort ads (the weeks are mostly resort weeks).
    { slug: 'weeks', search: true, adsCategory: 'RST', nav: true },
    { slug: 'dreamtrips', search: true, adsCategory: null, nav: false },
  ],
  pages: { searchForm: '/weeks', results: '/weeks/search-details', details: null, checkout: null },
  membersOnlyAds: false,
  // As RST and STY quote it: a WEEKS hold is one of theirs.
  quote: { party: 'sleeps', ...weekQuoteLines },
  success: { bookedAs: ['RST', 'STY'] },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList: resortTripList,
});
