// What a car hold quotes and how it is paid (spec §4 "Payment mode routing for cars";
// docs/decisions/0014, 0019): the car checkout and the pay core both price the hold's recorded
// choices and route its payment from the same answer, so a forged request cannot pick another way.
import { type CarSearch, parseCarSearch } from '~/domain/car-rental';
import { type CarPaymentMode, carChargeMinor, carPaymentMode } from '~/domain/car-payment-mode';
import { selectedPriceType, selectionParams } from '~/domain/hold-selection';
import type { PaymentGatewayId } from '~/domain/payment-options';
import type { PriceType } from '~/domain/room-price';
import { type Database, getDb } from './db.server';
import { type Hold, findHoldByToken } from './holds.server';
import { type CarOffer, builtInCarSupplier as cars } from './suppliers/cars.server';
import type { SupplierContext } from './suppliers/port';

export type CarQuote = { search: CarSearch; offer: CarOffer; mode: CarPaymentMode; chargeMinor: number };

/**
 * Discounts applied to the checkout. Coupons, cash cards and wallets are not applied yet
 * (decision 0011): always none, but the payment mode already takes them into account.
 */
const NO_DISCOUNTS = { coupon: 0, cashCard: 0, wallet: 0 };

/**
 * The quote of a car hold from its recorded choices: the search, the offer priced at the
 * recorded rate, its payment mode and what paying now charges (minor units of USD). Null when
 * the hold cannot be priced (no recorded selection, a desk or car that no longer exists).
 */
export async function quoteCarHold(hold: Pick<Hold, 'product' | 'itemRef' | 'selection'>, supplier: SupplierContext, referenceProvider: PaymentGatewayId): Promise<CarQuote | null> {
  if (hold.product !== 'CAR' || !hold.selection) return null;
  const offerId = Number(/^car-offer:(\d+)$/.exec(hold.itemRef)?.[1]);
  const recorded = selectionParams(hold.selection);
  // The hold was checked against the lead days when it was made; it stays valid after that.
  const parsed = parseCarSearch(recorded, recorded.get('pickup_date') ?? '');
  if (!parsed.ok || recorded.get('car_id') !== String(offerId)) return null;
  const priceType = selectedPriceType(hold.selection, supplier.priceType);
  const offer = await cars.price({ ...parsed.search, offerId }, { ...supplier, priceType });
  if (!offer) return null;
  const price = offer.fare_summary;
  const mode = carPaymentMode({
    paymentType: price.payment,
    hasMarkup: price.markup > 0,
    hasPricingRule: offer.pricing_rule,
    hasCoupon: NO_DISCOUNTS.coupon > 0,
    hasCashCard: NO_DISCOUNTS.cashCard > 0,
    hasWallet: NO_DISCOUNTS.wallet > 0,
    total: Math.max(0, price.total - NO_DISCOUNTS.coupon - NO_DISCOUNTS.cashCard - NO_DISCOUNTS.wallet) / 100,
    guaranteeNeeded: offer.guarantee_needed,
    providerId: offer.payment_provider,
    referenceProvider,
  });
  return { search: parsed.search, offer, mode, chargeMinor: carChargeMinor(mode, price) };
}

/** The payment mode of a car booking's hold, for the pay core; null when it cannot be priced. */
export async function carPaymentModeOfHold(
  holdId: string | null,
  context: { orgId: string; userId: number | null; priceType: PriceType; referenceProvider: PaymentGatewayId },
  db: Database = getDb(),
): Promise<CarPaymentMode | null> {
  if (!holdId) return null;
  const row = await db.selectFrom('holds').select('token').where('id', '=', holdId).executeTakeFirst();
  const hold = row ? await findHoldByToken(row.token, db) : null;
  if (!hold) return null;
  const quote = await quoteCarHold(hold, { orgId: context.orgId, userId: context.userId, priceType: context.priceType }, context.referenceProvider);
  return quote?.mode ?? null;
}
