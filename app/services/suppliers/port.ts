import type { PriceType } from '~/domain/room-price';
import type { HoldResult } from '../booking/holds.server';

/**
 * One port per product: what the site needs from whoever has the inventory. The built-in
 * suppliers serve inventory stored in our database; a real supplier (a bed bank, a GDS, a
 * car consolidator) implements the same port and is chosen per product in configuration.
 */
export type SupplierContext = {
  orgId: string;
  userId: number | null;
  /** 'B2B' for agents and business brands, 'B2C' otherwise; 'PKG' for a consumer's package search. */
  priceType: PriceType;
};

/** `clientIp`: the address the hold is made from, recorded for the per-visitor cap on active holds. */
export type HoldOptions = SupplierContext & { ttlMinutes: number; clientIp?: string };

export interface ProductSupplier<Query, Offer, Details, Selection, Priced> {
  readonly product: string;
  search(query: Query, context: SupplierContext): Promise<Offer[]>;
  details(id: string, query: Query, context: SupplierContext): Promise<Details | null>;
  /** The price of one chosen option for the query, or null when it is not sold. */
  price(selection: Selection, context: SupplierContext): Promise<Priced | null>;
  hold(selection: Selection, options: HoldOptions): Promise<HoldResult | { kind: 'not_found' }>;
  release(holdToken: string): Promise<boolean>;
  confirm(holdToken: string): Promise<boolean>;
}
