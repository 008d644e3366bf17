import type { ProductSupplier } from '~/services/suppliers/port';
import { builtInCarSupplier } from '~/services/suppliers/cars.server';
import { builtInFlightSupplier } from '~/services/suppliers/flights.server';
import { builtInHotelSupplier } from '~/services/suppliers/hotels.server';
import { offerSuppliers } from '~/services/suppliers/offers.server';
import { builtInResortSupplier, builtInStaySupplier } from '~/services/suppliers/weeks.server';
import { type ProductCode, familyRows } from './registry';

/** A supplier of any product, as far as the registry needs to know it. */
export type AnyProductSupplier = ProductSupplier<never, unknown, unknown, never, unknown>;

/**
 * The server half of the product registry: who has each product's inventory
 * (app/services/suppliers/*, docs/decisions/0006). Kept apart from registry.ts so the browser
 * bundle never pulls in the database. WEEKS is searched across the resort and stay suppliers.
 */
export const productSuppliers = {
  HLT: [builtInHotelSupplier],
  FLT: [builtInFlightSupplier],
  CAR: [builtInCarSupplier],
  ...familyRows('offer', (code) => [offerSuppliers[code]] as const),
  RST: [builtInResortSupplier],
  STY: [builtInStaySupplier],
  WEEKS: [builtInResortSupplier, builtInStaySupplier],
} as const satisfies Record<ProductCode, readonly [AnyProductSupplier, ...AnyProductSupplier[]]>;

/** The suppliers of a product's inventory (one, or WEEKS' two). */
export const suppliersOf = (product: ProductCode): readonly AnyProductSupplier[] => productSuppliers[product];
