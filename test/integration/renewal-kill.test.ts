// A renewal job killed in the middle of a charge (issue 38, acceptance 3): a process runs the job
// and is killed with SIGKILL while its sale is at the gateway (held there by a sandbox delay,
// its idempotency key in flight). The next run, once the claim's lease has ended, finds no sale
// yet and charges again with the same try's idempotency key: the gateway refuses it while the
// first is in flight, so the row waits. The run after finds the first sale by its order id and
// records it. One charge, the plan extended once. On PostgreSQL, which both processes share.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configurePayments } from '~/services/payments/runtime.server';
import { saveCard } from '~/services/payments/saved-cards.server';
import { renewalOrderId, runRenewals } from '~/services/membership/membership-renewals.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

const GATEWAY_DELAY_MS = 4_000;
const DAY = '2026-08-10';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sandbox: SandboxGateway;
beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 2_000 });
});
afterAll(async () => sandbox?.stop());

const database = useSeededDatabase('postgres');

it('a renewal killed mid-charge and run again charges once: the same idempotency key while the sale is in flight, then the sale found by its order id', async (ctx) => {
  if (database.skip) return ctx.skip();
  const { db } = database;
  const plan = await db.selectFrom('membership_plans').select('id').where('org_id', '=', 'wanderly').where('code', '=', 'ESSENTIAL').executeTakeFirstOrThrow();
  const email = `renew-kill-${randomUUID()}@wanderly.example`;
  const user = await db
    .insertInto('users')
    .values({
      org_id: 'wanderly',
      email,
      email_normalized: email,
      password_hash: null,
      first_name: 'Kim',
      last_name: 'Kill',
      role: 'member',
      nationality: null,
      preferred_language: null,
      preferred_currency: null,
      personal_picture: null,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  const subscription = await db
    .insertInto('user_subscriptions')
    .values({ user_id: user.id, plan_id: plan.id, status: 'ACTIVE', member_since: '2025-01-01', expires_on: DAY })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nonce = await sandboxNonce(sandbox.url, '4111111111111111', { expirationYear: '2031', cvv: '123' });
  expect((await saveCard({ userDbId: user.id, userPublicId: user.public_id, email, nonce, nickname: null, makeDefault: true })).ok).toBe(true);
  const renewal = () =>
    db.selectFrom('renewal_charges').select(['id', 'status', 'tries', 'gateway_transaction_id']).where('subscription_id', '=', subscription.id).executeTakeFirst();
  const sales = async (rowId: string) =>
    (await sandboxControl<{ transactions: { id: string; type: string; orderId: string | null }[] }>(sandbox.url, 'transactions')).transactions.filter(
      (t) => t.type === 'sale' && t.orderId === renewalOrderId(rowId),
    );

  // The gateway holds the next sale; the job's process is killed while it waits for the answer.
  await sandboxControl(sandbox.url, 'faults', { method: 'POST', path: '/transactions', kind: 'delay', delayMs: GATEWAY_DELAY_MS });
  const job = spawn(process.execPath, ['--import', 'tsx', 'test/support/renewal-pass.ts', database.url!, sandbox.url, DAY], { stdio: 'ignore' });
  const exited = new Promise((resolve) => job.once('exit', resolve));
  const deadline = Date.now() + 30_000;
  while ((await renewal())?.status !== 'charging' && Date.now() < deadline) await sleep(25);
  expect((await renewal())?.status).toBe('charging');
  // The claim is followed by the card's look-up and the sale; let the sale reach the gateway.
  await sleep(500);
  const saleHeldUntil = Date.now() + GATEWAY_DELAY_MS - 500;
  job.kill('SIGKILL');
  await exited;
  const row = (await renewal())!;
  expect(row).toMatchObject({ status: 'charging', tries: 0 });

  // Taken over after the lease while the killed run's sale is still in flight: same key, refused, the row waits.
  const afterLease = new Date(Date.now() + 60 * 60_000);
  expect(await runRenewals({ today: DAY, now: afterLease }, db)).toMatchObject({ paid: 0, pending: 1 });
  expect(await renewal()).toMatchObject({ status: 'charging', tries: 0 });

  // Once the gateway has made that sale, the next run finds it by its order id and records it.
  await sleep(Math.max(0, saleHeldUntil - Date.now()) + 500);
  expect(await sales(row.id)).toHaveLength(1);
  expect(await runRenewals({ today: DAY, now: new Date(afterLease.getTime() + 60 * 60_000) }, db)).toMatchObject({ paid: 1 });
  const [sale] = await sales(row.id);
  expect(await sales(row.id)).toHaveLength(1);
  expect(await renewal()).toMatchObject({ status: 'paid', tries: 1, gateway_transaction_id: sale!.id });
  const renewed = await db.selectFrom('user_subscriptions').select('expires_on').where('id', '=', subscription.id).executeTakeFirstOrThrow();
  expect(renewed.expires_on > DAY).toBe(true);
});
