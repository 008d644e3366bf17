import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { FAILURE_WINDOW_MS } from '~/domain/login-throttle';
import { MAX_ACTIVE_HOLDS, RATE_LIMITS } from '~/domain/rate-limits';
import { attemptPasswordLogin, purgeAuthFailures } from '~/services/identity/auth.server';
import { getOrgById } from '~/services/config/config.server';
import { createHold } from '~/services/booking/holds.server';
import { releaseHold } from '~/services/booking/hold-release.server';
import { countActiveHolds, databaseCounters, hitRateLimit, memoryCounters } from '~/services/identity/rate-limit.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { DEMO_PASSWORD, demoEmail } from '~/services/seed/demo-accounts';
import { type Backend, useSeededDatabase } from '../support/databases';

// Production's limits (the unit project relaxes them for everyone else); read at the first getEnv().
vi.stubEnv('RATE_LIMIT_SCALE', '1');

/** Issue 9, abuse: the database side of the per-visitor limits, on both engines. */
const backends: Backend[] = ['pglite', 'postgres'];
let address = 0;
const newAddress = () => `203.0.113.${++address}`;

describe.each(backends)('abuse limits on %s', (backend) => {
  const database = useSeededDatabase(backend);

  it('counts a burst of parallel requests exactly: no more than the limit pass, per address and per session', async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    const limit = RATE_LIMITS.signup;
    const clientIp = newAddress();
    const verdicts = await Promise.all(Array.from({ length: limit.perAddress * 2 }, () => hitRateLimit('signup', { clientIp, sessionKey: null }, databaseCounters(database.db))));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(limit.perAddress);
    const refused = verdicts.find((v) => !v.ok);
    expect(refused).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });

    // One session from many addresses is stopped by its own, lower limit.
    const sessionKey = `user:${backend}-${Date.now()}`;
    const bySession = [];
    for (let i = 0; i < limit.perSession + 1; i++) bySession.push(await hitRateLimit('signup', { clientIp: newAddress(), sessionKey }, databaseCounters(database.db)));
    expect(bySession.slice(0, limit.perSession).every((v) => v.ok)).toBe(true);
    expect(bySession.at(-1)?.ok).toBe(false);
  });

  it('purges counters of ended windows only', async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    await database.db
      .insertInto('rate_limit_counters')
      .values({ key: `old-${backend}`, hits: 3, expires_at: new Date(Date.now() - 1_000) })
      .execute();
    await hitRateLimit('search', { clientIp: newAddress(), sessionKey: null }, databaseCounters(database.db));
    const before = await database.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(await databaseCounters(database.db).purge()).toBeGreaterThanOrEqual(1);
    const after = await database.db.selectFrom('rate_limit_counters').select('key').execute();
    expect(after.map((r) => r.key)).not.toContain(`old-${backend}`);
    expect(after.length).toBe(before.length - 1);
  });

  it(`caps active holds at ${MAX_ACTIVE_HOLDS} per address (and per signed-in user); released ones stop counting`, async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    const clientIp = newAddress();
    const itemRef = `test:abuse-${backend}-${Date.now()}`;
    await database.db
      .insertInto('inventory_units')
      .values(Array.from({ length: MAX_ACTIVE_HOLDS + 2 }, (_, i) => ({ product: 'HLT', supplier_code: 'OWN', item_ref: itemRef, unit_label: `room-${i}` })))
      .execute();
    const hold = () =>
      createHold({
        orgId: 'wanderly',
        userId: null,
        product: 'HLT',
        itemRef,
        startsAt: new Date('2031-01-01'),
        endsAt: new Date('2031-01-03'),
        quantity: 1,
        ttlMinutes: 15,
        clientIp,
      });
    const tokens: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_HOLDS; i++) {
      const result = await hold();
      if (result.kind !== 'held') throw new Error('expected a hold');
      tokens.push(result.hold.token);
    }
    const visitor = { org: getOrgById('wanderly')!, clientIp, session: null, cookie: () => undefined, locale: { language: 'en-US', currency: 'USD' }, userAgent: null } as const;
    expect(await countActiveHolds({ orgId: 'wanderly', clientIp, userId: null })).toMatchObject({ count: MAX_ACTIVE_HOLDS });
    // A signed-in colleague behind the same office address has a cap of their own.
    expect(await countActiveHolds({ orgId: 'wanderly', clientIp, userId: 424_242 })).toMatchObject({ count: 0 });
    const refused = await requireHoldAllowed(visitor, 'page').then(
      () => null,
      (answer: unknown) => answer,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(429);
    expect(await (refused as Response).text()).toMatch(/already have 5 bookings on hold/);
    expect(Number((refused as Response).headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another organisation, or another address, is not this visitor.
    await expect(requireHoldAllowed({ ...visitor, org: getOrgById('viajamas')! }, 'page')).resolves.toBeUndefined();
    await expect(requireHoldAllowed({ ...visitor, clientIp: newAddress() }, 'page')).resolves.toBeUndefined();
    await releaseHold(tokens[0]!);
    await expect(requireHoldAllowed(visitor, 'page')).resolves.toBeUndefined();
  });

  it('purges sign-in failures older than the hour they count in', async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    const key = `wanderly:purge-${backend}@example.com`;
    await sql`insert into auth_failures (account_key, client_ip, failed_at) values (${key}, '203.0.113.250', ${new Date(Date.now() - FAILURE_WINDOW_MS - 60_000)}), (${key}, '203.0.113.250', now())`.execute(
      database.db,
    );
    expect(await purgeAuthFailures()).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom('auth_failures').select('failed_at').where('account_key', '=', key).execute();
    expect(left).toHaveLength(1);
  });

  it("a stranger's wrong passwords back off the stranger's address, not the owner's", async ({ skip }) => {
    if (database.skip) return skip(database.skip);
    const org = getOrgById('wanderly')!;
    const email = demoEmail('wanderly', 'agent');
    const attacker = newAddress();
    const owner = newAddress();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attemptPasswordLogin(org, email, 'wrong-password', attacker));
    expect(results.slice(0, 5).every((r) => r.kind === 'invalid')).toBe(true);
    expect(results[5]).toMatchObject({ kind: 'throttled', retryAfterSeconds: expect.any(Number) });
    expect(await attemptPasswordLogin(org, email, DEMO_PASSWORD, owner)).toMatchObject({ kind: 'ok' });
    // The owner's success does not wipe the stranger's record: the stranger still waits.
    expect(await attemptPasswordLogin(org, email, DEMO_PASSWORD, attacker)).toMatchObject({ kind: 'throttled' });
  });
});

describe('counters in memory (the embedded database, decision 0041)', () => {
  it('counts a parallel burst exactly, per address and per session, as the database counters do', async () => {
    const limit = RATE_LIMITS.signup;
    const counters = memoryCounters();
    const clientIp = newAddress();
    const verdicts = await Promise.all(Array.from({ length: limit.perAddress * 2 }, () => hitRateLimit('signup', { clientIp, sessionKey: null }, counters)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(limit.perAddress);
    const bySession = [];
    for (let i = 0; i < limit.perSession + 1; i++) bySession.push(await hitRateLimit('signup', { clientIp: newAddress(), sessionKey: 'user:memory' }, counters));
    expect(bySession.at(-2)?.ok).toBe(true);
    expect(bySession.at(-1)?.ok).toBe(false);
  });

  it('starts a new window when the old one ends, and purges ended windows only', async () => {
    let clock = 1_000_000;
    const counters = memoryCounters(() => clock);
    expect(await counters.bump(['a', 'b'], new Date(clock + 60_000))).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect((await counters.bump(['a'], new Date(clock + 60_000))).get('a')).toBe(2);
    await counters.bump(['c'], new Date(clock + 120_000));
    clock += 60_000;
    expect(await counters.purge()).toBe(2);
    expect((await counters.bump(['a'], new Date(clock + 60_000))).get('a')).toBe(1);
    expect((await counters.bump(['c'], new Date(clock + 60_000))).get('c')).toBe(2);
  });
});

describe('counters in memory under a flood of made-up sessions', () => {
  it('stay within their cap: ended windows go first, then the oldest counters', async () => {
    let clock = 0;
    const counters = memoryCounters(() => clock, 100);
    for (let i = 0; i < 100; i++) await counters.bump([`old-${i}`], new Date(60_000));
    clock = 60_000;
    await counters.bump(['fresh-0'], new Date(120_000));
    expect(await counters.purge()).toBe(0); // the bump past the cap already dropped the ended ones
    for (let i = 1; i < 150; i++) await counters.bump([`fresh-${i}`], new Date(120_000));
    // Past the cap with nothing ended: the oldest tenth went, so fresh-0 starts again.
    expect((await counters.bump(['fresh-0'], new Date(120_000))).get('fresh-0')).toBe(1);
    expect((await counters.bump(['fresh-149'], new Date(120_000))).get('fresh-149')).toBe(2);
  });
});
