// The coupon and cash card calls (issue 11; spec §7 "Coupons", "Cash cards"; docs/api.md
// "Coupons and cash cards") through their route actions, on a real database (PGlite and
// PostgreSQL): what they answer, in the legacy envelopes, and that a refused call (bad input,
// another member's card or checkout, no session) changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { STORED_VALUE_TEXT } from '~/domain/instruments';
import { storedValueEndpoints } from '~/api/stored-value-endpoints.server';
import { createSession } from '~/services/identity/session.server';
import { type Member, creditInstrument, instrumentsOf, openInstrument } from '~/services/stored-value/stored-value.server';
import { type Backend, useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';
import { memberHold, quoteOf } from '../support/stored-value';

const applyCashcardRoute = storedValueEndpoints['/api/booking/applyCashcard'].action;
const redemptionRoute = storedValueEndpoints['/api/booking/cashCardRedemption_ACT_TRF'].action;
const removeCashcardRoute = storedValueEndpoints['/api/booking/removeCashcard'].action;
const unlockCouponRoute = storedValueEndpoints['/api/booking/unlockCouponCodeApi'].action;
const carRedemptionRoute = storedValueEndpoints['/api/cars/cashcardRedemption'].action;
const applyCouponRoute = storedValueEndpoints['/api/general/applyCouponCodeDetails'].action;
const couponDetailsRoute = storedValueEndpoints['/api/general/getCouponCodeDetails'].action;

const ORG = 'wanderly';
const backends: Backend[] = ['pglite', 'postgres'];

type Person = Member & { cookie: string };

describe.each(backends)('coupon and cash card calls on %s', (backend) => {
  const database = useSeededDatabase(backend);
  let member: Person;
  let other: Person;

  async function person(email: string): Promise<Person> {
    const row = await database.db.selectFrom('users').select('id').where('org_id', '=', ORG).where('email', '=', email).executeTakeFirstOrThrow();
    const { setCookie } = await createSession(freshVisitorOn(hostOf(ORG)), { userId: row.id });
    return { orgId: ORG, userId: row.id, cookie: setCookie.split(';')[0]! };
  }

  beforeAll(async () => {
    if (database.skip) return;
    member = await person(`member@${ORG}.example`);
    other = await person(`agent@${ORG}.example`);
  });

  const routes = {
    couponDetails: ['/api/general/getCouponCodeDetails', couponDetailsRoute],
    applyCoupon: ['/api/general/applyCouponCodeDetails', applyCouponRoute],
    unlockCoupon: ['/api/booking/unlockCouponCodeApi', unlockCouponRoute],
    applyCash: ['/api/booking/applyCashcard', applyCashcardRoute],
    removeCash: ['/api/booking/removeCashcard', removeCashcardRoute],
    redemption: ['/api/booking/cashCardRedemption_ACT_TRF', redemptionRoute],
    carRedemption: ['/api/cars/cashcardRedemption', carRedemptionRoute],
  } as const;

  /** `language`: the page's (the lan_code cookie), English when not said. */
  async function call(route: keyof typeof routes, who: Person | null, body: unknown, language?: 'es-MX'): Promise<{ status: number; json: any }> {
    const [path, action] = routes[route];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) headers.cookie = language ? `${who.cookie}; lan_code=${language}` : who.cookie;
    const response = await callAction(action, new Request(`http://${hostOf(ORG)}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
    return { status: response.status, json: await response.json() };
  }

  const cashCard = async (who: Member) => (await instrumentsOf(who, ['cash_card'], database.db)).find((i) => i.code === 'CASH-1001')!;
  /** What any of these calls could change: the hold's applications, the cards' balances, the coupons' uses. */
  async function state(holdId: string) {
    const applications = await database.db.selectFrom('checkout_applications').select(['id', 'status', 'amount_minor']).where('hold_id', '=', holdId).orderBy('id').execute();
    const coupons = await database.db.selectFrom('coupons').select(['code', 'used_total']).where('org_id', '=', ORG).orderBy('code').execute();
    return { applications, coupons, mine: (await cashCard(member)).balance, theirs: (await cashCard(other)).balance };
  }

  it('lists the member’s coupons, applies one to the checkout and releases it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const listed = await call('couponDetails', member, { product_type: 'HLT', currency: 'usd', hold: hold.token });
    expect(listed.status).toBe(200);
    const coupons = listed.json.data.data.data;
    expect(coupons.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual(['SAVE25', 'WELCOME10']);
    expect(coupons.find((c: { coupon_code: string }) => c.coupon_code === 'SAVE25')).toMatchObject({
      coupon_currency: 'USD',
      discount_type: 'fixed',
      discount_value: 25,
      title: 'USD 25 off',
    });

    const applied = await call('applyCoupon', member, {
      json: {
        coupon_code: 'save25',
        discount_amount: '999',
        discount_currency: 'USD',
        product_type: 'HLT',
        org_id: 'x',
        coupon_id: '',
        coupon_trn_id: '',
        isMathch: true,
        site_id: 1,
      },
      hold: hold.token,
    });
    expect(applied.status).toBe(200);
    const coupon = applied.json.data.data.data;
    expect(coupon).toMatchObject({
      status: 'success',
      coupon_code: 'SAVE25',
      coupon_currency: 'USD',
      applied_amount: 25,
      applied_type: 'fixed',
      discount_currency: 'USD',
      payable_amount: 175,
    });
    expect(coupon.coupon_trn_id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await call('applyCoupon', member, { json: { coupon_code: 'WELCOME10' }, hold: hold.token });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ status: 'failed', data: { data: { data: { status: 'failed', message: 'A COUPON CODE IS ALREADY APPLIED' } } } });

    const unlocked = await call('unlockCoupon', member, {
      coupon_id: coupon.coupon_id,
      coupon_trn_id: coupon.coupon_trn_id,
      org_id: ORG,
      product_type: 'HLT',
      site_id: 1,
      hold: hold.token,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.json.data).toMatchObject({ status: 'success', coupon_trn_id: coupon.coupon_trn_id, payable_amount: 200 });
    const rows = await database.db.selectFrom('checkout_applications').select('status').where('hold_id', '=', hold.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['released']);
  });

  it('refuses a code that is not the member’s with the spec text, and changes nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const before = await state(hold.id);
    const refused = await call('applyCoupon', member, { json: { coupon_code: 'NOPE' }, hold: hold.token });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      status: 'failed',
      message: STORED_VALUE_TEXT.couponInvalid,
      data: { data: { data: { status: 'failed', message: STORED_VALUE_TEXT.couponInvalid } } },
    });
    // The coupon release of an application that is not a coupon's releases nothing.
    const cash = await call('applyCash', member, { cash_card_id: (await cashCard(member)).id, cashcard_amount: 10, hold: hold.token });
    const unlockCash = await call('unlockCoupon', member, { coupon_trn_id: cash.json.application_id, hold: hold.token });
    expect(unlockCash.status).toBe(404);
    expect(unlockCash.json.data).toMatchObject({ status: 'failed' });
    await call('removeCash', member, { json: { id: hold.token, product_type: 'HLT', type: 'cashcard' } });
    const after = await state(hold.id);
    expect(after.applications.map((a) => a.status)).toEqual(['released']);
    expect({ ...after, applications: [] }).toEqual({ ...before, applications: [] });
  });

  it('refuses a cash card in another currency than the checkout’s, and a call that names another currency, changing nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const pesos = await openInstrument({ orgId: ORG, ownerUserId: member.userId, kind: 'cash_card', code: 'CASH-MXN', title: 'Tarjeta de regalo', currency: 'MXN' }, database.db);
    await creditInstrument(pesos, 300_000, 'test:pesos', `test:pesos:${backend}`, database.db);
    const before = await state(hold.id);
    const inPesos = await call('applyCash', member, { cash_card_id: pesos, cashcard_amount: '', currency: 'USD', product_type: 'HLT', hold: hold.token });
    expect(inPesos).toMatchObject({ status: 409, json: { status: 'failed', message: 'This cash card is in MXN and cannot pay a booking in USD', reason: 'currency' } });
    const misnamed = await call('applyCash', member, { cash_card_id: (await cashCard(member)).id, cashcard_amount: '10', currency: 'MXN', product_type: 'HLT', hold: hold.token });
    expect(misnamed).toMatchObject({ status: 409, json: { status: 'failed', message: 'This checkout is in USD, not MXN' } });
    expect(await state(hold.id)).toEqual(before);
  });

  it('says the coupon texts in the request’s language', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const refused = await call('applyCoupon', member, { json: { coupon_code: 'NOPE' }, hold: hold.token }, 'es-MX');
    expect(refused).toMatchObject({ status: 400, json: { message: 'INGRESA UN CÓDIGO DE CUPÓN VÁLIDO' } });
    const applied = await call('applyCoupon', member, { json: { coupon_code: 'SAVE25' }, hold: hold.token }, 'es-MX');
    expect(applied).toMatchObject({ status: 200, json: { message: 'CUPÓN APLICADO CORRECTAMENTE' } });
    const again = await call('applyCoupon', member, { json: { coupon_code: 'WELCOME10' }, hold: hold.token }, 'es-MX');
    expect(again).toMatchObject({ status: 409, json: { message: 'YA HAY UN CUPÓN APLICADO' } });
    const { coupon_trn_id } = applied.json.data.data.data;
    const released = await call('unlockCoupon', member, { coupon_trn_id, hold: hold.token }, 'es-MX');
    expect(released).toMatchObject({ status: 200, json: { message: 'CUPÓN LIBERADO CORRECTAMENTE' } });
  });

  it('says why a cash card is refused (inactive, nothing left, already applied), changing nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const asleep = await openInstrument(
      { orgId: ORG, ownerUserId: member.userId, kind: 'cash_card', code: `CASH-OFF-${backend}`, title: 'Old card', currency: 'USD' },
      database.db,
    );
    await creditInstrument(asleep, 5_000, 'test:asleep', `test:asleep:${backend}`, database.db);
    await database.db.updateTable('instruments').set({ active: false }).where('id', '=', asleep).execute();
    const spent = await openInstrument(
      { orgId: ORG, ownerUserId: member.userId, kind: 'cash_card', code: `CASH-EMPTY-${backend}`, title: 'Spent card', currency: 'USD' },
      database.db,
    );
    const before = await state(hold.id);
    const apply = (id: string) => call('applyCash', member, { cash_card_id: id, cashcard_amount: '', currency: 'USD', product_type: 'HLT', hold: hold.token });
    expect(await apply(asleep)).toMatchObject({ status: 409, json: { status: 'failed', message: 'This card is not active', reason: 'inactive' } });
    expect(await apply(spent)).toMatchObject({ status: 409, json: { status: 'failed', message: 'This card has nothing left', reason: 'empty' } });
    expect(await state(hold.id)).toEqual(before);
    const card = (await cashCard(member)).id;
    expect((await call('applyCash', member, { cash_card_id: card, cashcard_amount: '5', hold: hold.token })).status).toBe(200);
    expect(await call('applyCash', member, { cash_card_id: card, cashcard_amount: '5', hold: hold.token })).toMatchObject({ status: 409, json: { reason: 'already_applied' } });
    await call('removeCash', member, { json: { id: hold.token, product_type: 'HLT', type: 'cashcard' } });
  });

  it('applies a cash card for an amount and releases it: the payable total drops and the balance comes back', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const card = await cashCard(member);
    const applied = await call('applyCash', member, {
      cash_card_id: card.id,
      booking_amt: '200.00',
      cashcard_amount: '100.50',
      currency: 'USD',
      id: 'ignored-booking-id',
      product_type: 'HLT',
      hold: hold.token,
    });
    expect(applied.status).toBe(200);
    expect(applied.json).toMatchObject({
      status: 'success',
      message: STORED_VALUE_TEXT.cashApplied,
      cash_card_id: card.id,
      cashcard_amount: 100.5,
      payable_amount: 99.5,
      total_amount: (card.balance - 10_050) / 100,
    });

    const status = await call('redemption', member, { checkoutId: hold.token, productType: 'HLT', action: 'status' });
    expect(status.json).toMatchObject({ status: 'success', data: { applied: [{ cash_card_id: card.id, applied_amount: 100.5 }], payable_amount: 99.5 } });

    const removed = await call('removeCash', member, { json: { id: hold.token, product_type: 'HLT', type: 'cashcard' } });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ status: 'success', msg: 'Cash card released successfully', payable_amount: 200, total_amount: card.balance / 100 });
    expect((await cashCard(member)).balance).toBe(card.balance);

    // Nothing left to release: a failure, and its answer never says 'successfully'.
    const none = await call('removeCash', member, { json: { id: hold.token, product_type: 'HLT', type: 'cashcard' }, hold: hold.token });
    expect(none.status).toBe(404);
    expect(none.json.status).toBe('failed');
    expect(JSON.stringify(none.json)).not.toContain('successfully');
  });

  it('an empty amount uses the whole balance up to the payable total; the redemption calls release it', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('ACT', 6_000));
    const card = await cashCard(member);
    const applied = await call('applyCash', member, { cash_card_id: card.id, cashcard_amount: '', hold: hold.token });
    expect(applied.json).toMatchObject({ status: 'success', cashcard_amount: 60, payable_amount: 0 });
    const released = await call('carRedemption', member, { data: { checkoutId: hold.token, action: 'release' } });
    expect(released.status).toBe(200);
    expect(released.json).toMatchObject({
      status: 'success',
      msg: 'Cash card released successfully',
      data: { released: [{ cash_card_id: card.id, applied_amount: 60 }], payable_amount: 60 },
    });
    expect((await cashCard(member)).balance).toBe(card.balance);
    const again = await call('redemption', member, { hold: hold.token, action: 'release' });
    expect(again.json).toMatchObject({ status: 'success', data: { released: [] } });
  });

  it('bad input is a 400, another member’s card or checkout a 404, and neither changes anything', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const theirHold = await memberHold(database.db, other, quoteOf('HLT', 20_000));
    const mine = await cashCard(member);
    const theirs = await cashCard(other);
    const before = await state(hold.id);
    const theirsBefore = await state(theirHold.id);

    const bad = [
      await call('applyCash', member, { cash_card_id: mine.id, cashcard_amount: '1.234', hold: hold.token }),
      await call('applyCash', member, { cash_card_id: mine.id, cashcard_amount: -5, hold: hold.token }),
      await call('applyCash', member, { cash_card_id: mine.id, cashcard_amount: 1.234, hold: hold.token }),
      await call('applyCash', member, { cash_card_id: mine.id, cashcard_amount: '5' }),
      await call('removeCash', member, { json: { id: hold.token, type: 'wallet' } }),
      await call('redemption', member, { hold: hold.token, action: 'capture' }),
      await call('applyCoupon', member, { json: { coupon_code: 5 }, hold: hold.token }),
      await call('unlockCoupon', member, { hold: hold.token }),
    ];
    for (const answer of bad) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
      expect(answer.json.status).toBe('failed');
    }
    expect(bad[0]!.json.message).toMatch(/^cashcard_amount: /);

    const notFound = [
      await call('applyCash', member, { cash_card_id: theirs.id, hold: hold.token }),
      await call('applyCash', member, { cash_card_id: mine.id, hold: theirHold.token }),
      await call('applyCash', member, { cash_card_id: 'not-a-card', hold: hold.token }),
      await call('applyCoupon', member, { json: { coupon_code: 'SAVE25' }, hold: theirHold.token }),
      await call('couponDetails', member, { product_type: 'HLT', currency: 'USD', hold: theirHold.token }),
      await call('removeCash', member, { json: { type: 'cashcard' }, hold: theirHold.token }),
      await call('redemption', member, { checkoutId: theirHold.token, action: 'release' }),
      await call('unlockCoupon', member, { coupon_id: 'x', hold: theirHold.token }),
    ];
    for (const answer of notFound) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(404);
      expect(answer.json.status).toBe('failed');
    }
    expect(await state(hold.id)).toEqual(before);
    expect(await state(theirHold.id)).toEqual(theirsBefore);
  });

  it('answers 401 to a caller without a session, and changes nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const hold = await memberHold(database.db, member, quoteOf('HLT', 20_000));
    const before = await state(hold.id);
    const card = await cashCard(member);
    const bodies: Record<keyof typeof routes, unknown> = {
      couponDetails: { product_type: 'HLT', currency: 'USD' },
      applyCoupon: { json: { coupon_code: 'SAVE25' }, hold: hold.token },
      unlockCoupon: { coupon_id: 'x', hold: hold.token },
      applyCash: { cash_card_id: card.id, hold: hold.token },
      removeCash: { json: { type: 'cashcard' }, hold: hold.token },
      redemption: { hold: hold.token, action: 'release' },
      carRedemption: { data: { hold: hold.token, action: 'release' } },
    };
    for (const route of Object.keys(routes) as (keyof typeof routes)[]) {
      const answer = await call(route, null, bodies[route]);
      expect(answer.status, route).toBe(401);
      expect(answer.json.status, route).toBe('failed');
    }
    expect(await state(hold.id)).toEqual(before);
  });
});
