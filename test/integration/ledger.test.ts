import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CurrencyMismatchError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  RefundExceedsCaptureError,
  ReservationSettledError,
  UnknownAccountError,
  UnknownReservationError,
} from '~/domain/ledger';
import { type Database, openDatabase } from '~/services/platform/db.server';
import { createHold } from '~/services/booking/holds.server';
import { expireHolds } from '~/services/booking/hold-release.server';
import { balanceOf, capture, holdReference, issue, openAccount, refund, release, releaseReservationsOf, reserve } from '~/services/stored-value/ledger.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];
let sequence = 0;
const unique = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}`;

describe.each(backends)('stored-value ledger on %s', (backend) => {
  const database = useSeededDatabase(backend);
  /** On PostgreSQL a second, independent pool plays the second app instance. */
  let second: Database | undefined;
  let userId = 0;
  beforeAll(async () => {
    if (database.skip) return;
    userId = (await database.db.selectFrom('users').select('id').where('org_id', '=', 'wanderly').orderBy('id').executeTakeFirstOrThrow()).id;
    if (backend === 'postgres') second = (await openDatabase({ databaseUrl: database.url!, poolSize: 10 })).db;
  });
  afterAll(async () => second?.destroy());

  /** A fresh USD cash card holding `amountMinor`. */
  async function cashCard(amountMinor: number): Promise<number> {
    const accountId = await openAccount({ orgId: 'wanderly', ownerUserId: userId, kind: 'cash_card', currency: 'USD' }, database.db);
    await issue({ accountId, amountMinor, currency: 'USD', reference: unique('grant'), idempotencyKey: unique('issue') }, database.db);
    return accountId;
  }

  /** The ledger's invariants, over every account and transaction written so far. */
  async function expectLedgerConsistent() {
    const drift = await sql<{ id: number }>`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(database.db);
    expect(drift.rows, 'every balance is the sum of its entries').toEqual([]);
    const unbalanced = await sql<{ transaction_id: number }>`
      select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`.execute(database.db);
    expect(unbalanced.rows, 'every transaction balances').toEqual([]);
    const negative = await database.db.selectFrom('ledger_accounts').select('id').where('role', '!=', 'issuance').where('balance_minor', '<', 0).execute();
    expect(negative, 'no member or spent account is negative').toEqual([]);
  }

  it('issues value; the balance is the sum of entries and every transaction balances', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(1_250);
    expect(await balanceOf(accountId, database.db)).toEqual({ accountId, currency: 'USD', availableMinor: 1_250, reservedMinor: 0 });
    const points = await openAccount({ orgId: 'wanderly', ownerUserId: userId, kind: 'points', pointType: 'MILES', currency: 'USD' }, database.db);
    await issue({ accountId: points, amountMinor: 40, currency: 'USD', reference: 'earn', idempotencyKey: unique('issue') }, database.db);
    expect((await balanceOf(points, database.db)).availableMinor).toBe(40);
    await expectLedgerConsistent();
  });

  it('idempotent retries do not move value twice; a reused key for another request is refused', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(1_000);
    const issueKey = unique('issue');
    const grant = { accountId, amountMinor: 500, currency: 'USD', reference: 'grant', idempotencyKey: issueKey };
    const first = await issue(grant, database.db);
    expect(await issue(grant, database.db)).toBe(first);
    expect((await balanceOf(accountId, database.db)).availableMinor).toBe(1_500);

    const reserveKey = unique('reserve');
    const request = { accountId, amountMinor: 300, currency: 'USD', reference: unique('hold'), idempotencyKey: reserveKey };
    const instances = [database.db, second ?? database.db];
    const tries = await Promise.all(Array.from({ length: 6 }, (_, i) => reserve(request, instances[i % 2])));
    expect(new Set(tries.map((r) => r.id)).size).toBe(1);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 1_200, reservedMinor: 300 });
    await expect(reserve({ ...request, amountMinor: 301 }, database.db)).rejects.toThrow(IdempotencyConflictError);

    const captureKey = unique('capture');
    await capture({ reservationId: tries[0]!.id, idempotencyKey: captureKey }, database.db);
    expect(await capture({ reservationId: tries[0]!.id, idempotencyKey: captureKey }, database.db)).toMatchObject({ status: 'captured' });
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 1_200, reservedMinor: 0 });
    const transactions = await database.db.selectFrom('ledger_transactions').select('kind').where('idempotency_key', 'in', [issueKey, reserveKey, captureKey]).execute();
    expect(transactions.map((t) => t.kind).sort()).toEqual(['capture', 'issue', 'reserve']);
    await expectLedgerConsistent();
  });

  it('20 concurrent reserves against a balance that covers 5: exactly 5 succeed and the balance stays non-negative', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(500);
    const instances = [database.db, second ?? database.db];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        reserve({ accountId, amountMinor: 100, currency: 'USD', reference: unique('checkout'), idempotencyKey: unique('reserve') }, instances[i % instances.length]),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(succeeded).toHaveLength(5);
    expect(
      refused.every((r) => r.reason instanceof InsufficientBalanceError),
      String(refused.map((r) => r.reason)),
    ).toBe(true);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 0, reservedMinor: 500 });
    await expectLedgerConsistent();
  });

  it('capture spends, release returns, and a settled reservation cannot be settled the other way', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(1_000);
    const spend = await reserve({ accountId, amountMinor: 400, currency: 'USD', reference: unique('booking'), idempotencyKey: unique('reserve') }, database.db);
    const unused = await reserve({ accountId, amountMinor: 250, currency: 'USD', reference: unique('booking'), idempotencyKey: unique('reserve') }, database.db);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 350, reservedMinor: 650 });

    expect(await capture({ reservationId: spend.id, idempotencyKey: unique('capture') }, database.db)).toMatchObject({ status: 'captured' });
    expect(await release({ reservationId: unused.id, idempotencyKey: unique('release') }, database.db)).toMatchObject({ status: 'released' });
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 600, reservedMinor: 0 });

    await expect(release({ reservationId: spend.id, idempotencyKey: unique('release') }, database.db)).rejects.toThrow(ReservationSettledError);
    await expect(capture({ reservationId: unused.id, idempotencyKey: unique('capture') }, database.db)).rejects.toThrow(ReservationSettledError);
    await expect(capture({ reservationId: 987_654, idempotencyKey: unique('capture') }, database.db)).rejects.toThrow(UnknownReservationError);
    await expect(reserve({ accountId, amountMinor: 601, currency: 'USD', reference: 'x', idempotencyKey: unique('reserve') }, database.db)).rejects.toThrow(
      InsufficientBalanceError,
    );
    await expect(reserve({ accountId, amountMinor: 10, currency: 'EUR', reference: 'x', idempotencyKey: unique('reserve') }, database.db)).rejects.toThrow(CurrencyMismatchError);
    const reservedTwin = (await database.db.selectFrom('ledger_accounts').select('id').where('available_account_id', '=', accountId).executeTakeFirstOrThrow()).id;
    await expect(reserve({ accountId: reservedTwin, amountMinor: 10, currency: 'USD', reference: 'x', idempotencyKey: unique('reserve') }, database.db)).rejects.toThrow(
      UnknownAccountError,
    );
    await expect(balanceOf(987_654, database.db)).rejects.toThrow(UnknownAccountError);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 600, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  it('a refund returns captured value, never more than was captured', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(1_000);
    const spent = await reserve({ accountId, amountMinor: 700, currency: 'USD', reference: unique('booking'), idempotencyKey: unique('reserve') }, database.db);
    await capture({ reservationId: spent.id, idempotencyKey: unique('capture') }, database.db);
    const refundKey = unique('refund');
    await refund({ reservationId: spent.id, amountMinor: 200, idempotencyKey: refundKey }, database.db);
    await refund({ reservationId: spent.id, amountMinor: 200, idempotencyKey: refundKey }, database.db);
    expect((await balanceOf(accountId, database.db)).availableMinor).toBe(500);
    await refund({ reservationId: spent.id, amountMinor: 500, idempotencyKey: unique('refund') }, database.db);
    expect((await balanceOf(accountId, database.db)).availableMinor).toBe(1_000);
    await expect(refund({ reservationId: spent.id, amountMinor: 1, idempotencyKey: unique('refund') }, database.db)).rejects.toThrow(RefundExceedsCaptureError);
    await expectLedgerConsistent();
  });

  it('a crash between reserve and capture leaves a reservation that releaseReservationsOf releases, once', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(800);
    const reference = unique('booking');
    // The instance that reserved dies before capturing: on PostgreSQL its pool is torn down.
    const crashing = backend === 'postgres' ? (await openDatabase({ databaseUrl: database.url!, poolSize: 2 })).db : database.db;
    await reserve({ accountId, amountMinor: 300, currency: 'USD', reference, idempotencyKey: unique('reserve') }, crashing);
    await reserve({ accountId, amountMinor: 200, currency: 'USD', reference, idempotencyKey: unique('reserve') }, crashing);
    if (crashing !== database.db) await crashing.destroy();
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 300, reservedMinor: 500 });

    const runs = await Promise.all([releaseReservationsOf(reference, database.db), releaseReservationsOf(reference, second ?? database.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await releaseReservationsOf(reference, database.db)).toBe(0);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 800, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  it('the hold-expiry job releases stored value reserved against an expired hold', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(600);
    const itemRef = unique('test:ledger-item');
    await database.db.insertInto('inventory_units').values({ product: 'HLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: 'room-1' }).execute();
    const held = await createHold(
      { orgId: 'wanderly', userId, product: 'HLT', itemRef, startsAt: new Date(Date.UTC(2027, 1, 1)), endsAt: new Date(Date.UTC(2027, 1, 3)), quantity: 1, ttlMinutes: 15 },
      database.db,
    );
    if (held.kind !== 'held') throw new Error('hold failed');
    const reservation = await reserve({ accountId, amountMinor: 250, currency: 'USD', reference: holdReference(held.hold.id), idempotencyKey: unique('reserve') }, database.db);
    await database.db
      .updateTable('holds')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', held.hold.id)
      .execute();
    await expireHolds(500, database.db);
    expect((await database.db.selectFrom('ledger_reservations').select('status').where('id', '=', reservation.id).executeTakeFirstOrThrow()).status).toBe('released');
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 600, reservedMinor: 0 });
    await expectLedgerConsistent();
  });

  it('the database itself refuses an unbalanced transaction, a negative balance and a changed entry', async (ctx) => {
    if (database.skip) return ctx.skip();
    const accountId = await cashCard(100);
    const newTransaction = (trx: Database) =>
      trx
        .insertInto('ledger_transactions')
        .values({ org_id: 'wanderly', kind: 'issue', reference: 'raw', idempotency_key: unique('raw'), fingerprint: 'raw' })
        .returning('id')
        .executeTakeFirstOrThrow();
    await expect(
      database.db.transaction().execute(async (trx) => {
        const { id } = await newTransaction(trx);
        await trx.insertInto('ledger_entries').values({ transaction_id: id, account_id: accountId, amount_minor: 50, currency: 'USD' }).execute();
      }),
    ).rejects.toThrow(/does not balance/);
    const reserved = (await database.db.selectFrom('ledger_accounts').select('id').where('available_account_id', '=', accountId).executeTakeFirstOrThrow()).id;
    await expect(
      database.db.transaction().execute(async (trx) => {
        const { id } = await newTransaction(trx);
        await trx
          .insertInto('ledger_entries')
          .values([
            { transaction_id: id, account_id: accountId, amount_minor: -101, currency: 'USD' },
            { transaction_id: id, account_id: reserved, amount_minor: 101, currency: 'USD' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
    await expect(database.db.updateTable('ledger_entries').set({ amount_minor: 1_000_000 }).where('account_id', '=', accountId).execute()).rejects.toThrow(/never changed/);
    expect(await balanceOf(accountId, database.db)).toMatchObject({ availableMinor: 100, reservedMinor: 0 });
    await expectLedgerConsistent();
  });
});
