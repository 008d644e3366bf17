import type { PriceType } from './room-price';

/**
 * The price of a flight fare for a party, in integer minor units of one currency. Each
 * segment carries its own net cabin fare (per adult), tax rate and our markup (B2B and B2C
 * differ only by the markup, as for rooms); the chosen branded fare scales the net fare.
 * Children pay a share of the adult fare and lap infants a small one (they take no seat).
 */
export type PassengerType = 'adult' | 'child' | 'infant';

export const PASSENGER_SHARE_PCT: Record<PassengerType, number> = { adult: 100, child: 75, infant: 10 };

export type FlightPriceSegment = {
  /** The cabin's net fare for one adult on this segment. */
  netMinor: number;
  /** Tax in basis points of the fare after markup. */
  taxRateBp: number;
  /** Our markup in basis points on the net fare. */
  markupBp: number;
};

export type FlightPriceInput = {
  segments: FlightPriceSegment[];
  /** The branded fare's factor on the cabin fare, in basis points (10 000 = the cabin fare). */
  brandFactorBp: number;
  passengers: Record<PassengerType, number>;
  priceType: PriceType;
  supplierCode: string;
  currency: string;
};

export type PassengerLine = {
  type: PassengerType;
  count: number;
  /** Per person: fare after markup, tax, and both together. */
  fare: number;
  tax: number;
  total: number;
  /** `total` × `count`. */
  subtotal: number;
};

export type FlightPrice = {
  inclusive: number;
  exclusive: number;
  tax: number;
  net_rate_before_markup: number;
  markup: number;
  price_type: PriceType;
  supplier_code: string;
  currency: string;
  passengers: PassengerLine[];
};

const ofBp = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

function wholeAtLeast(name: string, value: number, min: number) {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}`);
}

export function computeFlightPrice(input: FlightPriceInput): FlightPrice {
  if (input.segments.length === 0) throw new RangeError('A flight price needs at least one segment');
  for (const s of input.segments) {
    wholeAtLeast('netMinor', s.netMinor, 0);
    wholeAtLeast('taxRateBp', s.taxRateBp, 0);
    wholeAtLeast('markupBp', s.markupBp, 0);
  }
  wholeAtLeast('brandFactorBp', input.brandFactorBp, 1);
  const { adult, child, infant } = input.passengers;
  wholeAtLeast('adults', adult, 1);
  wholeAtLeast('children', child, 0);
  wholeAtLeast('infants', infant, 0);
  if (infant > adult) throw new RangeError('Each lap infant needs an adult');

  let net = 0;
  let markup = 0;
  const passengers: PassengerLine[] = [];
  for (const type of ['adult', 'child', 'infant'] as const) {
    const count = input.passengers[type];
    if (count === 0) continue;
    let fare = 0;
    let tax = 0;
    let personNet = 0;
    for (const s of input.segments) {
      const segmentNet = Math.round((ofBp(s.netMinor, input.brandFactorBp) * PASSENGER_SHARE_PCT[type]) / 100);
      const segmentFare = segmentNet + ofBp(segmentNet, s.markupBp);
      personNet += segmentNet;
      fare += segmentFare;
      tax += ofBp(segmentFare, s.taxRateBp);
    }
    net += personNet * count;
    markup += (fare - personNet) * count;
    passengers.push({ type, count, fare, tax, total: fare + tax, subtotal: (fare + tax) * count });
  }
  const exclusive = passengers.reduce((sum, p) => sum + p.fare * p.count, 0);
  const tax = passengers.reduce((sum, p) => sum + p.tax * p.count, 0);
  return {
    inclusive: exclusive + tax,
    exclusive,
    tax,
    net_rate_before_markup: net,
    markup,
    price_type: input.priceType,
    supplier_code: input.supplierCode,
    currency: input.currency,
    passengers,
  };
}
