import { type TripListCalls, type TripListInput, tripListCommon, type TripListDefinition } from '~/products/types';

/** What a resort or stay week's trip list entry is made from (spec §3 "Resort trip"). */
export type ResortTripItem = {
  resortId: number;
  provider: string;
  whitelabelNo: string;
  unitCost: number;
  retailPrice: number;
  feedCost: number;
  nights: number;
  stars: number;
  review: string;
  address: string;
  lat: number;
  long: number;
};

/** Spec §3 "Resort trip": the rst_-prefixed fields. Holiday stays send the same. */
export function resortTripPayload(trip: TripListInput, item: ResortTripItem) {
  return {
    ...tripListCommon(trip),
    rst_resort_id: item.resortId,
    rst_provider: item.provider,
    rst_whitelabel_no: item.whitelabelNo,
    rst_unit_cost: item.unitCost,
    rst_retail_price: item.retailPrice,
    rst_feed_cost: item.feedCost,
    rst_nights: item.nights,
    rst_stars: item.stars,
    rst_review: item.review,
    rst_address: item.address,
    rst_lat: item.lat,
    rst_long: item.long,
  };
}

const resortTripCalls = { create: 'createResortsTripList', update: 'updateResortsTripList' } as const satisfies TripListCalls;

/** The resort trip list resorts, stays and weeks send. */
export const resortTripList = {
  payload: 'resort',
  calls: resortTripCalls,
  build: resortTripPayload,
} as const satisfies TripListDefinition<ResortTripItem>;
