// Member rates (issue 12, acceptance 6): the same hotel shows the member price to an ACTIVE
// member and charges it, through the real page services, initBooking and the pay call against
// the sandbox gateway; a visitor without an ACTIVE plan sees and pays the regular price, and is
// told what members pay. Both backends.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPriceMinor } from '~/domain/member-rates';
import { bookingEndpoints } from '~/api/booking-endpoints.server';
import { configurePayments } from '~/services/payments/runtime.server';
import { createSession } from '~/services/identity/session.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { inDays } from '../support/dates';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';
import { pageRequests } from '../support/page-requests';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

const generatePgTokenRoute = bookingEndpoints['/api/booking/generatePgToken'].action;
const initBookingRoute = bookingEndpoints['/api/booking/initBooking'].action;

const { holdHotelRoom, loadHotelCheckout, loadHotelDetails, travelerAction } = pageRequests;

let sandbox: SandboxGateway;
beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 1_000 });
});
afterAll(async () => sandbox?.stop());

const ORG = 'wanderly';
const HOTEL_RATE = 10; // org-configs/wanderly.json membership.memberRates.HLT
const site = `http://${hostOf(ORG)}`;
const major = (minor: number) => (minor / 100).toFixed(2);
let nextAddress = 1;

describe.each(['pglite', 'postgres'] as const)('member rates on hotels (%s)', (backend) => {
  const database = useSeededDatabase(backend);
  const stay = { destination: 'cancun', checkin: inDays(64), checkout: inDays(67), rooms: '1', guests: '2' };
  const detailsPath = `/hotel-details?${new URLSearchParams({ ...stay, hotel: 'cancun-harbour-view' }).toString()}`;

  async function cookieOf(key: string): Promise<string> {
    const user = await database.db.selectFrom('users').select('id').where('email', '=', `${key}@${ORG}.example`).executeTakeFirstOrThrow();
    return (await createSession(freshVisitorOn(hostOf(ORG)), { userId: user.id })).setCookie.split(';')[0]!;
  }
  const request = (path: string, cookie: string | null, init: RequestInit = {}) =>
    new Request(`${site}${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) } });
  const postJson = (path: string, cookie: string | null, body: unknown) =>
    request(path, cookie, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
  const formOf = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v);
    return form;
  };

  /** The standard room as the details page shows it to this visitor. */
  async function standardRoom(cookie: string | null) {
    const details = await loadHotelDetails(request(detailsPath, cookie));
    return details.hotel.rooms.find((room) => room.name === 'Standard room')!;
  }

  /** Reserve, traveller step, initBooking and a card payment, as the checkout does; answers what each step showed or froze. */
  async function book(cookie: string | null, guest: string) {
    const room = await standardRoom(cookie);
    const held = await holdHotelRoom(
      request('/hotel-checkout', cookie, { method: 'POST' }),
      formOf({ ...stay, roomTypeId: String(room.roomTypeId) }),
      `203.0.113.${nextAddress++}`,
    );
    if (held.result.kind !== 'held') throw new Error(`expected a hold, got ${held.result.kind}`);
    const hold = held.result.hold.token;
    const checkout = await loadHotelCheckout(request(`/hotel-checkout?hold=${hold}`, cookie));
    const traveler = await travelerAction(
      request('/hotel-checkout', cookie, { method: 'POST' }),
      formOf({ intent: 'traveler', hold, firstName: guest, lastName: 'Rates', email: `${guest.toLowerCase()}@example.com`, phone: '' }),
      'HLT',
    );
    expect(traveler.status).toBe(200);
    const init = await callAction(initBookingRoute, postJson('/api/booking/initBooking', cookie, { hold, product_type: 'HLT' }));
    expect(init.status).toBe(200);
    const frozen = (await init.json()) as { booking_id: string; amount_minor: number };
    const nonce = await sandboxNonce(sandbox.url);
    const payBody = (amountMinor: number) => ({
      id: frozen.booking_id,
      hold,
      pg_amt: major(amountMinor),
      pg_amount: major(amountMinor),
      currency: 'USD',
      product_type: 'HLT',
      pg_type: 'PG_03',
      cashcard_amt: 0,
      cn_disc_amt: 0,
      email: `${guest.toLowerCase()}@example.com`,
      names: `${guest} Rates`,
      payment_method: 'card',
      nonce,
    });
    return { room, checkout, frozen, pay: (amountMinor: number) => callAction(generatePgTokenRoute, postJson('/api/booking/generatePgToken', cookie, payBody(amountMinor))) };
  }

  async function saleOf(reference: string) {
    const { transactions } = await sandboxControl<{ transactions: { type: string; status: string; amount: string; orderId: string | null }[] }>(sandbox.url, 'transactions');
    return transactions.filter((t) => t.type === 'sale' && t.status === 'submitted_for_settlement' && (t.orderId ?? '').startsWith(`${reference}:`));
  }

  it('an ACTIVE member sees the member price of the same hotel, and the checkout charges it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const regular = await standardRoom(null);
    const regularMinor = regular.price.total.amountMinor;
    const memberMinor = memberPriceMinor(regularMinor, HOTEL_RATE);
    expect(memberMinor).toBeLessThan(regularMinor);

    const member = await cookieOf('member');
    const shown = await standardRoom(member);
    expect(shown.price.total.amountMinor).toBe(memberMinor);
    expect(shown.price.memberSavings?.amountMinor).toBe(regularMinor - memberMinor);
    expect(shown.price.membersPay).toBeNull();

    const { checkout, frozen, pay } = await book(member, 'Maya');
    // The breakdown still adds up: before tax + taxes − member savings = total = the charge.
    expect(checkout.price.total.amountMinor).toBe(memberMinor);
    expect(checkout.price.beforeTax.amountMinor + checkout.price.tax.amountMinor - checkout.price.memberSavings!.amountMinor).toBe(memberMinor);
    expect(checkout.charge.amountMinor).toBe(memberMinor);
    expect(checkout.quote.fees).toContainEqual(expect.objectContaining({ key: 'memberDiscount', amountMinor: regularMinor - memberMinor }));
    expect(frozen.amount_minor).toBe(memberMinor);
    // The client cannot pay the regular price instead: only the frozen amount is taken.
    expect((await pay(regularMinor)).status).not.toBe(200);
    const paid = await pay(memberMinor);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'confirmed' });
    expect(await saleOf(frozen.booking_id)).toEqual([expect.objectContaining({ amount: major(memberMinor) })]);
    const booking = await database.db.selectFrom('bookings').select(['status', 'amount_minor']).where('reference', '=', frozen.booking_id).executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: 'confirmed', amount_minor: memberMinor });
  });

  it('without an ACTIVE plan (no plan, expired, signed out) the regular price is shown and charged, with what members pay', async (ctx) => {
    if (database.skip) return ctx.skip();
    const anonymous = await standardRoom(null);
    const regularMinor = anonymous.price.total.amountMinor;
    const memberMinor = memberPriceMinor(regularMinor, HOTEL_RATE);
    for (const who of ['newuser', 'expired']) {
      const room = await standardRoom(await cookieOf(who));
      expect(room.price.total.amountMinor, who).toBe(regularMinor);
      expect(room.price.memberSavings, who).toBeNull();
      expect(room.price.membersPay?.amountMinor, who).toBe(memberMinor);
    }
    expect(anonymous.price.memberSavings).toBeNull();
    expect(anonymous.price.membersPay?.amountMinor).toBe(memberMinor);

    const { checkout, frozen, pay } = await book(await cookieOf('newuser'), 'Nora');
    expect(checkout.price.total.amountMinor).toBe(regularMinor);
    expect(checkout.price.membersPay?.amountMinor).toBe(memberMinor);
    expect(checkout.quote.fees.map((fee) => fee.key)).not.toContain('memberDiscount');
    expect(frozen.amount_minor).toBe(regularMinor);
    // Claiming the member price does not make it one.
    expect((await pay(memberMinor)).status).not.toBe(200);
    expect((await pay(regularMinor)).status).toBe(200);
    expect(await saleOf(frozen.booking_id)).toEqual([expect.objectContaining({ amount: major(regularMinor) })]);

    const guest = await book(null, 'Gus');
    expect(guest.checkout.charge.amountMinor).toBe(regularMinor);
    expect(guest.frozen.amount_minor).toBe(regularMinor);
  });
});
