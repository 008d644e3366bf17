import type { OfferProductCode } from './offers';

/** What each product knows about an offer beyond the shared columns (stored as jsonb). */
export type ActivityFacts = { category: string; meetingPoint: string; languages: string[]; includes: string[] };
export type TransferFacts = { airportIata: string; zone: string; distanceKm: number };
export type CruiseFacts = { ship: string; line: string; region: string; nights: number; departurePort: string; ports: string[] };
export type RestaurantFacts = { cuisine: string; address: string; priceLevel: number };

export type OfferFacts =
  | { product: 'ACT'; facts: ActivityFacts }
  | { product: 'TRF'; facts: TransferFacts }
  | { product: 'CRUISE'; facts: CruiseFacts }
  | { product: 'RESTAURANT'; facts: RestaurantFacts };

type Shape = Record<string, 'string' | 'number' | 'strings'>;
const shapes: Record<OfferProductCode, Shape> = {
  ACT: { category: 'string', meetingPoint: 'string', languages: 'strings', includes: 'strings' },
  TRF: { airportIata: 'string', zone: 'string', distanceKm: 'number' },
  CRUISE: { ship: 'string', line: 'string', region: 'string', nights: 'number', departurePort: 'string', ports: 'strings' },
  RESTAURANT: { cuisine: 'string', address: 'string', priceLevel: 'number' },
};

const fits = (value: unknown, kind: Shape[string]) => (kind === 'strings' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === kind);

/**
 * The facts of a stored offer, checked against its product's type; a row that does not fit
 * is a seeding or supplier bug, so it throws rather than showing half a page.
 */
export function readOfferFacts(product: OfferProductCode, value: unknown): OfferFacts {
  const shape = shapes[product];
  if (typeof value !== 'object' || value === null) throw new TypeError(`${product} facts must be an object`);
  for (const [key, kind] of Object.entries(shape)) {
    if (!fits((value as Record<string, unknown>)[key], kind)) throw new TypeError(`${product} facts.${key} must be ${kind}`);
  }
  return { product, facts: value } as OfferFacts;
}
