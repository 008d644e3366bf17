/**
 * The spec's room price (§3): what the supplier charges, our markup, tax, and the struck-out
 * "was" price, all in integer minor units of one currency. B2B (agents, business brands) and
 * B2C (consumers) differ only by the markup applied; PKG is a package price.
 */
export type PriceType = 'B2B' | 'B2C' | 'PKG';

export type RoomPriceInput = {
  /** The supplier's net rate for one room and one night. */
  netNightlyMinor: number;
  nights: number;
  rooms: number;
  /** Tax in basis points (1600 = 16 %). */
  taxRateBp: number;
  /** Our markup in basis points on the net rate. */
  markupBp: number;
  /** How much lower than the struck-out price this one is, in percent (0 = no strike price). */
  strikePct: number;
  priceType: PriceType;
  supplierCode: string;
  currency: string;
};

export type RoomPrice = {
  inclusive: number;
  exclusive: number;
  tax: number;
  strike_price: number | null;
  strike_tax: number | null;
  net_rate: number;
  net_rate_before_markup: number;
  room_tax_before_markup: number;
  markup: number;
  price_type: PriceType;
  supplier_code: string;
  supplier_price: { supplier_code: string; amount: number; currency: string }[];
  currency: string;
  /** Inclusive price per night, for display. */
  per_night: number;
  nights: number;
  rooms: number;
};

const ofBp = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

export function computeRoomPrice(input: RoomPriceInput): RoomPrice {
  const { netNightlyMinor, nights, rooms } = input;
  for (const [name, value] of Object.entries({ netNightlyMinor, nights, rooms, taxRateBp: input.taxRateBp, markupBp: input.markupBp })) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  }
  if (nights < 1 || rooms < 1) throw new RangeError('A room price needs at least one night and one room');
  if (!(input.strikePct >= 0 && input.strikePct < 100)) throw new RangeError('strikePct must be between 0 and 99');

  const netBeforeMarkup = netNightlyMinor * nights * rooms;
  const markup = ofBp(netBeforeMarkup, input.markupBp);
  const netRate = netBeforeMarkup + markup;
  const tax = ofBp(netRate, input.taxRateBp);
  const strike = input.strikePct > 0 ? Math.round((netRate * 100) / (100 - input.strikePct)) : null;
  return {
    inclusive: netRate + tax,
    exclusive: netRate,
    tax,
    strike_price: strike,
    strike_tax: strike === null ? null : ofBp(strike, input.taxRateBp),
    net_rate: netRate,
    net_rate_before_markup: netBeforeMarkup,
    room_tax_before_markup: ofBp(netBeforeMarkup, input.taxRateBp),
    markup,
    price_type: input.priceType,
    supplier_code: input.supplierCode,
    supplier_price: [{ supplier_code: input.supplierCode, amount: netBeforeMarkup, currency: input.currency }],
    currency: input.currency,
    per_night: Math.round((netRate + tax) / nights),
    nights,
    rooms,
  };
}

/** B2B for agents and organisations that sell to businesses; B2C for everyone else. */
export function priceTypeFor(role: string | null | undefined, businessOrg: boolean): PriceType {
  return role === 'agent' || businessOrg ? 'B2B' : 'B2C';
}

/**
 * The markup a price type takes on a room's net rate. A package rate (PKG) sits halfway
 * between the business and consumer markups: the hotel gives it for rooms sold as a package.
 */
export function roomMarkupBp(priceType: PriceType, markups: { b2bBp: number; b2cBp: number }): number {
  if (priceType === 'B2B') return markups.b2bBp;
  if (priceType === 'B2C') return markups.b2cBp;
  return Math.round((markups.b2bBp + markups.b2cBp) / 2);
}

/**
 * What a visitor pays when searching packages: consumers get the package rate; agents and
 * business brands keep B2B, which is already below it.
 */
export const packagePriceType = (visitor: Exclude<PriceType, 'PKG'>): PriceType => (visitor === 'B2C' ? 'PKG' : 'B2B');
