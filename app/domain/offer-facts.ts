import type { OfferProductCode } from './offers';
import { products } from '~/products/registry';
import type { OfferFactKind } from '~/products/types';

type ValueOf = { string: string; number: number; strings: string[] };
type FactShapeOf<C extends OfferProductCode> = (typeof products)[C]['offer']['facts'];

/** What an offer of product `C` knows beyond the shared columns (stored as jsonb), as its registry entry declares. */
export type FactsOf<C extends OfferProductCode> = { -readonly [K in keyof FactShapeOf<C>]: ValueOf[FactShapeOf<C>[K] & OfferFactKind] };

export type OfferFacts = { [C in OfferProductCode]: { product: C; facts: FactsOf<C> } }[OfferProductCode];

const fits = (value: unknown, kind: OfferFactKind) => (kind === 'strings' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === kind);

/**
 * The facts of a stored offer, checked against its product's declared facts; a row that does not
 * fit is a seeding or supplier bug, so it throws rather than showing half a page.
 */
export function readOfferFacts(product: OfferProductCode, value: unknown): OfferFacts {
  const shape: Readonly<Record<string, OfferFactKind>> = products[product].offer.facts;
  if (typeof value !== 'object' || value === null) throw new TypeError(`${product} facts must be an object`);
  for (const [key, kind] of Object.entries(shape)) {
    if (!fits((value as Record<string, unknown>)[key], kind)) throw new TypeError(`${product} facts.${key} must be ${kind}`);
  }
  return { product, facts: value } as OfferFacts;
}

/** A fact as text: a list is joined with commas. */
export const factText = (value: string | number | readonly string[]): string => (Array.isArray(value) ? value.join(', ') : String(value));
