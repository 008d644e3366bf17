import { getDb } from '~/services/platform/db.server';
import { cardEntryForCheckout } from '~/services/payments/runtime.server';
import { getRateTable, toDisplayPrice } from '~/services/catalog/rates.server';
import { TOPUP_LIMITS, recentTopups, walletOf } from '~/services/stored-value/wallet-topups.server';
import { threeDSecureRequired } from '~/domain/booking-payment';
import type { BlockContext, TypedBlock } from '../context.server';

/** /wallet: the member's wallet balance, their recent top-ups and what the card form needs. */
export default async function resolveWalletTopup(_block: TypedBlock<'wallet.topup'>, { org, user, locale }: BlockContext) {
  if (!user) return null;
  const row = await getDb().selectFrom('users').select('id').where('public_id', '=', user.userId).where('org_id', '=', org.orgId).executeTakeFirst();
  if (!row) return null;
  const member = { orgId: org.orgId, userId: row.id };
  const [wallet, topups, cardEntry, rates] = await Promise.all([walletOf(member), recentTopups(member), cardEntryForCheckout(), getRateTable()]);
  const currency = wallet?.currency ?? 'USD';
  const text = (amountMinor: number, of = currency) => toDisplayPrice({ amountMinor, currency: of }, of, locale.language, rates).text;
  return {
    wallet: { title: wallet?.title ?? null, currency, balanceText: text(wallet?.balanceMinor ?? 0) },
    limits: { minText: text(TOPUP_LIMITS.minMinor), maxText: text(TOPUP_LIMITS.maxMinor) },
    topups: topups.map((t) => ({ id: t.id, amountText: text(t.amountMinor, t.currency), status: t.status, createdAt: t.createdAt })),
    cardEntry,
    cardUi: org.payments.cardProvider.ui,
    threeDSecure: threeDSecureRequired(org.payments.threeDSecure),
  };
}
