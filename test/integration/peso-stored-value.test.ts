// Issue 34, "pesos charged in pesos" (decision 0056): on Viajamás, which charges a peso visitor in
// pesos, the seeded demo coupon and cash card are in pesos and pay a peso booking; the dollar
// wallet pays it at the quote's rate; points are earned on the dollar value of what was paid.
// Wanderly's are in dollars, as before.
import { describe, expect, it } from 'vitest';
import { buildQuote, quotingOf } from '~/domain/quote';
import { getOrgById } from '~/services/config/config.server';
import { getRateTable } from '~/services/catalog/rates.server';
import { applyToHold, availableCoupons, earnPointsForBooking, instrumentsOf } from '~/services/stored-value/stored-value.server';
import { useSeededDatabase } from '../support/databases';
import { memberHold } from '../support/stored-value';

describe('stored value on a peso booking (pglite)', () => {
  const database = useSeededDatabase('pglite');
  const memberOf = async (orgId: string) => ({
    orgId,
    userId: (await database.db.selectFrom('users').select('id').where('email', '=', `member@${orgId}.example`).executeTakeFirstOrThrow()).id,
  });
  /** An activity of 300.00 USD held by the member, quoted as the org quotes a peso visitor. */
  const pesoVisitorHold = async (member: { orgId: string; userId: number }) => {
    const org = getOrgById(member.orgId)!;
    const rates = await getRateTable();
    const charged = org.payments.merchantAccounts?.MXN ? 'MXN' : 'USD';
    const quote = buildQuote({
      product: 'ACT',
      lines: { total: 30_000 },
      fees: {},
      ...quotingOf('MXN', charged, rates),
      priceType: 'B2C',
      party: {},
      charge: { amountMinor: 30_000, description: 'Test activity' },
      facts: {},
    });
    return { quote, hold: await memberHold(database.db, member, quote) };
  };

  it('Viajamás: the seeded coupon and cash card are pesos and pay the peso charge; the dollar wallet pays at the quote’s rate', async () => {
    const member = await memberOf('viajamas');
    const org = getOrgById('viajamas')!;
    const { quote, hold } = await pesoVisitorHold(member);
    expect(quote.charge).toMatchObject({ currency: 'MXN', amountMinor: 511_500 });
    expect((await availableCoupons(member, 'ACT', 'MXN', database.db)).map((c) => [c.code, c.currency, c.amountMinor])).toEqual(
      expect.arrayContaining([
        ['SAVE25', 'MXN', 50_000],
        ['WELCOME10', 'MXN', null],
      ]),
    );
    const coupon = await applyToHold(member, hold.token, { kind: 'coupon', code: 'SAVE25' }, { org, db: database.db });
    expect(coupon).toMatchObject({ ok: true, applied: { amountMinor: 50_000, currency: 'MXN' }, payableMinor: 461_500 });
    const [cash] = await instrumentsOf(member, ['cash_card'], database.db);
    expect(cash).toMatchObject({ code: 'CASH-1001', currency: 'MXN', balance: 300_000 });
    const paidByCash = await applyToHold(member, hold.token, { kind: 'cash_card', instrumentId: cash!.id, amount: '1000' }, { org, db: database.db });
    expect(paidByCash).toMatchObject({ ok: true, applied: { amountMinor: 100_000, currency: 'MXN', units: 100_000 }, payableMinor: 361_500 });
    const [wallet] = await instrumentsOf(member, ['wallet'], database.db);
    expect(wallet?.currency).toBe('USD');
    // 10.00 dollars of the wallet pay 170.50 pesos (17.05 pesos a dollar).
    const paidByWallet = await applyToHold(member, hold.token, { kind: 'wallet', instrumentId: wallet!.id, amount: '170.50' }, { org, db: database.db });
    expect(paidByWallet).toMatchObject({ ok: true, applied: { amountMinor: 17_050, currency: 'MXN', units: 1_000 }, payableMinor: 344_450 });
  });

  it('Wanderly, showing the same pesos, charges dollars: its demo coupon and cash card are dollars', async () => {
    const member = await memberOf('wanderly');
    const { quote, hold } = await pesoVisitorHold(member);
    expect(quote.charge).toMatchObject({ currency: 'USD', amountMinor: 30_000 });
    const coupon = await applyToHold(member, hold.token, { kind: 'coupon', code: 'SAVE25' }, { org: getOrgById('wanderly')!, db: database.db });
    expect(coupon).toMatchObject({ ok: true, applied: { amountMinor: 2_500, currency: 'USD' } });
    expect((await instrumentsOf(member, ['cash_card'], database.db))[0]).toMatchObject({ currency: 'USD', balance: 15_000 });
  });

  it('points are earned on the dollar value of a peso payment', async () => {
    const member = await memberOf('viajamas');
    const { hold } = await pesoVisitorHold(member);
    const rules = [
      { pointType: 'PESOTEST', title: 'Peso test miles', ratePerMiles: '0.01', pointsPerUnit: 2, ruleCode: 'EARN-1', ruleLevel: 'BASIC', fundingPartnerCode: 'FP-AIR' },
    ];
    const booking = await database.db
      .insertInto('bookings')
      .values({
        reference: `PESO-${Date.now()}`,
        org_id: 'viajamas',
        user_id: member.userId,
        hold_id: hold.id,
        product: 'ACT',
        item_ref: 'x',
        starts_on: '2030-01-01',
        guest_first_name: 'A',
        guest_last_name: 'B',
        guest_email: 'a@b.example',
        status: 'confirmed',
        amount_minor: 511_500,
        currency: 'MXN',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .transaction()
      .execute((trx) =>
        earnPointsForBooking({ id: booking.id, orgId: 'viajamas', userId: member.userId, holdId: hold.id, paid: { amountMinor: 511_500, currency: 'MXN' } }, rules, trx),
      );
    // 5,115.00 pesos are 300.00 dollars: 2 points a dollar, pending until the trip.
    const pending = await database.db.selectFrom('ledger_reservations').select('amount_minor').where('reference', '=', `earned:${booking.id}`).execute();
    expect(pending.map((row) => Number(row.amount_minor))).toEqual([600]);
  });
});
