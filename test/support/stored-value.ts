import { sql } from 'kysely';
import type { Quote } from '~/domain/quote';
import type { Database } from '~/services/platform/db.server';

let sequence = 0;

/** A hand-made quote of `chargeMinor` USD (the tests of stored value need only the charge, markup and price type). */
export function quoteOf(product: string, chargeMinor: number, options: { markupMinor?: number; priceType?: string; rooms?: number } = {}): Quote {
  const markup = options.markupMinor ?? 0;
  return {
    product,
    lines: [{ key: 'total', amountMinor: chargeMinor, displayMinor: chargeMinor }],
    fees: markup > 0 ? [{ key: 'markup', amountMinor: markup, displayMinor: markup }] : [],
    chargeCurrency: 'USD',
    chargeMinorDigits: 2,
    display: { currency: 'USD', perUsd: '1', minorDigits: 2 },
    priceType: options.priceType ?? 'B2C',
    party: { rooms: options.rooms ?? 1 },
    charge: { amountMinor: chargeMinor, currency: 'USD', description: `Test ${product}` },
    facts: {},
    quotedAt: new Date().toISOString(),
  };
}

/**
 * A live hold of the member's with a quote, as a checkout makes it, without inventory (stored
 * value reads only the hold's owner, status, expiry and quote). Returns its id and token.
 */
export async function memberHold(db: Database, member: { orgId: string; userId: number }, quote: Quote, ttlMs = 15 * 60_000): Promise<{ id: string; token: string }> {
  const token = `sv-${++sequence}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const now = Date.now();
  const row = await db
    .insertInto('holds')
    .values({
      token,
      org_id: member.orgId,
      user_id: member.userId,
      product: quote.product,
      item_ref: `test:${token}`,
      starts_at: new Date(now + 86_400_000 * 30),
      ends_at: new Date(now + 86_400_000 * 31),
      quantity: 1,
      status: 'active',
      expires_at: new Date(now + ttlMs),
      quote: JSON.stringify(quote),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** The ledger's invariants over everything written so far (decision 0030): what no fault may break. */
export async function ledgerProblems(db: Database): Promise<{ drift: unknown[]; unbalanced: unknown[]; negative: unknown[] }> {
  const drift = await sql<{ id: number }>`
    select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(db);
  const unbalanced = await sql<{ transaction_id: number }>`
    select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`.execute(db);
  const negative = await db.selectFrom('ledger_accounts').select('id').where('role', '!=', 'issuance').where('balance_minor', '<', 0).execute();
  return { drift: drift.rows, unbalanced: unbalanced.rows, negative };
}
