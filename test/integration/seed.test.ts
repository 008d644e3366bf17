import { describe, expect, it } from 'vitest';
import { loadConfigRegistry } from '~/services/config/config.server';
import { verifyPassword } from '~/services/identity/password.server';
import { DEMO_PASSWORD, demoAccounts, demoEmail } from '~/services/seed/demo-accounts';
import { seedDemoData } from '~/services/seed/seed.server';
import { type Backend, useSeededDatabase } from '../support/databases';

const backends: Backend[] = ['pglite', 'postgres'];

describe.each(backends)('seed on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('writes the reference data with the spec ids', async (ctx) => {
    if (database.skip) return ctx.skip();
    expect(await database.db.selectFrom('languages').selectAll().where('id', '=', 1).executeTakeFirst()).toEqual({
      id: 1,
      code: 'en-US',
      name: 'English (United States)',
    });
    expect(await database.db.selectFrom('currencies').select(['id', 'code', 'flag']).where('id', '=', 9).executeTakeFirst()).toEqual({
      id: 9,
      code: 'USD',
      flag: '🇺🇸',
    });
    const rates = await database.db.selectFrom('exchange_rates').select(['currency_code', 'per_usd']).execute();
    expect(rates.find((r) => r.currency_code === 'MXN')?.per_usd).toBe('17.05000000');
  });

  it('gives every organisation the seven demo accounts with the documented password', async (ctx) => {
    if (database.skip) return ctx.skip();
    const registry = loadConfigRegistry();
    const users = await database.db.selectFrom('users').select(['org_id', 'email', 'role', 'is_demo', 'is_blocked', 'password_hash']).execute();
    for (const org of registry.orgs) {
      for (const account of demoAccounts) {
        const user = users.find((u) => u.org_id === org.orgId && u.email === demoEmail(org.orgId, account.key));
        expect(user, `${account.key}@${org.orgId}`).toBeDefined();
        expect(user!.role).toBe(account.role);
      }
    }
    const blocked = users.find((u) => u.email === 'blocked@viajamas.example')!;
    expect(blocked.is_blocked).toBe(true);
    expect(users.find((u) => u.email === 'demo@wanderly.example')!.is_demo).toBe(true);
    expect(await verifyPassword(blocked.password_hash!, DEMO_PASSWORD)).toBe(true);

    const plans = await database.db
      .selectFrom('user_subscriptions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.email', 's.status', 's.debt_minor', 's.next_payment_by_org'])
      .where('u.org_id', '=', 'voyagerpro')
      .execute();
    expect(plans).toEqual(
      expect.arrayContaining([
        { email: 'member@voyagerpro.example', status: 'ACTIVE', debt_minor: 0, next_payment_by_org: true },
        { email: 'expired@voyagerpro.example', status: 'EXPIRED', debt_minor: 4999, next_payment_by_org: true },
      ]),
    );
    expect(plans.find((p) => p.email === 'newuser@voyagerpro.example')).toBeUndefined();
  });

  it('is idempotent, and a reset rebuilds changed demo accounts', async (ctx) => {
    if (database.skip) return ctx.skip();
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemoData(database.db, loadConfigRegistry());
    expect(await count()).toBe(before);

    await database.db.updateTable('users').set({ is_blocked: true, first_name: 'Changed' }).where('email', '=', 'member@wanderly.example').execute();
    await seedDemoData(database.db, loadConfigRegistry(), { reset: true });
    const member = await database.db.selectFrom('users').select(['is_blocked', 'first_name']).where('email', '=', 'member@wanderly.example').executeTakeFirstOrThrow();
    expect(member).toEqual({ is_blocked: false, first_name: 'Maya' });
    expect(await count()).toBe(before);
  });
});
