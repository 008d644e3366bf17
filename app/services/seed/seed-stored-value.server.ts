// The demo members' stored value (issue 11; README "What to try"): coupons, a cash card, two
// point types, a wallet, a certificate and, on the business organisation, a discount card, so
// every instrument can be tried at once. Idempotent: instruments by owner, kind and code,
// coupons by code, balances by the idempotency key.
import type { OrgConfig } from '#schemas/org-config.schema';
import { chargeCurrencyFor } from '~/domain/merchant-accounts';
import type { ConfigRegistry } from '../config/config.server';
import type { Database } from '../platform/db.server';
import { creditInstrument, openInstrument } from '../stored-value/stored-value.server';
import { type DemoAccount, demoEmail } from './demo-accounts';

/** The accounts that book and so hold stored value. */
const HOLDERS: readonly DemoAccount['key'][] = ['member', 'agent', 'newuser'];

/** The demo coupons, in dollars (an organisation that charges in another currency gets them in it: `demoCurrencyOf`). */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', title: '10% off your booking', discount_kind: 'percent', percent: '10', amount_minor: null, min_spend_minor: 5_000, uses_per_user: 1, uses_total: null },
  { code: 'SAVE25', title: 'USD 25 off', discount_kind: 'fixed', percent: null, amount_minor: 2_500, min_spend_minor: 0, uses_per_user: 3, uses_total: 1_000 },
] as const;

/**
 * A coupon or a cash card is money in one currency and pays bookings charged in it only: an
 * organisation that charges its visitors in its own currency (decision 0056) gets the demo's in
 * that currency, in round amounts (Viajamás: MXN 500 off, a MXN 3,000 cash card).
 */
const DEMO_SCALE: Readonly<Record<string, number>> = { USD: 1, MXN: 20 };
const demoCurrencyOf = (org: OrgConfig) => chargeCurrencyFor(org.payments.merchantAccounts, org.locale.defaultCurrency);

/** The demo instruments; balances in minor units (points: points). */
export const DEMO_INSTRUMENTS = [
  { kind: 'cash_card', code: 'CASH-1001', title: 'Gift cash card', currency: 'USD', balance: 15_000, details: {} },
  {
    kind: 'points',
    code: 'MILES',
    title: 'Travel Miles',
    currency: 'USD',
    balance: 20_000,
    details: { ratePerMiles: '0.01', fundingPartnerCode: 'FP-AIR', ruleCode: 'EARN-1', ruleLevel: 'BASIC' },
  },
  {
    kind: 'points',
    code: 'STARS',
    title: 'Star Points',
    currency: 'USD',
    balance: 5_000,
    details: { ratePerMiles: '0.02', fundingPartnerCode: 'FP-HOTEL', ruleCode: 'EARN-2', ruleLevel: 'GOLD' },
  },
  { kind: 'wallet', code: 'WALLET', title: 'Travel wallet', currency: 'USD', balance: 20_000, details: { payment_card_image: '/images/cards/wallet.svg' } },
  {
    kind: 'certificate',
    code: 'CERT-50',
    title: 'Hotel certificate',
    currency: 'USD',
    balance: 5_000,
    details: { payment_card_purchase_price: 40, payment_card_redemption_price: 50 },
  },
  {
    kind: 'discount_card',
    code: 'DISC-100',
    title: 'Business discount card',
    currency: 'USD',
    balance: 10_000,
    details: { payment_card_purchase_price: 80, payment_card_redemption_price: 100 },
  },
] as const;

export async function seedStoredValue(db: Database, registry: ConfigRegistry): Promise<void> {
  for (const org of registry.orgs) {
    const kinds: readonly string[] = org.payments.storedValue?.instruments ?? [];
    if (kinds.length === 0) continue;
    const currency = demoCurrencyOf(org);
    const scale = DEMO_SCALE[currency] ?? 1;
    for (const coupon of DEMO_COUPONS) {
      const amount = coupon.amount_minor === null ? null : coupon.amount_minor * scale;
      const title = amount === null ? coupon.title : `${currency} ${amount / 100} off`;
      await db
        .insertInto('coupons')
        .values({
          ...coupon,
          title,
          amount_minor: amount,
          min_spend_minor: coupon.min_spend_minor * scale,
          org_id: org.orgId,
          currency,
          products: JSON.stringify([]),
          for_user_id: null,
        })
        .onConflict((oc) => oc.columns(['org_id', 'code']).doNothing())
        .execute();
    }
    const holders = await db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', org.orgId)
      .where(
        'email_normalized',
        'in',
        HOLDERS.map((key) => demoEmail(org.orgId, key)),
      )
      .execute();
    for (const holder of holders) {
      for (const instrument of DEMO_INSTRUMENTS) {
        if (!kinds.includes(instrument.kind)) continue;
        // Cash cards in the organisation's currency; the wallet (topped up in dollars) and the rest convert at a quote's rate.
        const local = instrument.kind === 'cash_card' ? { currency, balance: instrument.balance * scale } : instrument;
        const id = await openInstrument(
          {
            orgId: org.orgId,
            ownerUserId: holder.id,
            kind: instrument.kind,
            code: instrument.code,
            title: instrument.title,
            currency: local.currency,
            details: instrument.details,
          },
          db,
        );
        await creditInstrument(id, local.balance, `seed:${id}`, `seed:${id}`, db);
      }
    }
  }
}
