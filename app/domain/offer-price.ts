import { computeRoomPrice, type PriceType } from './room-price';

/**
 * The price of a scheduled offer (spec §3 activity trip: price B2B/B2C with markup, taxes and
 * strike). The arithmetic is the room price's: a unit price times a count, marked up by the
 * visitor's price type, taxed, with the struck-out "was" price; legs play the part of nights
 * (a return transfer is two legs).
 */
export type OfferPriceInput = {
  netUnitMinor: number;
  /** Guests (priced per guest) or units (priced per vehicle, cabin). */
  quantity: number;
  legs: number;
  taxRateBp: number;
  b2bMarkupBp: number;
  b2cMarkupBp: number;
  strikePct: number;
  priceType: Exclude<PriceType, 'PKG'>;
  supplierCode: string;
};

export type OfferPrice = {
  price_type: Exclude<PriceType, 'PKG'>;
  markup_bp: number;
  net_rate_before_markup: number;
  markup: number;
  exclusive: number;
  tax: number;
  inclusive: number;
  strike_price: number | null;
  strike_tax: number | null;
  /** Inclusive price of one guest or unit on one leg, for display. */
  per_unit: number;
  quantity: number;
  legs: number;
  supplier_code: string;
  currency: 'USD';
};

export function computeOfferPrice(input: OfferPriceInput): OfferPrice {
  const markupBp = input.priceType === 'B2B' ? input.b2bMarkupBp : input.b2cMarkupBp;
  const room = computeRoomPrice({
    netNightlyMinor: input.netUnitMinor,
    nights: input.legs,
    rooms: input.quantity,
    taxRateBp: input.taxRateBp,
    markupBp,
    strikePct: input.strikePct,
    priceType: input.priceType,
    supplierCode: input.supplierCode,
    currency: 'USD',
  });
  return {
    price_type: input.priceType,
    markup_bp: markupBp,
    net_rate_before_markup: room.net_rate_before_markup,
    markup: room.markup,
    exclusive: room.exclusive,
    tax: room.tax,
    inclusive: room.inclusive,
    strike_price: room.strike_price,
    strike_tax: room.strike_tax,
    per_unit: Math.round(room.inclusive / (input.quantity * input.legs)),
    quantity: input.quantity,
    legs: input.legs,
    supplier_code: input.supplierCode,
    currency: 'USD',
  };
}
