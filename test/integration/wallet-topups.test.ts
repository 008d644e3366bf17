// Wallet top-ups (product WLT, issue 11): a member buys wallet credit with a card through the
// sandbox gateway. A repeated or concurrent submit with one Idempotency-Key charges once and
// credits once; bad input changes nothing; no session is a 401. Both backends.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedValueEndpoints } from '~/api/stored-value-endpoints.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import { reconcileWalletTopups, walletOf } from '~/services/stored-value/wallet-topups.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn, loadContextFor } from '../support/load-context';
import { sandboxControl } from '../support/sandbox-control';

const topupRoute = storedValueEndpoints['/api/wallet/topup'].action;

let sandbox: SandboxGateway;
type SandboxTransaction = { id: string; type: string; status: string; amount: string; orderId: string | null };

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

describe.each(['pglite', 'postgres'] as const)('wallet top-ups on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const ORG = 'wanderly';
  let member: { orgId: string; userId: number };
  let cookie = '';
  beforeAll(async () => {
    if (database.skip) return;
    const user = await database.db.selectFrom('users').select('id').where('email', '=', `member@${ORG}.example`).executeTakeFirstOrThrow();
    member = { orgId: ORG, userId: user.id };
    cookie = (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
  });

  const topUp = async (body: unknown, key: string | null, who: string | null = cookie) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) headers.cookie = who;
    if (key) headers['idempotency-key'] = key;
    const response = await callAction(topupRoute, new Request(`http://${hostOf(ORG)}/api/wallet/topup`, { method: 'POST', headers, body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const sales = async () =>
    (await sandboxControl<{ transactions: SandboxTransaction[] }>(sandbox.url, 'transactions')).transactions.filter((t) => (t.orderId ?? '').startsWith('WLT-'));
  async function state() {
    const topups = await database.db.selectFrom('wallet_topups').select(['id', 'status', 'amount_minor']).where('user_id', '=', member.userId).orderBy('created_at').execute();
    return { balance: (await walletOf(member, database.db))!.balanceMinor, topups, sales: (await sales()).length };
  }
  async function expectLedgerConsistent() {
    const drift = await sql<{ id: number }>`
      select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance_minor having a.balance_minor <> coalesce(sum(e.amount_minor), 0)`.execute(database.db);
    expect(drift.rows).toEqual([]);
  }
  const salesOf = async (topupId: string) => (await sales()).filter((t) => t.orderId === `WLT-${topupId}`);

  it('charges the card and credits the wallet once; the same key again is answered as the first', async (ctx) => {
    if (database.skip) return ctx.skip();
    const before = await state();
    const key = `topup-${randomUUID()}`;
    const first = await topUp({ amount: '50.25', nonce: 'fake-valid-nonce' }, key);
    expect(first).toEqual({
      status: 200,
      body: {
        status: 200,
        result: 'credited',
        message: 'USD 50.25 was added to your wallet.',
        data: { topup_id: expect.any(String), amount_minor: 5_025, currency: 'USD', balance_minor: before.balance + 5_025 },
      },
    });
    const topupId = String((first.body.data as { topup_id: string }).topup_id);
    expect(await salesOf(topupId)).toEqual([expect.objectContaining({ type: 'sale', status: 'submitted_for_settlement', amount: '50.25' })]);

    const again = await topUp({ amount: '50.25', nonce: 'fake-valid-nonce' }, key);
    expect(again).toEqual({ status: 200, body: { ...first.body, replay: true } });
    const after = await state();
    expect(after.balance).toBe(before.balance + 5_025);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.topups).toEqual([...before.topups, { id: topupId, status: 'credited', amount_minor: 5_025 }]);
    // The same key for another amount is someone else's request.
    expect(await topUp({ amount: '60', nonce: 'fake-valid-nonce' }, key)).toMatchObject({ status: 409, body: { result: 'conflict' } });
    expect(await state()).toEqual(after);
    await expectLedgerConsistent();
  });

  it('two concurrent submits with one key: one charge, one credit, both answered credited', async (ctx) => {
    if (database.skip) return ctx.skip();
    const before = await state();
    const key = `topup-${randomUUID()}`;
    const answers = await Promise.all([topUp({ amount: '20', nonce: 'fake-valid-nonce' }, key), topUp({ amount: '20', nonce: 'fake-valid-nonce' }, key)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.replay === true)).toHaveLength(1);
    const topupId = String((answers[0]!.body.data as { topup_id: string }).topup_id);
    expect((answers[1]!.body.data as { topup_id: string }).topup_id).toBe(topupId);
    expect(await salesOf(topupId)).toHaveLength(1);
    const after = await state();
    expect(after.balance).toBe(before.balance + 2_000);
    expect(after.topups).toHaveLength(before.topups.length + 1);
    await expectLedgerConsistent();
  });

  it('a sale slower than the timeout is pending; the reconciler finds it and credits once; the key then answers credited', async (ctx) => {
    if (database.skip) return ctx.skip();
    const before = await state();
    await sandboxControl(sandbox.url, 'faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: 2_500 });
    const key = `topup-${randomUUID()}`;
    const pending = await topUp({ amount: '30', nonce: 'fake-valid-nonce' }, key);
    expect(pending).toMatchObject({ status: 202, body: { result: 'pending', data: { topup_id: expect.any(String) } } });
    const topupId = String((pending.body.data as { topup_id: string }).topup_id);
    expect((await state()).balance).toBe(before.balance);
    // The held sale lands at the gateway after the call gave up.
    while ((await salesOf(topupId)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reconcileWalletTopups({ staleMs: 0 }, database.db)).toBe(1);
    expect(await reconcileWalletTopups({ staleMs: 0 }, database.db)).toBe(0);
    expect(await topUp({ amount: '30', nonce: 'fake-valid-nonce' }, key)).toMatchObject({ status: 200, body: { result: 'credited', replay: true } });
    const after = await state();
    expect(after.balance).toBe(before.balance + 3_000);
    expect(await salesOf(topupId)).toHaveLength(1);
    await expectLedgerConsistent();
  });

  const sessionOf = async (userId: number) => (await createSession(freshVisitorOn(hostOf(ORG)), { userId })).setCookie.split(';')[0]!;
  const topupsOf = (userId: number) => database.db.selectFrom('wallet_topups').select('id').where('user_id', '=', userId).execute();

  it('a top-up whose sale the gateway cannot find stays open for the grace period, then fails: never failed while the search may lag', async (ctx) => {
    if (database.skip) return ctx.skip();
    const wallet = (await walletOf(member, database.db))!;
    const row = await database.db
      .insertInto('wallet_topups')
      .values({
        org_id: ORG,
        user_id: member.userId,
        instrument_id: wallet.id,
        idempotency_key: `lost-${randomUUID()}`,
        request_fingerprint: 'x',
        amount_minor: 1_500,
        currency: 'USD',
        status: 'unknown',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const statusOf = async () => (await database.db.selectFrom('wallet_topups').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status;
    expect(await reconcileWalletTopups({ staleMs: 0 }, database.db)).toBe(0);
    expect(await statusOf()).toBe('unknown');
    // Made before the grace period (created_at is never written by the code).
    await sql`update wallet_topups set created_at = now() - interval '31 minutes' where id = ${row.id}`.execute(database.db);
    expect(await reconcileWalletTopups({ staleMs: 0 }, database.db)).toBe(1);
    expect(await statusOf()).toBe('failed');
  });

  it("refuses a demo account with the booking path's 403; nothing charged or written", async (ctx) => {
    if (database.skip) return ctx.skip();
    const demoUser = await database.db.selectFrom('users').select('id').where('email', '=', `demo@${ORG}.example`).where('is_demo', '=', true).executeTakeFirstOrThrow();
    const before = await state();
    const refused = await topUp({ amount: '50', nonce: 'fake-valid-nonce' }, `topup-${randomUUID()}`, await sessionOf(demoUser.id));
    expect(refused).toEqual({ status: 403, body: { status: 403, error: 'demo', message: "SORRY! YOU CAN'T BOOK THROUGH THIS ACCOUNT" } });
    expect(await topupsOf(demoUser.id)).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('refuses a top-up where the organisation does not offer wallets; nothing charged or written', async (ctx) => {
    if (database.skip) return ctx.skip();
    const before = await state();
    const request = new Request(`http://${hostOf(ORG)}/api/wallet/topup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `topup-${randomUUID()}` },
      body: JSON.stringify({ amount: '50', nonce: 'fake-valid-nonce' }),
    });
    const context = await loadContextFor(request);
    const storedValue = context.org.payments.storedValue!;
    const noWallets = {
      ...context.org,
      payments: { ...context.org.payments, storedValue: { ...storedValue, instruments: storedValue.instruments.filter((kind) => kind !== 'wallet') } },
    };
    const response = await topupRoute({ request, params: {}, context: { ...context, org: noWallets } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 403, error: 'not_offered', message: 'Wallets are not offered on this site' });
    expect(await state()).toEqual(before);
  });

  it('concurrent first top-ups with different keys open one wallet and credit each', async (ctx) => {
    if (database.skip) return ctx.skip();
    const email = `first-topup-${randomUUID()}@${ORG}.example`;
    const fresh = await database.db
      .insertInto('users')
      .values({ org_id: ORG, email, email_normalized: email, first_name: 'First', last_name: 'Topup', role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const who = await sessionOf(fresh.id);
    const answers = await Promise.all(['10', '20', '30'].map((amount) => topUp({ amount, nonce: 'fake-valid-nonce' }, `topup-${randomUUID()}`, who)));
    expect(answers.map((a) => [a.status, a.body.result])).toEqual([
      [200, 'credited'],
      [200, 'credited'],
      [200, 'credited'],
    ]);
    const wallets = await database.db.selectFrom('instruments').select('id').where('owner_user_id', '=', fresh.id).where('kind', '=', 'wallet').execute();
    expect(wallets).toHaveLength(1);
    expect((await walletOf({ orgId: ORG, userId: fresh.id }, database.db))!.balanceMinor).toBe(6_000);
    expect(await topupsOf(fresh.id)).toHaveLength(3);
    await expectLedgerConsistent();
  });

  it('refuses bad amounts, bodies and keys with a 400, and no session with a 401; nothing changes', async (ctx) => {
    if (database.skip) return ctx.skip();
    const before = await state();
    for (const amount of ['12.345', '9.99', '1000.01', '-20', '1e3', 'abc', '']) {
      const refused = await topUp({ amount, nonce: 'fake-valid-nonce' }, `topup-${randomUUID()}`);
      expect(refused.status, amount).toBe(400);
      expect(String(refused.body.message), amount).toMatch(/^amount: /);
    }
    expect((await topUp({ amount: 50, nonce: 'fake-valid-nonce' }, `topup-${randomUUID()}`)).status).toBe(400);
    expect((await topUp({ amount: '50', nonce: 'fake-valid-nonce', extra: 1 }, `topup-${randomUUID()}`)).status).toBe(400);
    expect(await topUp({ amount: '50', nonce: 'fake-valid-nonce' }, null)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Idempotency-Key: /) } });
    expect((await topUp({ amount: '50', nonce: 'fake-valid-nonce' }, `topup-${randomUUID()}`, null)).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});
