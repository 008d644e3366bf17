// Every /api body is read by readApiBody and checked by its schema from schemas/api/ (docs/api.md
// "Request bodies"): a malformed, wrong-typed or unknown-field body is a 400 whose message names
// the field, in the route family's envelope, and changes nothing. One row per /api route with an
// action; a route added without a row fails the coverage check below.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiEndpoints } from '~/api/endpoints.server';
import { derivedSecret, signWebhook } from '~/domain/booking-payment';
import { TRIP_CALLS } from '~/domain/trips';
import { SANDBOX_CREDENTIALS } from '../../server/sandbox-gateway/index';
import { DEMO_PASSWORD, type HttpAnswer, demo, hostOf, http, sessionCookie } from '../support/http-client';

const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

// An organisation and user few other specs touch, so the state read before and after is ours.
const ORG = 'viajamas';
const HOST = hostOf(ORG);
const USER = demo('newuser', ORG);
const ADMIN = demo('admin', ORG);
const BOOKING = 'VJM-NOSUCH77';
const stamp = Date.now().toString(36);

type Who = 'user' | 'admin' | null;
type Row = {
  /** `api.` and the endpoint's path (its row in app/api/*-endpoints.server.ts) with dots for slashes, `$name` for a `:name` parameter. */
  route: string;
  method?: 'POST' | 'DELETE';
  who: Who;
  /** A body the schema accepts. */
  good: Record<string, unknown>;
  /** A field of the schema and a value of the wrong type for it; null: the call has no fields. */
  wrongType: [string, unknown] | null;
  /** The family's refusal envelope, besides `message`. */
  envelope: Record<string, unknown>;
  headers?: () => Record<string, string>;
  /** Signs the body (the OXXO webhook). */
  sign?: boolean;
  /** What the call could have changed, read before and after the refused calls. */
  state?: (call: Caller) => Promise<unknown>;
  /** A good body would change something real (sign out, save a card, grant credit): not sent. */
  keepsGoodUnsent?: true;
};
type Caller = (who: Who, method: string, route: string, body?: unknown, headers?: Record<string, string>) => Promise<HttpAnswer>;

const house = { status: 400 };
const payFamily = { status: 'invalid' };
const cardFamily = { status: 400, status_code: 400, data: null };
const weeksFamily = { status: 400, data: null };
const storedValueFamily = { status: 'failed' };
const idempotent = () => ({ 'idempotency-key': randomUUID() });
/** A trip call's fields for someone who is not the signed-in user: a good body answers 404. */
const tripCaller = { user_id: 'not-this-user', org_id: ORG };

const cardsOf = async (call: Caller) => (await call('user', 'POST', 'api.booking.getUserCreditCards', {})).json();
const sessionOf = async (call: Caller) => {
  const answer = await call('user', 'GET', 'api.auth.session');
  return { status: answer.status, data: answer.json().data };
};

const table: Row[] = [
  // The payment endpoints.
  {
    route: 'api.booking.generatePgToken',
    who: 'user',
    good: {
      id: BOOKING,
      pg_amt: '120.00',
      pg_amount: '120.00',
      currency: 'USD',
      product_type: 'HLT',
      pg_type: 'PG_03',
      cashcard_amt: 0,
      cn_disc_amt: 0,
      cn_disc_code: '',
      cn_dis_trnid: '',
      email: USER,
      names: 'Nora Newuser',
      card_id: '',
      cust_id: '',
      payment_method: 'card',
      nonce: 'fake-valid-nonce',
    },
    wrongType: ['pg_amt', true],
    envelope: payFamily,
    headers: idempotent,
  },
  { route: 'api.booking.zeroAmountBooking', who: 'user', good: { id: BOOKING, hold: 'abc' }, wrongType: ['id', 7], envelope: payFamily },
  { route: 'api.booking.cardGuarantee', who: 'user', good: { id: BOOKING, nonce: 'fake-valid-nonce' }, wrongType: ['nonce', 5], envelope: payFamily, headers: idempotent },
  {
    route: 'api.booking.hostedPayment',
    who: 'user',
    good: { id: BOOKING, pg_amt: '120.00', currency: 'USD', hold: 'abc' },
    wrongType: ['pg_amt', true],
    envelope: payFamily,
    headers: idempotent,
  },
  {
    route: 'api.pgv2.generateCheckSum',
    who: 'user',
    good: { orderId: BOOKING, currency: 'USD', countryCode: 'MX', amount: '120.00', api_key: 'pk' },
    wrongType: ['countryCode', 52],
    envelope: payFamily,
  },
  {
    route: 'api.pgv2.paymentWithSavedCard',
    who: 'user',
    good: {
      country_code: 'MX',
      card_id: randomUUID(),
      ip: '127.0.0.1',
      email: USER,
      order_id: BOOKING,
      amount: '120.00',
      currency: 'USD',
      description: 'Stay',
      subscription: false,
      api_key: 'pk',
      checksum: 'a'.repeat(64),
      metadata: { bookingId: BOOKING, productType: 'HLT' },
    },
    wrongType: ['metadata', 'x'],
    envelope: payFamily,
    headers: idempotent,
  },
  {
    route: 'api.payments.oxxo.webhook',
    who: null,
    good: { event_id: randomUUID(), reference: '97777777777777', amount_minor: 100, paid_at: new Date().toISOString() },
    wrongType: ['amount_minor', '100'],
    envelope: payFamily,
    sign: true,
  },
  { route: 'api.booking.cancel', who: 'user', good: { id: BOOKING }, wrongType: ['id', 7], envelope: house },
  { route: 'api.booking.initBooking', who: 'user', good: { hold: 'a'.repeat(32), product_type: 'HLT' }, wrongType: ['hold', 5], envelope: { error: 'invalid' } },
  {
    route: 'api.admin.invoiceCredit',
    who: 'admin',
    good: { company: `Api bodies ${stamp}`, limit: 10, currency: 'USD' },
    wrongType: ['limit', true],
    envelope: house,
    keepsGoodUnsent: true,
  },
  // Saved cards.
  {
    route: 'api.booking.saveCard',
    who: 'user',
    good: { nonce: 'fake-valid-nonce' },
    wrongType: ['is_default', 'yes'],
    envelope: cardFamily,
    state: cardsOf,
    keepsGoodUnsent: true,
  },
  { route: 'api.booking.setDefaultCard', who: 'user', good: { card_id: 'nosuch' }, wrongType: ['card_id', []], envelope: cardFamily, state: cardsOf },
  { route: 'api.booking.deletecard', who: 'user', good: { card_id: 'nosuch' }, wrongType: ['card_id', 5], envelope: cardFamily, state: cardsOf },
  { route: 'api.booking.getDefaultCard', who: 'user', good: { email: USER, is_default: 1 }, wrongType: ['email', 5], envelope: cardFamily },
  { route: 'api.booking.getSupplierpg', who: 'user', good: { pg_product_type: 'HLT' }, wrongType: ['pg_supplier_id', true], envelope: cardFamily },
  { route: 'api.booking.getUserCreditCards', who: 'user', good: { email: USER }, wrongType: ['mobile', true], envelope: cardFamily },
  { route: 'api.pgv2.cardNonce', who: 'user', good: { card_id: 'nosuch' }, wrongType: ['card_id', 1], envelope: cardFamily },
  { route: 'api.card-service.v1.card.set_default_card', who: 'user', good: { card_id: 'nosuch', email: USER }, wrongType: ['email', 1], envelope: cardFamily, state: cardsOf },
  {
    route: 'api.card-service.v1.card.update.$email',
    who: 'user',
    good: { card_id: 'nosuch', nick_name: 'Home' },
    wrongType: ['nick_name', 42],
    envelope: cardFamily,
    state: cardsOf,
  },
  { route: 'api.card-service.v1.card.delete.$email', method: 'DELETE', who: 'user', good: { card_id: 'nosuch' }, wrongType: ['card_id', 1], envelope: cardFamily, state: cardsOf },
  // Loyalty points, wallets, certificates and discount cards (no such hold: 404 with a good body).
  {
    route: 'api.loyalty.checkLoyaltyPoints',
    who: 'user',
    good: { uuid: 'nosuch', productType: 'HTL', bookingAmount: 120, loyaltyMembershipNo: '', agent_extra_amount: 0 },
    wrongType: ['productType', 7],
    envelope: house,
  },
  {
    route: 'api.loyalty.applyPoints',
    who: 'user',
    good: { uuid: 'nosuch', productType: 'HTL', bookingAmount: '120.00', pointsQuantity: 100, pointsType: 'MILES', currency: 'USD', unapply: false, agent_extra_amount: 0 },
    wrongType: ['pointsQuantity', '100'],
    envelope: house,
  },
  { route: 'api.booking.getpaymentcardbyuser', who: 'user', good: { product_type: 'HLT', currency: 'USD', hold: 'nosuch' }, wrongType: ['hold', 5], envelope: house },
  { route: 'api.booking.applyPaymentCard', who: 'user', good: { hold: 'nosuch', payment_card_id: randomUUID(), amount: '10.00' }, wrongType: ['amount', 10], envelope: house },
  // Sign-in and account.
  { route: 'api.auth.login', who: null, good: { email_id: USER, password: DEMO_PASSWORD }, wrongType: ['password', 12345], envelope: house },
  { route: 'api.auth.logout', who: 'user', good: {}, wrongType: null, envelope: house, state: sessionOf, keepsGoodUnsent: true },
  { route: 'api.auth.impersonation-keys', who: 'user', good: { user_id: 'nobody' }, wrongType: ['user_id', 42], envelope: house },
  {
    route: 'api.user.preferences',
    who: 'user',
    good: { usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD' },
    wrongType: ['usr_type', 'two'],
    envelope: house,
    state: sessionOf,
    keepsGoodUnsent: true,
  },
  // Membership (the ids named are no one's: a good body answers 404).
  { route: 'api.membershipUpgrade.subscription-plans', who: null, good: { lang: 'es-MX' }, wrongType: ['lang', 5], envelope: house },
  { route: 'api.membershipUpgrade.plans', who: 'user', good: { userId: 'not-this-user', lang: 'es-MX' }, wrongType: ['userId', 5], envelope: house },
  {
    route: 'api.membershipUpgrade.payment-membership',
    who: 'user',
    good: {
      sub_plan_id: 999_999,
      currency: 'USD',
      subscription_code: 'ESSENTIAL',
      membership_id: 'VJM-ESS',
      plan_amount: 99,
      userId: 'not-this-user',
      referer: '/',
      charge_org: false,
    },
    wrongType: ['plan_amount', true],
    envelope: house,
  },
  {
    route: 'api.plans.initbook',
    who: 'user',
    good: { data: { is_renewal: 0, currency: 'USD', plan_amount: 99, id: 999_999, subscription_code: 'ESSENTIAL', lang_code: 'es-MX', user_type: 2 } },
    wrongType: ['data', 'x'],
    envelope: house,
  },
  { route: 'api.wallet.topup', who: 'user', good: { amount: '10.00', nonce: 'fake-valid-nonce' }, wrongType: ['amount', 10], envelope: house, keepsGoodUnsent: true },
  { route: 'api.bookingHistory.getCountMessages', who: 'user', good: {}, wrongType: ['user_id', 42], envelope: house },
  { route: 'api.flights.autosuggestV2', who: null, good: { text: 'cun' }, wrongType: ['latitude', 'north'], envelope: house },
  // The fingerprint a page posts (kept hashed).
  { route: 'api.iqps.fqs', who: null, good: { device_id: `api-bodies-${stamp}`, fraud_chance: 5 }, wrongType: ['fraud_chance', 'high'], envelope: house },
  // Coupons and cash cards (the hold named is no one's: a good body answers 404).
  { route: 'api.general.getCouponCodeDetails', who: 'user', good: { product_type: 'HLT', currency: 'USD' }, wrongType: ['currency', 5], envelope: storedValueFamily },
  { route: 'api.general.applyCouponCodeDetails', who: 'user', good: { json: { coupon_code: 'NOPE' }, hold: 'nosuch' }, wrongType: ['hold', 5], envelope: storedValueFamily },
  { route: 'api.booking.unlockCouponCodeApi', who: 'user', good: { coupon_trn_id: 'nosuch', hold: 'nosuch' }, wrongType: ['coupon_id', true], envelope: storedValueFamily },
  {
    route: 'api.booking.applyCashcard',
    who: 'user',
    good: { cash_card_id: 'nosuch', cashcard_amount: '10.00', hold: 'nosuch' },
    wrongType: ['cash_card_id', 5],
    envelope: storedValueFamily,
  },
  { route: 'api.booking.removeCashcard', who: 'user', good: { json: { type: 'cashcard' }, hold: 'nosuch' }, wrongType: ['hold', 5], envelope: storedValueFamily },
  { route: 'api.booking.cashCardRedemption_ACT_TRF', who: 'user', good: { checkoutId: 'nosuch', action: 'status' }, wrongType: ['action', 5], envelope: storedValueFamily },
  { route: 'api.cars.cashcardRedemption', who: 'user', good: { data: { checkoutId: 'nosuch', action: 'status' } }, wrongType: ['data', 'x'], envelope: storedValueFamily },
  // Trips (the user named is not the signed-in one: a good body answers 404, nothing is written).
  ...[...TRIP_CALLS.keys()].map((call): Row => ({
    route: `api.trips.${call}`,
    who: 'user',
    good: { json: { ...tripCaller, trip_list_id: null, checkin_date: '2030-01-05', checkout_date: '2030-01-12', type: 3, usr_type: 2 } },
    wrongType: ['json', 'x'],
    envelope: house,
  })),
  { route: 'api.trips.gettrips', who: 'user', good: { json: { ...tripCaller, type: 3, usr_type: 2, is_details_required: 0 } }, wrongType: ['json', []], envelope: house },
  {
    route: 'api.trips.gettrips.getTripsList',
    who: 'user',
    good: { json: { ...tripCaller, checkin_date: '2030-01-05', checkout_date: '2030-01-12' } },
    wrongType: ['json', 5],
    envelope: house,
  },
  {
    route: 'api.trips.belongsThistrip',
    who: 'user',
    good: { ...tripCaller, type: 3, trip_id: randomUUID(), currency: 'USD', is_details_required: 0, product_type: ['HLT'] },
    wrongType: ['trip_id', 7],
    envelope: house,
  },
  {
    route: 'api.trips.citieimages',
    who: 'user',
    good: { json: { city: 'Cancún', state: '', country: 'MX', latitude: 21.16, longitude: -86.85 } },
    wrongType: ['json', 'x'],
    envelope: house,
  },
  {
    route: 'api.trips.addUserToTrip',
    who: 'user',
    good: { mytrip_id: randomUUID(), user_id: 'not-this-user', accesscode: 'nosuch' },
    wrongType: ['mytrip_id', 7],
    envelope: house,
  },
  { route: 'api.trips.addBooking', who: 'user', good: { json: { ...tripCaller, booking_id: 'WAN-NOSUCH1', city_name: 'Cancún' } }, wrongType: ['json', 5], envelope: house },
  {
    route: 'api.trips.invite',
    who: 'user',
    good: { trip_id: randomUUID(), email: 'someone@example.com', firstname: 'Ann', lastname: 'Lee', role: 'viewer' },
    wrongType: ['role', 'owner'],
    envelope: house,
  },
  // Weeks and resorts.
  {
    route: 'api.weeks.getInventory',
    who: null,
    good: { resort_id: 1, check_in_date: '2030-01-05', check_out_date: '2030-01-12' },
    wrongType: ['resort_id', true],
    envelope: weeksFamily,
  },
  { route: 'api.weeks.getReviews', who: null, good: { resort_id: 1 }, wrongType: ['page', 'one'], envelope: weeksFamily },
  { route: 'api.weeks.getGenerateMinPrice', who: null, good: { country: 'MX' }, wrongType: ['dates', '2030-01-05'], envelope: weeksFamily },
  {
    route: 'api.weeks.prepareBookWeeks',
    who: null,
    good: { resort_id: 1, inventory_id: 1, check_in_date: '2030-01-05', check_out_date: '2030-01-12' },
    wrongType: ['inventory_id', true],
    envelope: weeksFamily,
  },
  { route: 'api.weeks.release', who: null, good: { reservationToken: 'nosuch' }, wrongType: ['reservationToken', 5], envelope: weeksFamily },
];

/** `field: …` at the start of the message or of one of its `; `-separated lines. */
const naming = (field: string) => new RegExp(`(^|; )${field.replace(/[.$]/g, '\\$&')}: `);

describe('every /api route with an action has a row', () => {
  it('covers each row of the /api table (app/api/*-endpoints.server.ts) that has an action', () => {
    // Each path as the rows above name it (`Row.route`).
    const withAction = Object.entries(apiEndpoints)
      .filter(([, endpoint]) => 'action' in endpoint)
      .map(([url]) =>
        url
          .slice(1)
          .replace(/\//g, '.')
          .replace(/:(\w+)/g, '$$$1'),
      )
      .sort();
    expect(withAction.length).toBeGreaterThan(20);
    expect(table.map((row) => row.route).sort()).toEqual(withAction);
  });
});

describe.each(backends)('/api request bodies on $name', ({ base }) => {
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
  const urlOf = (route: string) => `/${route.replace(/\./g, '/').replace('$email', encodeURIComponent(USER))}`;
  const call: Caller = (who, method, route, body, headers = {}) => http(base, method, urlOf(route), { host: HOST, body, cookie: who ? cookies[who] : undefined, headers });

  beforeAll(async () => {
    for (const [who, email] of [
      ['user', USER],
      ['admin', ADMIN],
    ] as const) {
      const login = await http(base, 'POST', '/api/auth/login', { host: HOST, body: { email_id: email, password: DEMO_PASSWORD } });
      expect(login.status, login.text).toBe(200);
      cookies[who] = sessionCookie(login);
    }
  });

  it.each(table)('$route: malformed, wrong-typed and unknown-field bodies are a 400 naming the field, and change nothing', async (row) => {
    const send = (body: string) => {
      const headers = { ...(row.headers?.() ?? {}) };
      if (row.sign) headers['x-oxxo-signature'] = signWebhook(derivedSecret(SANDBOX_CREDENTIALS.privateKey, 'oxxo-webhook'), body, Math.floor(Date.now() / 1000));
      return call(row.who, row.method ?? 'POST', row.route, body, headers);
    };
    const before = await row.state?.(call);

    const cases: { body: string; names: RegExp }[] = [
      { body: '{"broken": ', names: /not valid JSON/ },
      { body: '[1, 2]', names: /JSON object/ },
      { body: JSON.stringify({ ...row.good, surprise_field: 1 }), names: naming('surprise_field') },
    ];
    if (row.wrongType) {
      const [field, value] = row.wrongType;
      cases.push({ body: JSON.stringify({ ...row.good, [field]: value }), names: naming(field) });
    }
    for (const { body, names } of cases) {
      const answer = await send(body);
      expect(answer.status, `${body} → ${answer.text}`).toBe(400);
      const json = answer.json();
      expect(json, body).toMatchObject(row.envelope);
      expect(json.message, body).toMatch(names);
      expect(answer.headers['set-cookie'] ?? [], body).not.toEqual(expect.arrayContaining([expect.stringMatching(/^userToken=/)]));
    }

    if (row.state) expect(await row.state(call)).toEqual(before);

    // The good body passes the schema, so each 400 above is the one bad field's. (Calls that
    // would change something real with a good body are not sent.)
    if (!row.keepsGoodUnsent) {
      const answer = await send(JSON.stringify(row.good));
      const message = answer.status === 400 ? String(answer.json().message) : '';
      expect(message, answer.text).not.toMatch(/not valid JSON|JSON object|unrecognized property|missing required property|: must /);
    }
  });
});

describe.each(backends)('page form actions on $name', ({ base }) => {
  it('answer 415 to a body that is not a form (JSON, plain text), as a document post and as a data request, and change nothing', async () => {
    const email = `json-${stamp}@example.com`;
    for (const [path, contentType] of [
      ['/auth/signup', 'application/json'],
      ['/auth/signup?_data=routes%2Fauth.signup', 'application/json'],
      ['/hotel-checkout?_data=routes%2Fhotel-checkout', 'application/json'],
      ['/auth/login', 'text/plain'],
    ] as const) {
      const answer = await http(base, 'POST', path, {
        host: HOST,
        body: JSON.stringify({ email, firstName: 'Jay', lastName: 'Son', password: 'long-enough-pass' }),
        headers: { 'content-type': contentType },
      });
      expect(answer.status, `${path} ${answer.text}`).toBe(415);
      expect(answer.text).toBe('Unsupported media type: a page accepts a form (application/x-www-form-urlencoded or multipart/form-data).\n');
    }
    // A form still goes through.
    const form = await http(base, 'POST', '/auth/login?_data=routes%2Fauth.login', {
      host: HOST,
      body: 'email=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).not.toBe(415);
  });
});
