// Loyalty on the profile (issue 34 acceptance 3), in Chromium on the PostgreSQL server: a fresh
// member pays a hotel by card, which earns Travel Miles pending until the trip; the profile shows
// them, the available points and the loyalty membership number, in English and in Spanish, and
// axe finds nothing at 375 and 1280 px.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '~/services/identity/password.server';
import { prepareBooking, submitBooking } from '../support/booking-load';
import { sandboxNonce } from '../support/sandbox-control';
import { expectNoAxeViolationsAtViewports, newContext, orgUrl, signInWithApi, useSharedBrowser, waitForHydration } from '../support/browser';
import { http, sessionCookie } from '../support/http-client';

const base = inject('pgBaseURL');
const databaseUrl = inject('pgDatabaseUrl');
const PASSWORD = 'Loyal-Points-2026!';
const email = `loyal-${Date.now()}@wanderly.example`;
const browser = useSharedBrowser();
let db: pg.Client;
let publicId = '';

beforeAll(async () => {
  if (!base) return;
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ public_id: string }>(
    `insert into users (org_id, email, email_normalized, password_hash, first_name, last_name, role) values ('wanderly', $1, $1, $2, 'Lola', 'Loyal', 'member') returning public_id`,
    [email, await hashPassword(PASSWORD)],
  );
  publicId = rows[0]!.public_id;
});
afterAll(async () => db?.end());

describe.skipIf(!base)('loyalty points on the profile', () => {
  it('shows the Travel Miles a card payment earned as pending, the available points and the membership number, in both languages (axe)', async () => {
    const login = await http(base, 'POST', '/api/auth/login', { body: { email_id: email, password: PASSWORD } });
    const cookie = sessionCookie(login);
    const booking = await prepareBooking(base, cookie, { firstDay: 300, guest: 'Lola' });
    const { pay } = await submitBooking(base, booking, await sandboxNonce(inject('sandboxURL')));
    expect(pay.status, pay.text).toBe(200);
    // Two miles a whole unit the card paid (wanderly's earn rule), pending until the trip starts.
    const earned = Math.floor(booking.amountMinor / 100) * 2;

    const { context } = await newContext(browser());
    const page = await context.newPage();
    await page.goto(orgUrl(base, 'localhost', '/session-out'));
    await signInWithApi(page, email, PASSWORD);
    await page.goto(orgUrl(base, 'localhost', '/user/profile'));
    await waitForHydration(page);
    const block = page.getByRole('region', { name: 'Loyalty points' });
    await block.waitFor();
    const membershipNo = `LM-${publicId.slice(0, 8).toUpperCase()}`;
    expect(await block.getByText(membershipNo).count()).toBe(1);
    const miles = block.getByRole('article', { name: 'Travel Miles' });
    expect(await miles.locator('.loyalty-balance').textContent()).toBe(`Available0Pending until your trip${earned.toLocaleString('en-US')}`);
    const movements = miles.getByRole('table', { name: 'Latest movements of your Travel Miles' });
    expect(await movements.getByRole('row').nth(1).textContent()).toContain(`Earned with a booking+${earned.toLocaleString('en-US')}`);
    await expectNoAxeViolationsAtViewports(page, 'the profile with loyalty points');

    await context.addCookies([{ name: 'lan_code', value: 'es-MX', url: orgUrl(base, 'localhost', '/') }]);
    await page.reload();
    await waitForHydration(page);
    const spanish = page.getByRole('region', { name: 'Puntos de lealtad' });
    await spanish.waitFor();
    expect(await spanish.getByRole('article', { name: 'Travel Miles' }).locator('.loyalty-balance').textContent()).toBe(
      `Disponibles0Pendientes hasta tu viaje${earned.toLocaleString('es-MX')}`,
    );
    expect(await spanish.getByText('Acumulados con una reserva').count()).toBe(1);
    await context.close();
  });
});
