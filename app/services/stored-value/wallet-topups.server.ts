// Wallet top-ups (product WLT, spec §1 "WLT wallet"; §4: no invoice option). A member buys
// wallet credit with a card: the payment core's shape (docs/conventions.md) at its smallest — a
// row with the client's idempotency key written before any gateway call, the card charged
// outside any transaction through the payment port, the wallet credited once on the ledger in
// the same transaction that records the charge. Not a registry product: no hold, inventory,
// traveller or booking (see the report of issue 11 / decision 0031).
import { type Answer, answer } from '~/domain/answer';
import { type Selectable, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { type WalletTopupBody, walletTopupSchema } from '#schemas/api/account.schema';
import { CARD_FAILURE_MESSAGE, DEMO_REFUSAL, requestFingerprint, threeDSecureRequired } from '~/domain/booking-payment';
import { TOPUP_AMOUNT_TEXT, TOPUP_MAX_MINOR, TOPUP_MIN_MINOR, topUpAmountMinor } from '~/domain/wallet-topup';
import { compileApiBody } from '../platform/api-body-schema.server';
import type { WalletTopupsTable } from '../platform/db-schema';
import { type Database, getDb, isUniqueViolation } from '../platform/db.server';
import { log } from '../platform/logger.server';
import { balanceOf } from './ledger.server';
import { paymentGateway, paymentsOrNull } from '../payments/runtime.server';
import { type Member, creditInstrument, openInstrument } from './stored-value.server';

type Topup = Selectable<WalletTopupsTable>;

export const validateWalletTopup = compileApiBody<WalletTopupBody>(walletTopupSchema);

/** The wallet a member's top-ups go to when they have none yet (the seeds give demo accounts this one). */
const NEW_WALLET = { code: 'WALLET', title: 'Travel wallet', currency: 'USD' } as const;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,128}$/;
/** The unique constraint a member's second wallet of the same code breaks (migration 0021). */
const WALLET_UNIQUE = 'instruments_owner_code';
/** How long a repeated submit waits for the first one's outcome before answering 'pending'. */
const REPLAY_WAIT_MS = 15_000;

export const TOPUP_LIMITS = { minMinor: TOPUP_MIN_MINOR, maxMinor: TOPUP_MAX_MINOR };

/** The member's wallet (their first) with its available balance; null when they have none yet. */
export async function walletOf(member: Member, db: Database = getDb()): Promise<{ id: string; title: string; currency: string; balanceMinor: number } | null> {
  const wallet = await db
    .selectFrom('instruments')
    .select(['id', 'title', 'currency', 'account_id'])
    .where('org_id', '=', member.orgId)
    .where('owner_user_id', '=', member.userId)
    .where('kind', '=', 'wallet')
    .orderBy('created_at')
    .executeTakeFirst();
  if (!wallet) return null;
  return { id: wallet.id, title: wallet.title, currency: wallet.currency, balanceMinor: (await balanceOf(wallet.account_id, db)).availableMinor };
}

/** The top-up call's answers carry their status in the body too (docs/api.md "Wallet"). */
const reply = (status: number, body: Record<string, unknown>) => answer(status, { status, ...body });
const invalid = (message: string) => reply(400, { message });

/** The answer a top-up's stored state gives (a fresh one, or a replay of its key). */
async function answerOf(topup: Topup, db: Database, replay: boolean): Promise<Answer> {
  const extra = replay ? { replay: true } : {};
  switch (topup.status) {
    case 'credited': {
      const wallet = await db.selectFrom('instruments').select('account_id').where('id', '=', topup.instrument_id).executeTakeFirstOrThrow();
      const amount = `${topup.currency} ${(topup.amount_minor / 100).toFixed(2)}`;
      return reply(200, {
        result: 'credited',
        message: `${amount} was added to your wallet.`,
        data: { topup_id: topup.id, amount_minor: topup.amount_minor, currency: topup.currency, balance_minor: (await balanceOf(wallet.account_id, db)).availableMinor },
        ...extra,
      });
    }
    case 'declined':
    case 'failed':
      return reply(402, { result: 'card_declined', message: CARD_FAILURE_MESSAGE, ...extra });
    case 'created':
    case 'unknown':
      return reply(202, {
        result: 'pending',
        message: 'Your top-up is being processed: your wallet shows it once the card payment is confirmed.',
        data: { topup_id: topup.id },
        ...extra,
      });
  }
}

/** Waits for a top-up another request is running (same key) to leave 'created'. */
async function settledRow(id: string, db: Database): Promise<Topup> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const row = await db.selectFrom('wallet_topups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status !== 'created' || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Writes the top-up's row (status 'created'), opening the member's wallet on their first top-up.
 * Two first top-ups at once (different keys) both find no wallet and both open one: the loser's
 * insert breaks WALLET_UNIQUE and its transaction is void; the winner's wallet is committed by
 * then, so a second attempt finds it and tops it up.
 */
async function recordTopup(member: Member, row: { key: string; fingerprint: string; amountMinor: number }, db: Database): Promise<Topup> {
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const wallet = (await walletOf(member, trx))?.id ?? (await openInstrument({ orgId: member.orgId, ownerUserId: member.userId, kind: 'wallet', ...NEW_WALLET }, trx));
      const currency = (await trx.selectFrom('instruments').select('currency').where('id', '=', wallet).executeTakeFirstOrThrow()).currency;
      return trx
        .insertInto('wallet_topups')
        .values({
          org_id: member.orgId,
          user_id: member.userId,
          instrument_id: wallet,
          idempotency_key: row.key,
          request_fingerprint: row.fingerprint,
          amount_minor: row.amountMinor,
          currency,
          status: 'created',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error, WALLET_UNIQUE)) throw error;
    return attempt();
  }
}

/** Spec §1 (WLT) and the booking pay path: a demo account cannot buy, and only where the organisation offers wallets. */
function refusedBuyer(org: Pick<OrgConfig, 'payments'>, demo: boolean): Answer | null {
  if (demo) return reply(403, DEMO_REFUSAL);
  if (!org.payments.storedValue?.instruments.includes('wallet')) return reply(403, { error: 'not_offered', message: 'Wallets are not offered on this site' });
  return null;
}

/**
 * POST /api/wallet/topup: charges the card `body.nonce` `body.amount` and credits the member's
 * wallet (opened on the first top-up). The Idempotency-Key header makes a repeat (or a
 * concurrent twin) one charge and one credit, answered as the first; the same key with another
 * amount, or someone else's key, is a 409. Bad amount or key: 400; a demo account or a site
 * without wallets: 403; nothing written or charged.
 */
export async function topUpWallet(
  context: { org: Pick<OrgConfig, 'orgId' | 'payments'>; member: Member; demo: boolean },
  body: WalletTopupBody,
  idempotencyKeyHeader: string | null,
  db: Database = getDb(),
): Promise<Answer> {
  const refused = refusedBuyer(context.org, context.demo);
  if (refused) return refused;
  if (idempotencyKeyHeader === null || !IDEMPOTENCY_KEY.test(idempotencyKeyHeader)) return invalid('Idempotency-Key: required header (8–128 letters, digits, _ : . -)');
  const amountMinor = topUpAmountMinor(body.amount);
  if (amountMinor === null) return invalid(TOPUP_AMOUNT_TEXT);
  if (!paymentsOrNull()) return reply(503, { message: 'Card payments are not available' });
  const { member, org } = context;
  const fingerprint = requestFingerprint('walletTopup', { amount_minor: amountMinor });
  let topup: Topup;
  try {
    topup = await recordTopup(member, { key: idempotencyKeyHeader, fingerprint, amountMinor }, db);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The key was used before (or is in use right now): answer as the first, never charge again.
    const first = await db.selectFrom('wallet_topups').selectAll().where('idempotency_key', '=', idempotencyKeyHeader).executeTakeFirst();
    if (!first || first.user_id !== member.userId || first.request_fingerprint !== fingerprint) {
      return reply(409, { result: 'conflict', message: 'This Idempotency-Key was used for another request' });
    }
    return answerOf(await settledRow(first.id, db), db, true);
  }

  const sale = await paymentGateway().authorize({
    amountMinor,
    source: { nonce: body.nonce },
    orderId: `WLT-${topup.id}`,
    idempotencyKey: `${topup.id}:sale`,
    threeDSecureRequired: threeDSecureRequired(org.payments.threeDSecure),
    submitForSettlement: true,
  });
  if (!sale.ok) {
    const status = sale.failure.kind === 'transport' ? 'unknown' : sale.failure.kind === 'processor_declined' || sale.failure.kind === 'gateway_rejected' ? 'declined' : 'failed';
    if (status === 'unknown') log.warn('wallet top-up outcome unknown: find it at the gateway by its order id', { topupId: topup.id, orderId: `WLT-${topup.id}` });
    await db
      .updateTable('wallet_topups')
      .set({ status, failure: JSON.stringify(sale.failure), updated_at: new Date() })
      .where('id', '=', topup.id)
      .where('status', '=', 'created')
      .execute();
    // Lost: the reconciler settled it first; its state is the answer.
    return answerOf(await reload(topup.id, db), db, false);
  }
  await credit(topup.id, sale.value.id, db);
  return answerOf(await reload(topup.id, db), db, false);
}

const reload = (id: string, db: Database) => db.selectFrom('wallet_topups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * Records a top-up's sale and credits its wallet, in one transaction; nothing when it was settled
 * already (the live call and the reconciler may both get here). The ledger's own key is the
 * top-up's id as well: credited once whatever happens around it.
 */
async function credit(id: string, transactionId: string, db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('wallet_topups')
      .set({ status: 'credited', gateway_transaction_id: transactionId, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['created', 'unknown'])
      .returningAll()
      .executeTakeFirst();
    if (row) await creditInstrument(row.instrument_id, row.amount_minor, `wallet-topup:${row.id}`, `topup:${row.id}`, trx);
  });
}

const CHARGED: readonly string[] = ['submitted_for_settlement', 'settling', 'settled'];
/** How long a top-up whose sale the gateway cannot find stays open before it is failed. */
const NO_SALE_GRACE_MS = 30 * 60_000;

/**
 * The reconciler's sweep (the payment reconciler job): top-ups left 'unknown' (the gateway did not
 * answer) or 'created' (the process died mid-call) and untouched for `staleMs` are looked up at
 * the gateway by their order id: a charged sale credits the wallet, none fails the top-up.
 * `staleMs` must outlast a live call (the reconciler job passes its own). Returns how many it settled.
 */
export async function reconcileWalletTopups(options: { staleMs?: number; limit?: number } = {}, db: Database = getDb()): Promise<number> {
  const { staleMs = 60_000, limit = 20 } = options;
  if (!paymentsOrNull()) return 0;
  const open = await db
    .selectFrom('wallet_topups')
    .select(['id', 'created_at'])
    .where('status', 'in', ['created', 'unknown'])
    .where('updated_at', '<=', new Date(Date.now() - staleMs))
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  const createdAt = new Map(open.map((row) => [row.id, row.created_at]));
  let settledCount = 0;
  for (const { id } of open) {
    const found = await paymentGateway().findByOrderId(`WLT-${id}`);
    const sale = found.ok ? found.value.find((t) => CHARGED.includes(t.status)) : undefined;
    if (sale) {
      await credit(id, sale.id, db);
      settledCount += 1;
      continue;
    }
    // No charged sale found yet. A gateway's search can lag its sales, and an authorisation may
    // still be on its way to settlement: only a top-up older than the grace period, with nothing
    // at all at the gateway, is failed; the others are tried again later (least recently tried first).
    const stillOpen = !found.ok || found.value.some((t) => t.status === 'authorized') || createdAt.get(id)!.getTime() > Date.now() - NO_SALE_GRACE_MS;
    if (stillOpen) {
      await db.updateTable('wallet_topups').set({ updated_at: new Date() }).where('id', '=', id).where('status', 'in', ['created', 'unknown']).execute();
      continue;
    }
    const failure = { kind: 'transport', retryable: false, message: 'No charged sale reached the gateway' };
    await db
      .updateTable('wallet_topups')
      .set({ status: 'failed', failure: JSON.stringify(failure), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', 'in', ['created', 'unknown'])
      .execute();
    settledCount += 1;
  }
  return settledCount;
}

/** The member's recent top-ups, newest first, for the wallet page. */
export async function recentTopups(member: Member, db: Database = getDb(), limit = 10) {
  const rows = await db
    .selectFrom('wallet_topups')
    .select(['id', 'amount_minor', 'currency', 'status', 'created_at'])
    .where('org_id', '=', member.orgId)
    .where('user_id', '=', member.userId)
    .orderBy('created_at', 'desc')
    .orderBy(sql`id`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, amountMinor: r.amount_minor, currency: r.currency, status: r.status, createdAt: r.created_at.toISOString() }));
}
