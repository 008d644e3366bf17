// Invoice credit lines (docs/decisions/0019): which line covers a payer, how much of it is used,
// the claim the pay core makes under a row lock, and the organisation admin's grant
// (POST /api/admin/invoiceCredit).
import { sql } from 'kysely';
import { normalizeEmail } from '~/domain/login-throttle';
import { CREDIT_EXCEEDED_MESSAGE, type CreditLine, grantRefusal, invoiceCreditCovers, parseCreditGrant } from '~/domain/invoice-credit';
import { type Database, getDb } from '../platform/db.server';
import type { InvoiceCreditBody } from '#schemas/api/account.schema';
import { type Answer, answer } from '~/domain/answer';
import { log } from '../platform/logger.server';
import type { RequestContext } from '../site/request-context.server';
import { type ActiveSession } from '../identity/session.server';

/** Bookings that use credit: paying or paid. There is no settlement yet (decision 0019). */
const USING_CREDIT = ['pending', 'confirmed'] as const;

/**
 * The line that covers a user: their own, else their company's (in their organisation).
 * With `lock`, the line's row is locked until the transaction ends: claims serialise on it.
 */
async function lineOf(userDbId: number, db: Database, lock: boolean) {
  const user = await db.selectFrom('users').select(['org_id', 'company']).where('id', '=', userDbId).executeTakeFirst();
  if (!user) return null;
  let query = db
    .selectFrom('invoice_credit_lines')
    .select(['id', 'limit_minor', 'currency'])
    .where('org_id', '=', user.org_id)
    .where((eb) => (user.company === null ? eb('user_id', '=', userDbId) : eb.or([eb('user_id', '=', userDbId), eb('company', '=', user.company)])))
    // The user's own line first.
    .orderBy(sql`user_id is null`)
    .limit(1);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

async function usedMinor(lineId: number, db: Database): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(sql<string | number | null>`sum(amount_minor)`.as('used'))
    .where('invoice_credit_line_id', '=', lineId)
    .where('status', 'in', [...USING_CREDIT])
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** The credit line covering a user and what it has used, or null without one. */
export async function invoiceCreditOf(userDbId: number, db: Database = getDb()): Promise<(CreditLine & { id: number }) | null> {
  const line = await lineOf(userDbId, db, false);
  if (!line) return null;
  return { id: line.id, limitMinor: line.limit_minor, currency: line.currency, usedMinor: await usedMinor(line.id, db) };
}

/**
 * Inside the pay core's transaction: locks the payer's credit line and answers the line this
 * booking may draw on, or the refusal. Two concurrent claims on one line serialise on the lock,
 * and the second sees the first's booking as 'pending' (it counts), so together they cannot pass
 * the limit.
 */
export async function claimInvoiceCredit(
  trx: Database,
  payerDbId: number,
  amount: { amountMinor: number; currency: string },
): Promise<{ ok: true; lineId: number } | { ok: false; message: string }> {
  const line = await lineOf(payerDbId, trx, true);
  if (!line) return { ok: false, message: CREDIT_EXCEEDED_MESSAGE };
  const credit: CreditLine = { limitMinor: line.limit_minor, currency: line.currency, usedMinor: await usedMinor(line.id, trx) };
  return invoiceCreditCovers(credit, amount) ? { ok: true, lineId: line.id } : { ok: false, message: CREDIT_EXCEEDED_MESSAGE };
}

/** Whether `session` is an administrator of `org`: only they set its invoice credit. */
export const isInvoiceCreditAdmin = (session: ActiveSession, org: Pick<RequestContext['org'], 'orgId'>) => session.user.role === 'admin' && session.user.org_id === org.orgId;

/**
 * POST /api/admin/invoiceCredit: an administrator of the organisation (isInvoiceCreditAdmin)
 * sets (creates or changes) the invoice credit of one of its users or companies, within the
 * organisation's rules (`grantRefusal`: its currencies and ceiling, never to themselves). Every
 * grant, made or refused by those rules, is written to `invoice_credit_grants` with the limit
 * before and after. 200 with the line and its used credit; 400 bad body; 403 a self-grant; 404
 * no such user here; 409 against the organisation's rules.
 */
export async function grantInvoiceCredit(
  { org, session }: { org: Pick<RequestContext['org'], 'orgId' | 'payments'>; session: ActiveSession },
  body: InvoiceCreditBody,
  db: Database = getDb(),
): Promise<Answer> {
  const parsed = parseCreditGrant(body);
  if (!parsed.ok) return answer(400, { status: 400, message: parsed.message });
  const { payer, limitMinor, currency } = parsed.grant;
  let userId: number | null = null;
  if ('email' in payer) {
    const user = await db.selectFrom('users').select('id').where('org_id', '=', org.orgId).where('email_normalized', '=', normalizeEmail(payer.email)).executeTakeFirst();
    if (!user) return answer(404, { status: 404, message: 'No user with this email in this organisation' });
    userId = user.id;
  }
  const company = 'company' in payer ? payer.company : null;
  const admin = await db.selectFrom('users').select(['email', 'company']).where('id', '=', session.userDbId).executeTakeFirstOrThrow();
  const refusal = grantRefusal(parsed.grant, org.payments.invoiceCredit?.ceilings, admin);
  // The payer's line, locked: grants to one payer are written down in the order they are made.
  const lineOfPayer = (trx: Database) =>
    trx
      .selectFrom('invoice_credit_lines')
      .select(['id', 'limit_minor'])
      .where('org_id', '=', org.orgId)
      .where((eb) => (userId !== null ? eb('user_id', '=', userId) : eb('company', '=', company)))
      .forUpdate()
      .executeTakeFirst();
  const audit = (old: { limit_minor: number } | undefined) => ({
    org_id: org.orgId,
    granted_by: session.userDbId,
    user_id: userId,
    company,
    currency,
    old_limit_minor: old?.limit_minor ?? null,
    new_limit_minor: limitMinor,
  });
  if (refusal) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('invoice_credit_grants')
        .values({ ...audit(await lineOfPayer(trx)), outcome: 'refused', reason: refusal.reason })
        .execute();
    });
    log.warn('invoice credit grant refused', { orgId: org.orgId, by: session.userDbId, reason: refusal.reason, limitMinor, currency });
    return answer(refusal.status, { status: refusal.status, message: refusal.message });
  }
  const line = await db.transaction().execute(async (trx) => {
    const existing = await lineOfPayer(trx);
    await trx
      .insertInto('invoice_credit_grants')
      .values({ ...audit(existing), outcome: 'granted', reason: null })
      .execute();
    const updatedAt = new Date();
    if (existing) {
      return trx
        .updateTable('invoice_credit_lines')
        .set({ limit_minor: limitMinor, currency, updated_at: updatedAt })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return trx
      .insertInto('invoice_credit_lines')
      .values({ org_id: org.orgId, user_id: userId, company, limit_minor: limitMinor, currency, updated_at: updatedAt })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  log.info('invoice credit set', { orgId: org.orgId, lineId: line.id, by: session.userDbId, limitMinor, currency });
  return answer(200, {
    status: 200,
    data: {
      id: line.id,
      ...('email' in payer ? { email: payer.email } : { company: payer.company }),
      limit_minor: line.limit_minor,
      currency: line.currency,
      used_minor: await usedMinor(line.id, db),
    },
  });
}
