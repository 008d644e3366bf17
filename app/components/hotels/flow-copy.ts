import type { PropertyType } from '~/domain/hotel-flow';
import type { MessageKey } from '~/i18n';

/**
 * The words that differ between the hotel flow and its holiday-homes variant (a room is a
 * home there); one table so the shared pages never test the property type line by line.
 */
export const flowCopy = {
  hotel: {
    searchTitle: 'search.hotel.title',
    searchUnits: 'search.rooms',
    searchGuests: 'search.guests',
    searchSubmit: 'search.submitHotels',
    resultsTitle: 'results.title',
    resultsCount: 'results.count',
    resultsNone: 'results.none',
    resultsView: 'results.viewRooms',
    detailsUnits: 'details.rooms',
    heldUntil: 'checkout.heldUntil',
    expired: 'checkout.expired',
    soldOut: 'checkout.soldOut',
    stay: 'checkout.stay',
  },
  holiday_home: {
    searchTitle: 'homes.search.title',
    searchUnits: 'homes.search.units',
    searchGuests: 'homes.search.guests',
    searchSubmit: 'homes.search.submit',
    resultsTitle: 'homes.results.title',
    resultsCount: 'homes.results.count',
    resultsNone: 'homes.results.none',
    resultsView: 'homes.results.view',
    detailsUnits: 'homes.details.units',
    heldUntil: 'homes.checkout.heldUntil',
    expired: 'homes.checkout.expired',
    soldOut: 'homes.checkout.soldOut',
    stay: 'homes.checkout.stay',
  },
} as const satisfies Record<PropertyType, Record<string, MessageKey>>;
