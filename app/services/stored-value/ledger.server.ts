import { type Kysely, type Transaction, sql } from 'kysely';
import {
  type AccountRole,
  type Entry,
  IdempotencyConflictError,
  InsufficientBalanceError,
  type InstrumentKind,
  LedgerError,
  type LedgerTransactionKind,
  ReservationNotCapturedError,
  ReservationSettledError,
  UnknownAccountError,
  UnknownReservationError,
  assertBalanced,
  checkAmount,
  checkCurrency,
  checkRefund,
  fingerprintOf,
  postings,
} from '~/domain/ledger';
import type { DB } from '../platform/db-schema';
import { type Database, getDb, isPgError } from '../platform/db.server';

/**
 * The stored-value ledger (docs/decisions/0030). Every movement is one double-entry
 * transaction, written only by `post` below and idempotent by its key. Each operation locks
 * the member's 'available' account first (SELECT … FOR UPDATE), so operations on one
 * instrument run one at a time in one lock order; the accounts' CHECK (balance >= 0) is the
 * database's own last word should a caller ever skip the check here.
 */

type Trx = Transaction<DB>;

export type Reservation = {
  id: number;
  accountId: number;
  reference: string;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  status: 'reserved' | 'captured' | 'released';
};

export type Balance = { accountId: number; currency: string; availableMinor: number; reservedMinor: number };

export type Movement = { accountId: number; amountMinor: number; currency: string; reference: string; idempotencyKey: string };

const NON_NEGATIVE = 'ledger_accounts_non_negative';
const IDEMPOTENCY_UNIQUE = 'ledger_transactions_idempotency_key_key';

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
}

/**
 * Opens a member's instrument: its 'available' account and 'reserved' twin, and the
 * organisation's issuance and spent accounts for its kind, point type and currency when
 * they do not exist yet. Returns the 'available' account's id, the instrument's handle.
 */
export async function openAccount(
  account: { orgId: string; ownerUserId: number; kind: InstrumentKind; pointType?: string; currency: string },
  db: Database = getDb(),
): Promise<number> {
  const pointType = account.kind === 'points' ? account.pointType : undefined;
  if (account.kind === 'points' && !pointType) throw new LedgerError('A points account names its point type');
  return inTransaction(db, async (trx) => {
    for (const role of ['issuance', 'spent'] as const) {
      await sql`insert into ledger_accounts (org_id, kind, point_type, role, currency)
        values (${account.orgId}, ${account.kind}, ${pointType ?? null}, ${role}, ${account.currency})
        on conflict (org_id, kind, coalesce(point_type, ''), currency, role) where owner_user_id is null do nothing`.execute(trx);
    }
    const member = { org_id: account.orgId, owner_user_id: account.ownerUserId, kind: account.kind, point_type: pointType ?? null, currency: account.currency };
    const available = await trx
      .insertInto('ledger_accounts')
      .values({ ...member, role: 'available' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('ledger_accounts')
      .values({ ...member, role: 'reserved', available_account_id: available.id })
      .execute();
    return available.id;
  });
}

/** The member's available and reserved balances. */
export async function balanceOf(accountId: number, db: Database = getDb()): Promise<Balance> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'role', 'currency', 'balance_minor'])
    .where((eb) => eb.or([eb.and([eb('id', '=', accountId), eb('role', '=', 'available')]), eb('available_account_id', '=', accountId)]))
    .execute();
  const available = rows.find((row) => row.role === 'available');
  const reserved = rows.find((row) => row.role === 'reserved');
  if (!available || !reserved) throw new UnknownAccountError(`No stored-value account ${accountId}`);
  return { accountId, currency: available.currency, availableMinor: Number(available.balance_minor), reservedMinor: Number(reserved.balance_minor) };
}

/** Issues value onto a member's account (a purchase, a grant, a top-up). Returns the transaction id. */
export async function issue(movement: Movement, db: Database = getDb()): Promise<number> {
  checkAmount(movement.amountMinor);
  const fingerprint = fingerprintOf('issue', { account: movement.accountId, amount: movement.amountMinor, currency: movement.currency, reference: movement.reference });
  return idempotent(
    db,
    movement.idempotencyKey,
    fingerprint,
    async (existing) => existing.id,
    async (trx) => {
      const account = await lockAvailable(trx, movement.accountId, movement.currency);
      const issuance = await systemAccount(trx, account, 'issuance');
      return post(trx, account.org_id, 'issue', movement, fingerprint, postings(issuance, account.id, movement.amountMinor, movement.currency));
    },
  );
}

/**
 * Moves value from the member's available balance to reserved, tied to `reference` (a hold
 * or booking). Refused with InsufficientBalanceError when the available balance is short.
 */
export async function reserve(movement: Movement, db: Database = getDb()): Promise<Reservation> {
  checkAmount(movement.amountMinor);
  const fingerprint = fingerprintOf('reserve', { account: movement.accountId, amount: movement.amountMinor, currency: movement.currency, reference: movement.reference });
  return idempotent(
    db,
    movement.idempotencyKey,
    fingerprint,
    async (existing) => toReservation(await db.selectFrom('ledger_reservations').selectAll().where('reserve_transaction_id', '=', existing.id).executeTakeFirstOrThrow()),
    async (trx) => {
      const account = await lockAvailable(trx, movement.accountId, movement.currency);
      if (account.balance_minor < movement.amountMinor) throw new InsufficientBalanceError(account.id, account.balance_minor, movement.amountMinor);
      const reserved = await reservedTwin(trx, account.id);
      const transactionId = await post(trx, account.org_id, 'reserve', movement, fingerprint, postings(account.id, reserved, movement.amountMinor, movement.currency));
      const row = await trx
        .insertInto('ledger_reservations')
        .values({
          org_id: account.org_id,
          account_id: account.id,
          reference: movement.reference,
          amount_minor: movement.amountMinor,
          currency: movement.currency,
          status: 'reserved',
          reserve_transaction_id: transactionId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toReservation(row);
    },
  );
}

/** The booking is confirmed: the reserved value is spent. */
export function capture(settle: { reservationId: number; idempotencyKey: string }, db: Database = getDb()): Promise<Reservation> {
  return settleReservation('capture', settle.reservationId, settle.idempotencyKey, db);
}

/** The booking will not be confirmed: the reserved value returns to the available balance. */
export function release(settle: { reservationId: number; idempotencyKey: string }, db: Database = getDb()): Promise<Reservation> {
  return settleReservation('release', settle.reservationId, settle.idempotencyKey, db);
}

/** Returns up to the captured amount of a reservation to the member's available balance. Returns the transaction id. */
export async function refund(request: { reservationId: number; amountMinor: number; idempotencyKey: string }, db: Database = getDb()): Promise<number> {
  checkAmount(request.amountMinor);
  const fingerprint = fingerprintOf('refund', { reservation: request.reservationId, amount: request.amountMinor });
  return idempotent(
    db,
    request.idempotencyKey,
    fingerprint,
    async (existing) => existing.id,
    async (trx) => {
      const reservation = await lockReservation(trx, request.reservationId);
      if (reservation.status !== 'captured') throw new ReservationNotCapturedError(`Reservation ${reservation.id} is ${reservation.status}, not captured`);
      checkRefund(reservation.amount_minor, reservation.refunded_minor, request.amountMinor);
      const account = await lockAvailable(trx, reservation.account_id, reservation.currency);
      const spent = await systemAccount(trx, account, 'spent');
      const movement = { reference: reservation.reference, idempotencyKey: request.idempotencyKey };
      const transactionId = await post(trx, account.org_id, 'refund', movement, fingerprint, postings(spent, account.id, request.amountMinor, reservation.currency));
      await trx
        .updateTable('ledger_reservations')
        .set({ refunded_minor: reservation.refunded_minor + request.amountMinor })
        .where('id', '=', reservation.id)
        .execute();
      return transactionId;
    },
  );
}

/**
 * Releases every open reservation tied to the references (a hold that expired, a booking that
 * failed): for the hold-expiry job and the reconciler. Safe to repeat and to run from several
 * instances; inside a caller's transaction when given one. Returns how many it released.
 */
export async function releaseReservationsOf(references: string | readonly string[], db: Database = getDb()): Promise<number> {
  const list = typeof references === 'string' ? [references] : [...references];
  if (list.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const open = await trx.selectFrom('ledger_reservations').select('id').where('reference', 'in', list).where('status', '=', 'reserved').orderBy('id').forUpdate().execute();
    for (const { id } of open) await settleLocked(trx, 'release', id, releaseKeyOf(id));
    return open.length;
  });
}

/** The key a release by reference uses, so a repeat finds the same transaction. */
const releaseKeyOf = (reservationId: number) => `release-of-reservation:${reservationId}`;

/** The reference a reservation made at a hold's checkout carries. */
export const holdReference = (holdId: string) => `hold:${holdId}`;

async function settleReservation(kind: 'capture' | 'release', reservationId: number, idempotencyKey: string, db: Database): Promise<Reservation> {
  const fingerprint = fingerprintOf(kind, { reservation: reservationId });
  return idempotent(
    db,
    idempotencyKey,
    fingerprint,
    async () => toReservation(await db.selectFrom('ledger_reservations').selectAll().where('id', '=', reservationId).executeTakeFirstOrThrow()),
    (trx) => settleLocked(trx, kind, reservationId, idempotencyKey),
  );
}

async function settleLocked(trx: Trx, kind: 'capture' | 'release', reservationId: number, idempotencyKey: string): Promise<Reservation> {
  const reservation = await lockReservation(trx, reservationId);
  if (reservation.status !== 'reserved') throw new ReservationSettledError(reservation.id, reservation.status);
  const account = await lockAvailable(trx, reservation.account_id, reservation.currency);
  const reserved = await reservedTwin(trx, account.id);
  const to = kind === 'capture' ? await systemAccount(trx, account, 'spent') : account.id;
  const movement = { reference: reservation.reference, idempotencyKey };
  const fingerprint = fingerprintOf(kind, { reservation: reservation.id });
  const transactionId = await post(trx, account.org_id, kind, movement, fingerprint, postings(reserved, to, reservation.amount_minor, reservation.currency));
  const row = await trx
    .updateTable('ledger_reservations')
    .set({ status: kind === 'capture' ? 'captured' : 'released', settle_transaction_id: transactionId })
    .where('id', '=', reservation.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toReservation(row);
}

/**
 * A request under an idempotency key: a retry (same key, same request) answers what the first
 * did without moving value again; the same key for another request is refused. Two
 * concurrent first tries race on the key's unique index; the loser answers as a retry.
 */
async function idempotent<T>(db: Database, key: string, fingerprint: string, answerRetry: (existing: { id: number }) => Promise<T>, work: (trx: Trx) => Promise<T>): Promise<T> {
  const previous = async () => {
    const existing = await db.selectFrom('ledger_transactions').select(['id', 'fingerprint']).where('idempotency_key', '=', key).executeTakeFirst();
    if (existing && existing.fingerprint !== fingerprint) throw new IdempotencyConflictError(`Idempotency key '${key}' was used for another request`);
    return existing;
  };
  const existing = await previous();
  if (existing) return answerRetry(existing);
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (isPgError(error, '23505', IDEMPOTENCY_UNIQUE)) {
      const winner = await previous();
      if (winner) return answerRetry(winner);
    }
    throw error;
  }
}

/** The only writer of entries: a balanced transaction (the database checks it again at commit). */
async function post(
  trx: Trx,
  orgId: string,
  kind: LedgerTransactionKind,
  movement: { reference: string; idempotencyKey: string },
  fingerprint: string,
  entries: Entry[],
): Promise<number> {
  assertBalanced(entries);
  const { id } = await trx
    .insertInto('ledger_transactions')
    .values({ org_id: orgId, kind, reference: movement.reference, idempotency_key: movement.idempotencyKey, fingerprint })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await trx
      .insertInto('ledger_entries')
      .values(entries.map((entry) => ({ transaction_id: id, account_id: entry.accountId, amount_minor: entry.amountMinor, currency: entry.currency })))
      .execute();
  } catch (error) {
    if (isPgError(error, '23514', NON_NEGATIVE)) {
      const debited = entries.find((entry) => entry.amountMinor < 0)!;
      throw new InsufficientBalanceError(debited.accountId, undefined, -debited.amountMinor);
    }
    throw error;
  }
  return id;
}

type LockedAccount = { id: number; org_id: string; kind: InstrumentKind; point_type: string | null; currency: string; balance_minor: number };

async function lockAvailable(trx: Trx, accountId: number, currency: string): Promise<LockedAccount> {
  const account = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'org_id', 'kind', 'point_type', 'currency', 'balance_minor'])
    .where('id', '=', accountId)
    .where('role', '=', 'available')
    .forUpdate()
    .executeTakeFirst();
  if (!account) throw new UnknownAccountError(`No stored-value account ${accountId}`);
  checkCurrency(account.currency, currency);
  return { ...account, balance_minor: Number(account.balance_minor) };
}

async function reservedTwin(trx: Trx, accountId: number): Promise<number> {
  const row = await trx.selectFrom('ledger_accounts').select('id').where('available_account_id', '=', accountId).where('role', '=', 'reserved').executeTakeFirstOrThrow();
  return row.id;
}

async function systemAccount(trx: Trx, account: LockedAccount, role: Extract<AccountRole, 'issuance' | 'spent'>): Promise<number> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('org_id', '=', account.org_id)
    .where('kind', '=', account.kind)
    .where(sql<boolean>`point_type is not distinct from ${account.point_type}`)
    .where('currency', '=', account.currency)
    .where('role', '=', role)
    .where('owner_user_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function lockReservation(trx: Trx, reservationId: number) {
  const row = await trx.selectFrom('ledger_reservations').selectAll().where('id', '=', reservationId).forUpdate().executeTakeFirst();
  if (!row) throw new UnknownReservationError(`No reservation ${reservationId}`);
  return { ...row, amount_minor: Number(row.amount_minor), refunded_minor: Number(row.refunded_minor) };
}

function toReservation(row: {
  id: number;
  account_id: number;
  reference: string;
  amount_minor: number;
  refunded_minor: number;
  currency: string;
  status: Reservation['status'];
}): Reservation {
  return {
    id: row.id,
    accountId: row.account_id,
    reference: row.reference,
    amountMinor: Number(row.amount_minor),
    refundedMinor: Number(row.refunded_minor),
    currency: row.currency,
    status: row.status,
  };
}
