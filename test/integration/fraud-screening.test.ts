// The user-fraud check at sign-in and at a hold (spec §7 "A user-fraud check sends userId, ip,
// action"; issue 37), on both databases: a right password or a hold from a device that five
// accounts use is refused under enforced rules, with the decision stored and explained; a test
// or demo server only records (shadow), and the same attempt goes through. And the backtest of
// a draft's rules over the stored decisions, from the console.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as reviewsRoute from '~/routes/admin.reviews';
import { readConfigFiles } from '~/services/config/config-check.server';
import { bundleOf, headOf, saveDraft, seedConfigStore, versionOf } from '~/services/config/config-store.server';
import { backtestDraft } from '~/services/fraud/fraud-backtest.server';
import { screenAttempt, setFraudRulesMode } from '~/services/fraud/screening.server';
import { demoEmail } from '~/services/seed/demo-accounts';
import { accountEndpoints } from '~/api/account-endpoints.server';
import { requireHoldAllowed } from '~/http/rate-limits.server';
import { getOrgById } from '~/services/config/config.server';
import { recordFingerprint } from '~/services/fraud/fingerprints.server';
import { MESSAGES, attemptPasswordLogin } from '~/services/identity/auth.server';
import { hashPassword } from '~/services/identity/password.server';
import { createSession, getSessionByToken } from '~/services/identity/session.server';
import { type Backend, useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';

const ORG = 'wanderly';
const PASSWORD = 'correct horse battery';
const FARM_ADDRESS = '203.0.113.77';
const backends: Backend[] = ['pglite', 'postgres'];

afterEach(() => setFraudRulesMode(null));

describe.each(backends)('the user-fraud check at sign-in and hold on %s', (backend) => {
  const database = useSeededDatabase(backend);
  const org = () => getOrgById(ORG)!;

  async function user(): Promise<{ id: number; email: string }> {
    const email = `screened-${randomUUID().slice(0, 8)}@example.com`;
    const row = await database.db
      .insertInto('users')
      .values({ org_id: ORG, email, email_normalized: email, password_hash: await hashPassword(PASSWORD), first_name: 'Sam', last_name: 'Screened', role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, email };
  }

  /** Four other accounts fingerprinted on one device, then `target` on it: five accounts, one device. */
  async function onFarmedDevice(target: { id: number }) {
    const deviceId = `farm-${randomUUID()}`;
    for (let i = 0; i < 4; i++) await recordFingerprint(database.db, { orgId: ORG, userId: (await user()).id, ip: `198.51.100.${i + 1}`, deviceId, fraudChance: 20 });
    await recordFingerprint(database.db, { orgId: ORG, userId: target.id, ip: FARM_ADDRESS, deviceId, fraudChance: 20 });
  }

  const lastDecision = (userId: number) =>
    database.db
      .selectFrom('fraud_decisions')
      .select(['stage', 'action', 'hits', 'signals', 'address_key'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('refuses a right password from a device five accounts use (403, its own message), and says why in the decision', async (ctx) => {
    if (database.skip) return ctx.skip(database.skip);
    setFraudRulesMode('enforce');
    const target = await user();
    await onFarmedDevice(target);
    const login = await callAction(
      accountEndpoints['/api/auth/login'].action,
      new Request(`http://${hostOf(ORG)}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email_id: target.email, password: PASSWORD }),
      }),
    );
    // The API's visitor is 127.0.0.1 with no fingerprint of its own: the account's device still counts.
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ message: MESSAGES.refused });
    expect(login.headers.get('set-cookie')).toBeNull();
    const decision = await lastDecision(target.id);
    expect(decision).toMatchObject({ stage: 'sign_in', action: 'block' });
    expect(decision.hits).toContainEqual({ rule: 'block-device-farm', action: 'block', mode: 'enforce' });
    expect(decision.signals).toMatchObject({ deviceAccounts: 5 });
    expect(decision.address_key).not.toContain('127.0.0.1');
    // A wrong password is still only "incorrect": the rules judge a right one.
    expect(await attemptPasswordLogin(org(), target.email, 'wrong password', FARM_ADDRESS)).toEqual({ kind: 'invalid' });
    // Another account on its own device signs in, and that decision is stored too.
    const other = await user();
    expect(await attemptPasswordLogin(org(), other.email, PASSWORD, FARM_ADDRESS, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0')).toMatchObject({ kind: 'ok' });
    expect(await lastDecision(other.id)).toMatchObject({ stage: 'sign_in', action: 'allow' });
  });

  it('refuses a hold from that device with a 403 in the visitor’s language; a shadow server records the same hit and lets it pass', async (ctx) => {
    if (database.skip) return ctx.skip(database.skip);
    const target = await user();
    await onFarmedDevice(target);
    const { token } = await createSession(freshVisitorOn(hostOf(ORG)), { userId: target.id });
    const session = (await getSessionByToken({ token, orgId: ORG }))!;
    const visitor = { org: org(), clientIp: FARM_ADDRESS, session, cookie: () => undefined, locale: { language: 'es-MX', currency: 'MXN' }, userAgent: null } as const;

    // Shadow (a test or demo server): recorded, not refused.
    await expect(requireHoldAllowed(visitor, 'api')).resolves.toBeUndefined();
    const shadowed = await lastDecision(target.id);
    expect(shadowed).toMatchObject({ stage: 'hold', action: 'allow' });
    expect(shadowed.hits).toContainEqual({ rule: 'block-device-farm', action: 'block', mode: 'shadow' });

    setFraudRulesMode('enforce');
    const refused = await requireHoldAllowed(visitor, 'api').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).json()).toEqual({ status: 403, message: 'Esta reserva no se puede hacer desde aquí. Contacta a soporte.' });
    expect(await lastDecision(target.id)).toMatchObject({ stage: 'hold', action: 'block' });
  });

  it('backtests the draft’s rules over the stored decisions, with amounts per currency, and refuses a draft whose rules have problems', async (ctx) => {
    if (database.skip) return ctx.skip(database.skip);
    const orgId = 'viajamas';
    await seedConfigStore(database.db, readConfigFiles(join(__dirname, '..', '..')).sources);
    // Three payments of new accounts, recorded as this (shadow) server runs: allowed.
    const viajamas = getOrgById(orgId)!;
    for (const [minor, currency] of [
      [120_000, 'MXN'],
      [80_000, 'MXN'],
      [9_900, 'USD'],
    ] as const) {
      const payer = await database.db
        .insertInto('users')
        .values({
          org_id: orgId,
          email: `new-${randomUUID().slice(0, 8)}@example.com`,
          email_normalized: randomUUID(),
          password_hash: null,
          first_name: 'N',
          last_name: 'N',
          role: 'member',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attempt = {
        org: viajamas,
        stage: 'payment',
        userId: payer.id,
        email: null,
        clientIp: '203.0.113.5',
        userAgent: null,
        card: null,
        bookingId: null,
        amount: { minor, currency },
        startsOn: null,
      } as const;
      expect((await screenAttempt(attempt)).action).toBe('allow');
    }
    // The draft sends new accounts to review.
    const head = (await headOf(database.db, orgId))!;
    const bundle = bundleOf((await versionOf(database.db, orgId, head.draftId))!);
    const rule = { id: 'review-new-accounts', action: 'review', mode: 'enforce', when: [{ signal: 'accountAgeDays', op: 'lte', value: 1 }] };
    (bundle.org as Record<string, unknown>).fraud = { rules: [rule] };
    const saved = await saveDraft(database.db, { orgId, baseId: head.draftId, bundle, actor: { userId: null, name: 'test' }, note: 'review new accounts' });
    if (saved.kind !== 'saved') throw new Error('expected a saved draft');
    const result = await backtestDraft(database.db, orgId, 1);
    expect(result).toMatchObject({ kind: 'report', days: 1, draftId: saved.version.id, truncated: false });
    if (result.kind !== 'report') return;
    expect(result.figures.decisions).toBe(3);
    expect(result.figures.byAction.review).toEqual({ count: 3, amounts: { MXN: 200_000, USD: 9_900 } });
    expect(result.figures.changed).toEqual({ 'allow→review': 3 });

    // From the console: the same figures; a bad number of days is a 400.
    const admin = (
      await createSession(freshVisitorOn(hostOf(orgId)), {
        userId: (await database.db.selectFrom('users').select('id').where('email_normalized', '=', demoEmail(orgId, 'admin')).executeTakeFirstOrThrow()).id,
      })
    ).setCookie.split(';')[0]!;
    const page = (days: string) => callAction(reviewsRoute.loader, new Request(`http://${hostOf(orgId)}/admin/reviews?days=${days}`, { headers: { cookie: admin } }));
    expect((await (await page('1')).json()).backtest.figures.byAction.review.count).toBe(3);
    expect((await page('0')).status).toBe(400);
    expect((await page('91')).status).toBe(400);

    // A draft whose rules have a problem is not backtested.
    const twice = bundleOf(saved.version);
    (twice.org as Record<string, unknown>).fraud = { rules: [rule, rule] };
    expect((await saveDraft(database.db, { orgId, baseId: saved.version.id, bundle: twice, actor: { userId: null, name: 'test' }, note: 'oops' })).kind).toBe('saved');
    expect(await backtestDraft(database.db, orgId, 1)).toEqual({ kind: 'invalid-rules', problems: 1 });
  });
});
