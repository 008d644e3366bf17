// What a car hold quotes and how it is paid (spec §4 "Payment mode routing for cars";
// docs/decisions/0014, 0019, 0025): the hold's quote, priced once when the car is held, records
// its payment mode and what paying now charges; the car checkout and the pay core both read
// that quote, so a forged request cannot pick another way.
import { type CarSearch, parseCarSearch } from '~/domain/car-rental';
import { type CarPaymentMode, type CarPaymentRule, carChargeMinor, carPaymentModeWith } from '~/domain/car-payment-mode';
import { CATALOGUE_CURRENCY, countOf, describeCharge } from '~/domain/charge';
import { selectedPriceType, selectionParams } from '~/domain/hold-selection';
import type { PaymentGatewayId } from '~/domain/payment-options';
import { type Quote, type Quoting, buildQuote, convertAtQuoteRate } from '~/domain/quote';
import { type Database, getDb } from '~/services/platform/db.server';
import { type Hold, findHoldByToken, holdLocalDates } from '~/services/booking/holds.server';
import { type CarOffer, builtInCarSupplier as cars } from '~/services/suppliers/cars.server';
import type { SupplierContext } from '~/services/suppliers/port';

/** What a car quote shows beside its price: the rental, the car and how it is paid. */
export type CarQuoteFacts = {
  search: CarSearch;
  car: Omit<CarOffer, 'fare_summary' | 'request'>;
  days: number;
  payment: CarOffer['fare_summary']['payment'];
  /** How this car is paid (spec §4 "Payment mode routing for cars"; decision 0019), before any stored value. */
  paymentMode: CarPaymentMode;
  /** What decides it, so the stored value the checkout applies is counted too (carPaymentModeNow); absent on quotes made before. */
  paymentRule?: CarPaymentRule;
};
export type CarQuote = Quote<CarQuoteFacts>;

/**
 * The quote of a car hold from its recorded choices: the search, the offer priced at the
 * recorded rate, its payment mode and what paying now charges (minor units of USD), shown in
 * `quoting`'s currency. Null when the hold cannot be priced (no recorded selection, a desk or
 * car that no longer exists).
 */
export async function quoteCarHold(
  hold: Pick<Hold, 'product' | 'itemRef' | 'selection' | 'startsAt' | 'endsAt'>,
  supplier: SupplierContext,
  referenceProvider: PaymentGatewayId,
  quoting: Quoting,
): Promise<CarQuote | null> {
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
  const paymentRule: CarPaymentRule = {
    paymentType: price.payment,
    hasMarkup: price.markup > 0,
    hasPricingRule: offer.pricing_rule,
    // In the charge currency, as the stored value applied against it is (decision 0056).
    chargeMinor: convertAtQuoteRate(quoting, { amountMinor: price.total, currency: CATALOGUE_CURRENCY }, quoting.chargeCurrency)!.amountMinor,
    guaranteeNeeded: offer.guarantee_needed,
    providerId: offer.payment_provider,
    referenceProvider,
  };
  // Nothing is applied when the car is held; the checkout's stored value is counted as it is applied (carPaymentModeNow).
  const mode = carPaymentModeWith(paymentRule, []);
  const search = parsed.search;
  const { startsOn, endsOn } = holdLocalDates(hold);
  const { fare_summary: _, request: __, ...car } = offer;
  return buildQuote({
    product: 'CAR',
    lines: { dailyRate: price.daily_rate, base: price.base, total: price.total },
    fees: {
      youngDriverFee: price.young_driver_fee > 0 ? price.young_driver_fee : null,
      oneWayFee: price.one_way_fee > 0 ? price.one_way_fee : null,
      tax: price.tax,
      markup: price.markup,
    },
    ...quoting,
    priceType: price.price_type,
    party: { driverAge: search.driverAge },
    /**
     * What paying now charges (`carChargeMinor`): a prepaid rental's total through the card
     * provider; a postpaid one's markup when the card provider takes it; nothing for a card
     * guarantee (iframe) or without payment (nopg).
     */
    charge: {
      amountMinor: carChargeMinor(mode, price),
      description: describeCharge([
        `Car ${offer.carfamily} ${offer.cartype}`,
        `${search.pickupCode} ${startsOn}`,
        search.sameDropoff ? null : `${search.dropoffCode} ${endsOn}`,
        countOf(price.days, 'day'),
        price.payment === 'prepaid' ? null : 'pay at desk',
        mode.mode === 'iframe' ? 'card guarantee' : null,
      ]),
    },
    facts: { search, car, days: price.days, payment: price.payment, paymentMode: mode, paymentRule },
  });
}

/**
 * A car hold's payment mode now: its quote's rule with the coupons, cash cards and wallets its
 * checkout applied (spec §4); the recorded mode for a quote made before rules were recorded.
 */
export async function carPaymentModeNow(hold: { id: string; quote: CarQuote }, db: Database = getDb()): Promise<CarPaymentMode> {
  const rule = hold.quote.facts.paymentRule;
  if (!rule) return hold.quote.facts.paymentMode;
  const applied = await db.selectFrom('checkout_applications').select(['kind', 'amount_minor']).where('hold_id', '=', hold.id).where('status', '=', 'applied').execute();
  return carPaymentModeWith(
    rule,
    applied.map((part) => ({ kind: part.kind, amountMinor: Number(part.amount_minor) })),
  );
}

/**
 * The payment mode of a car booking's hold, for the pay core (carPaymentModeNow); null when the
 * hold is gone or has no quote (made before quotes were recorded).
 */
export async function carPaymentModeOfHold(holdId: string | null, db: Database = getDb()): Promise<CarPaymentMode | null> {
  if (!holdId) return null;
  const row = await db.selectFrom('holds').select('token').where('id', '=', holdId).executeTakeFirst();
  const hold = row ? await findHoldByToken(row.token, db) : null;
  const quote = hold?.product === 'CAR' ? hold.quote : null;
  return hold && quote ? carPaymentModeNow({ id: hold.id, quote }, db) : null;
}
