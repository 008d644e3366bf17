import { beforeAll, describe, expect, it } from 'vitest';
import { storedValueEndpoints } from '~/api/stored-value-endpoints.server';
import { createSession } from '~/services/identity/session.server';
import { type Member, instrumentsOf, payableOfHold } from '~/services/stored-value/stored-value.server';
import { useSeededDatabase } from '../support/databases';
import { hostOf } from '../support/http-client';
import { callAction, freshVisitorOn } from '../support/load-context';
import { memberHold, quoteOf } from '../support/stored-value';

const applyPaymentCardRoute = storedValueEndpoints['/api/booking/applyPaymentCard'].action;
const paymentCardsRoute = storedValueEndpoints['/api/booking/getpaymentcardbyuser'].action;
const paymentCardsLoader = storedValueEndpoints['/api/booking/getpaymentcardbyuser'].loader;
const applyPointsRoute = storedValueEndpoints['/api/loyalty/applyPoints'].action;
const checkPointsRoute = storedValueEndpoints['/api/loyalty/checkLoyaltyPoints'].action;

/**
 * Issue 11: the loyalty-points and payment-card calls (docs/api.md "Loyalty points", "Wallets,
 * certificates and discount cards"), called as the server calls the routes: success, bad input
 * (400), another member's hold or card (404), anonymous (401), each refusal changing nothing.
 */
describe.each(['pglite', 'postgres'] as const)('points and payment-card calls on %s', (backend) => {
  const database = useSeededDatabase(backend);
  type Who = Member & { cookie: string; org: string };
  const people: Record<'member' | 'agent' | 'newuser' | 'wanderer', Who> = {} as never;

  beforeAll(async () => {
    if (database.skip) return;
    const find = async (org: string, key: string): Promise<Who> => {
      const user = await database.db.selectFrom('users').select('id').where('org_id', '=', org).where('email', '=', `${key}@${org}.example`).executeTakeFirstOrThrow();
      const { setCookie } = await createSession(freshVisitorOn(hostOf(org)), { userId: user.id });
      return { orgId: org, userId: user.id, cookie: setCookie.split(';')[0]!, org };
    };
    people.member = await find('voyagerpro', 'member');
    people.agent = await find('voyagerpro', 'agent');
    people.newuser = await find('voyagerpro', 'newuser');
    people.wanderer = await find('wanderly', 'member');
  });

  const routes = {
    check: [checkPointsRoute, '/api/loyalty/checkLoyaltyPoints'],
    points: [applyPointsRoute, '/api/loyalty/applyPoints'],
    cards: [paymentCardsRoute, '/api/booking/getpaymentcardbyuser'],
    card: [applyPaymentCardRoute, '/api/booking/applyPaymentCard'],
  } as const;
  async function call(route: keyof typeof routes, who: Who | null, body: unknown, org = who?.org ?? 'voyagerpro') {
    const [action, path] = routes[route];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who) headers.cookie = who.cookie;
    const response = await callAction(action, new Request(`http://${hostOf(org)}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as any };
  }

  const held = async (who: Who, code: string) => (await instrumentsOf(who, ['points', 'wallet', 'certificate', 'discount_card'], database.db)).find((i) => i.code === code)!;
  /** What a refused call could have changed: the hold's payable total and the member's balances. */
  const stateOf = async (who: Who, holdId: string) => ({
    payable: await payableOfHold(holdId, database.db),
    balances: (await instrumentsOf(who, ['points', 'wallet', 'certificate', 'discount_card'], database.db)).map((i) => [i.code, i.balance]),
  });

  it('lists the points types of the checkout and applies and releases points (HLT sent as HTL)', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { member } = people;
    const hold = await memberHold(database.db, member, quoteOf('HLT', 50_000));
    const listed = await call('check', member, { uuid: hold.token, productType: 'HTL', bookingAmount: 500, loyaltyMembershipNo: '', agent_extra_amount: 0 });
    expect(listed.status).toBe(200);
    expect(listed.body.data.loyalty_membership_no).toMatch(/^LM-/);
    expect(listed.body.data.types).toEqual([
      expect.objectContaining({
        code: 'MILES',
        title: 'Travel Miles',
        value: 20_000,
        currency: 'USD',
        points: 20_000,
        rate_per_miles: '0.01',
        point_type_code: 'MILES',
        point_type_label: 'Travel Miles',
        funding_partner_code: 'FP-AIR',
        rule_code: 'EARN-1',
        rule_level: 'BASIC',
      }),
      expect.objectContaining({ code: 'STARS', points: 5_000, rate_per_miles: '0.02' }),
    ]);

    const body = {
      uuid: hold.token,
      productType: 'HTL',
      bookingAmount: '500.00',
      pointsQuantity: 1_500,
      pointsType: 'MILES',
      currency: 'USD',
      unapply: false,
      agent_extra_amount: 0,
    };
    const applied = await call('points', member, body);
    expect(applied).toMatchObject({ status: 200, body: { status: 200, data: { pointsType: 'MILES', points: 1_500, amount: 15, currency: 'USD', payable: 485 } } });
    expect((await held(member, 'MILES')).balance).toBe(20_000 - 1_500);
    expect((await call('points', member, body)).status).toBe(409);

    const released = await call('points', member, { ...body, unapply: true });
    expect(released).toMatchObject({ status: 200, body: { data: { pointsType: 'MILES', points: 1_500, unapply: true, payable: 500 } } });
    expect((await held(member, 'MILES')).balance).toBe(20_000);
    expect(await payableOfHold(hold.id, database.db)).toMatchObject({ payableMinor: 50_000 });
  });

  it('refuses bad input with 400, another member’s hold or card with 404 and anyone signed out with 401, changing nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { member, agent } = people;
    const hold = await memberHold(database.db, member, quoteOf('HLT', 30_000));
    const before = await stateOf(member, hold.id);
    const points = { uuid: hold.token, productType: 'HTL', pointsQuantity: 100, pointsType: 'MILES', currency: 'USD' };
    const wallet = await held(member, 'WALLET');
    const theirWallet = await held(agent, 'WALLET');

    const refusals: [keyof typeof routes, Who | null, unknown, number][] = [
      ['points', member, { ...points, pointsQuantity: -5 }, 400],
      ['points', member, { ...points, pointsQuantity: 1.5 }, 400],
      ['points', member, { ...points, productType: 'FLT' }, 400],
      ['points', member, { ...points, currency: 'EUR' }, 400],
      ['points', member, { ...points, pointsQuantity: 0 }, 400],
      ['points', member, { ...points, pointsType: 'NOSUCH' }, 404],
      ['points', member, { ...points, unapply: true }, 404],
      ['card', member, { hold: hold.token, payment_card_id: wallet.id, amount: '12.345' }, 400],
      ['card', member, { hold: hold.token, payment_card_id: wallet.id, amount: 12 }, 400],
      ['card', member, { hold: hold.token, payment_card_id: (await held(member, 'CERT-50')).id, amount: '10' }, 400],
      ['cards', member, { product_type: 'HLT', currency: 'USD' }, 400],
      // Another member's hold, another member's card: as if they did not exist.
      ['points', agent, points, 404],
      ['check', agent, { uuid: hold.token, productType: 'HTL' }, 404],
      ['cards', agent, { product_type: 'HLT', currency: 'USD', hold: hold.token }, 404],
      ['card', agent, { hold: hold.token, payment_card_id: theirWallet.id }, 404],
      ['card', member, { hold: hold.token, payment_card_id: theirWallet.id }, 404],
      ['card', member, { hold: hold.token, payment_card_id: 'not-a-card' }, 404],
      // Signed out.
      ['check', null, { uuid: hold.token, productType: 'HTL' }, 401],
      ['points', null, points, 401],
      ['cards', null, { product_type: 'HLT', hold: hold.token }, 401],
      ['card', null, { hold: hold.token, payment_card_id: wallet.id }, 401],
    ];
    for (const [route, who, body, status] of refusals) {
      const answer = await call(route, who, body, 'voyagerpro');
      expect(answer.status, `${route} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body).toMatchObject({ status, message: expect.any(String) });
    }
    expect(await stateOf(member, hold.id)).toEqual(before);
    expect(paymentCardsLoader).toThrow(expect.objectContaining({ status: 405 }));
  });

  it('lists certificates, discount cards and wallets in the legacy shape, with wallet use per room', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { member, wanderer } = people;
    const hold = await memberHold(database.db, member, quoteOf('HLT', 40_000, { markupMinor: 4_000, priceType: 'B2B', rooms: 2 }));
    const answer = await call('cards', member, { product_type: 'HLT', currency: 'USD', hold: hold.token });
    expect(answer.status).toBe(200);
    const [cards, wallets] = answer.body.data.data.data;
    expect(cards.certificate_details).toEqual([
      expect.objectContaining({
        card_code: 'CERT-50',
        card_status: 'ACTIVE',
        currency_code: 'USD',
        currency_name: 'US Dollar',
        mst_type_code: 'CRT',
        payment_card_type: 'certificate',
        payment_card_purchase_price: 40,
        payment_card_redemption_price: 50,
        pro_code: 'HLT',
        status: 1,
        roeRate: 1,
        available_amount: 50,
        applied_amount: null,
        active_card: true,
      }),
    ]);
    expect(Object.keys(cards.certificate_details[0])).toEqual(
      expect.arrayContaining([
        'expiry_time',
        'mst_type_id',
        'mst_type_name',
        'payment_card_description',
        'payment_card_id',
        'payment_card_image',
        'payment_card_name',
        'payment_card_thumbnail_image',
        'pro_name',
      ]),
    );
    expect(cards.discountcard_details).toEqual([expect.objectContaining({ card_code: 'DISC-100', active_card: true })]);
    // The wallet may pay the net price and a tenth more: (400 − 40) × 1.1 = 396, over two rooms of 200.
    expect(wallets.walletOptions).toEqual([
      expect.objectContaining({
        card_code: 'WALLET',
        available_amount: 200,
        wallet_use_per_room: [
          { wallet_id: expect.any(String), currentAmount: 200, amountUseInRoom: 200, availableToUseAmount: 200, roomNumber: 1, groupRoomIndex: 0, roomTypeId: 'HLT' },
          { wallet_id: expect.any(String), currentAmount: 0, amountUseInRoom: 0, availableToUseAmount: 0, roomNumber: 2, groupRoomIndex: 1, roomTypeId: 'HLT' },
        ],
      }),
    ]);

    // A consumer (B2C) rate takes no discount card; an organisation that does not offer them lists none.
    const consumer = await memberHold(database.db, member, quoteOf('HLT', 40_000, { markupMinor: 4_000 }));
    expect((await call('cards', member, { product_type: 'HLT', hold: consumer.token })).body.data.data.data[0].discountcard_details).toEqual([
      expect.objectContaining({ active_card: false }),
    ]);
    const elsewhere = await memberHold(database.db, wanderer, quoteOf('HLT', 40_000));
    const theirs = await call('cards', wanderer, { product_type: 'HLT', hold: elsewhere.token });
    expect(theirs.body.data.data.data[0]).toMatchObject({ discountcard_details: [], certificate_details: [expect.objectContaining({ card_code: 'CERT-50' })] });
  });

  it('applies and releases a wallet amount and a discount card; refuses a discount card on a B2C rate', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { member } = people;
    const wallet = await held(member, 'WALLET');
    const discount = await held(member, 'DISC-100');
    const hold = await memberHold(database.db, member, quoteOf('HLT', 40_000, { markupMinor: 4_000, priceType: 'B2B' }));
    const walletApplied = await call('card', member, { hold: hold.token, payment_card_id: wallet.id, amount: '50.25' });
    expect(walletApplied).toMatchObject({ status: 200, body: { data: { payment_card_type: 'wallet', amount: 50.25, payable: 349.75 } } });
    const discountApplied = await call('card', member, { hold: hold.token, payment_card_id: discount.id });
    // A discount card takes off at most our markup.
    expect(discountApplied).toMatchObject({ status: 200, body: { data: { payment_card_type: 'discount_card', amount: 40, payable: 309.75 } } });
    const listed = await call('cards', member, { product_type: 'HLT', hold: hold.token });
    expect(listed.body.data.data.data[1].walletOptions[0]).toMatchObject({ applied_amount: 50.25, wallet_use_per_room: [expect.objectContaining({ amountUseInRoom: 50.25 })] });
    expect(await call('card', member, { hold: hold.token, payment_card_id: wallet.id, unapply: true })).toMatchObject({
      status: 200,
      body: { data: { unapply: true, payable: 360 } },
    });
    expect(await call('card', member, { hold: hold.token, payment_card_id: discount.id, unapply: true })).toMatchObject({ status: 200, body: { data: { payable: 400 } } });
    expect((await held(member, 'WALLET')).balance).toBe(wallet.balance);

    const consumer = await memberHold(database.db, member, quoteOf('HLT', 40_000, { markupMinor: 4_000, priceType: 'B2C' }));
    const before = await stateOf(member, consumer.id);
    expect(await call('card', member, { hold: consumer.token, payment_card_id: discount.id })).toMatchObject({
      status: 409,
      body: { status: 409, message: expect.stringMatching(/business or package/) },
    });
    expect(await stateOf(member, consumer.id)).toEqual(before);
  });

  it('applies an active certificate and refuses an inactive one, changing nothing', async (ctx) => {
    if (database.skip) return ctx.skip();
    const { newuser } = people;
    const certificate = await held(newuser, 'CERT-50');
    const hold = await memberHold(database.db, newuser, quoteOf('HLT', 8_000));
    expect(await call('card', newuser, { hold: hold.token, payment_card_id: certificate.id })).toMatchObject({ status: 200, body: { data: { amount: 50, payable: 30 } } });
    expect((await call('card', newuser, { hold: hold.token, payment_card_id: certificate.id, unapply: true })).status).toBe(200);

    await database.db.updateTable('instruments').set({ active: false }).where('id', '=', certificate.id).execute();
    try {
      const before = await stateOf(newuser, hold.id);
      expect((await call('cards', newuser, { product_type: 'HLT', hold: hold.token })).body.data.data.data[0].certificate_details).toEqual([
        expect.objectContaining({ card_status: 'INACTIVE', active_card: false }),
      ]);
      expect(await call('card', newuser, { hold: hold.token, payment_card_id: certificate.id })).toMatchObject({ status: 409, body: { status: 409 } });
      expect(await stateOf(newuser, hold.id)).toEqual(before);
    } finally {
      await database.db.updateTable('instruments').set({ active: true }).where('id', '=', certificate.id).execute();
    }
  });
});
