import { offerQuoteLines } from '~/products/quote-lines';
import { type TripListDefinition, type TripListInput, defineProduct, tripListCommon } from '~/products/types';

/** What a transfer's trip list entry is made from (spec §3 "Transfer trip"). */
export type TransferTripItem = {
  /** The vehicle and zone, as the transfer's details page names it (transfer-selections.ts). */
  transfersName: string;
  date: string;
  time: string;
  returnDate: string | null;
  returnTime: string | null;
};

/** Spec §3 "Transfer trip": trf_transfers_name plus dates. */
export function transferTripPayload(trip: TripListInput, item: TransferTripItem) {
  return {
    ...tripListCommon(trip),
    trf_transfers_name: item.transfersName,
    trf_date: item.date,
    trf_time: item.time,
    trf_return_date: item.returnDate,
    trf_return_time: item.returnTime,
  };
}

const tripList = {
  payload: 'transfer',
  calls: { create: 'createTransfersTripList', update: 'updateTransfersTripList' },
  build: transferTripPayload,
} satisfies TripListDefinition<TransferTripItem>;

/** Airport transfers: a vehicle for the party (and its bags), one way or return. */
export const transfer = defineProduct({
  code: 'TRF',
  loyaltyCode: 'TRF',
  family: 'offer',
  pathSegments: ['transfers'],
  landingPages: [{ slug: 'transfers', search: true, adsCategory: 'TRF', nav: true }],
  pages: { searchForm: '/transfers', results: '/transfers/search-details', details: '/transfers/details', checkout: '/transfers/checkout' },
  membersOnlyAds: false,
  quote: { party: 'guestsAndUnits', ...offerQuoteLines },
  success: { page: '/transfers/checkout-success' },
  payment: { invoice: true, oxxo: true, cardGuarantee: false, clientCardToSupplier: false },
  acknowledgement: 'standard',
  tripList,
  /** One vehicle fits the party, priced per vehicle. */
  offer: {
    unitsPer: 'booking',
    priceBy: 'unit',
    maxGuests: 12,
    searchFields: ['destination', 'date', 'time', 'guests', 'bags', 'trip', 'returnDate', 'returnTime'],
    facts: { airportIata: 'string', zone: 'string', distanceKm: 'number' },
    booked: ['airportIata', 'zone'],
  },
});
