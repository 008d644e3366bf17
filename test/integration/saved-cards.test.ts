// The saved-card service on a seeded database and the real `braintree` SDK against its own
// sandbox gateway: vaulting, defaults, deletion, nicknames, tokens for payment, and that one
// user never reaches another's card.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurePayments, paymentGateway } from '~/services/payments/runtime.server';
import {
  cardForPayment,
  deleteCard,
  findDefaultCard,
  listCards,
  listCardsOfUser,
  nonceForCard,
  saveCard,
  setDefaultCard,
  updateNickname,
} from '~/services/payments/saved-cards.server';
import { SANDBOX_CREDENTIALS, type SandboxGateway, startSandboxGateway } from '../../server/sandbox-gateway/index';
import { useSeededDatabase } from '../support/databases';
import { sandboxControl, sandboxNonce } from '../support/sandbox-control';

const database = useSeededDatabase('pglite');
let sandbox: SandboxGateway;
type User = { id: number; public_id: string; email: string };
let member: User;
let agent: User;

const control = (path: string, body: unknown) => sandboxControl(sandbox.url, path, body);

/** Stands in for the card frame: the card goes to the sandbox, the test holds only a nonce. */
const nonceFor = (number: string, expirationMonth = '12') => sandboxNonce(sandbox.url, number, { expirationMonth, expirationYear: '2031', cvv: '123' });

const save = async (user: User, number: string, extra: { nickname?: string; makeDefault?: boolean } = {}) =>
  saveCard({
    userDbId: user.id,
    userPublicId: user.public_id,
    email: user.email,
    nonce: await nonceFor(number),
    nickname: extra.nickname ?? null,
    makeDefault: extra.makeDefault ?? false,
  });

async function tokens(user: User) {
  return database.db.selectFrom('saved_cards').select(['id', 'token', 'is_default']).where('user_id', '=', user.id).orderBy('created_at').execute();
}

beforeAll(async () => {
  sandbox = await startSandboxGateway({ port: 0 });
  configurePayments({ ...SANDBOX_CREDENTIALS, environment: { url: sandbox.url }, timeoutMs: 2_000 });
  const find = (email: string) => database.db.selectFrom('users').select(['id', 'public_id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  member = await find('member@wanderly.example');
  agent = await find('agent@wanderly.example');
});
afterAll(async () => {
  await sandbox?.stop();
});

describe('saved cards service', () => {
  it('vaults a card from a nonce: brand, last 4, expiry; the first card is the default', async () => {
    const saved = await save(member, '4111111111111111', { nickname: 'Travel' });
    expect(saved).toMatchObject({ ok: true, card: { brand: 'visa', last4: '1111', expMonth: '12', expYear: '2031', nickname: 'Travel', isDefault: true } });
    const second = await save(member, '5555555555554444');
    expect(second).toMatchObject({ ok: true, card: { brand: 'mastercard', last4: '4444', isDefault: false } });
    const cards = await listCards(member.id);
    expect(cards.map((c) => c.last4)).toEqual(['1111', '4444']);
    expect(cards[0]!.gatewayCustomerId).toMatch(/^u[0-9a-f]{32}$/);
    // The member has no phone on file: the gateway customer gets the placeholder '555' (spec §9).
    const braintree = (await import('braintree')).default;
    const sdk = new braintree.BraintreeGateway({
      environment: new braintree.Environment('127.0.0.1', String(sandbox.port), sandbox.url, false, '127.0.0.1', String(sandbox.port)),
      ...SANDBOX_CREDENTIALS,
    });
    expect((await sdk.customer.find(cards[0]!.gatewayCustomerId)).phone).toBe('555');
    // A user who gave one on /user-details: their customer carries it.
    const withPhone = await database.db
      .updateTable('users')
      .set({ phone: '+52 55 1234 5678' })
      .where('email', '=', 'newuser@wanderly.example')
      .returning(['id', 'public_id', 'email'])
      .executeTakeFirstOrThrow();
    expect(await save(withPhone, '4111111111111111')).toMatchObject({ ok: true });
    const [phoneCard] = await listCards(withPhone.id);
    expect((await sdk.customer.find(phoneCard!.gatewayCustomerId)).phone).toBe('+52 55 1234 5678');
    expect(Object.keys(cards[0]!)).not.toContain('token');
    expect((await listCardsOfUser(member.public_id, 'wanderly')).length).toBe(2);
    expect(await listCardsOfUser(member.public_id, 'voyagerpro')).toEqual([]);
  });

  it('a failed save says why, is not successful and stores nothing', async () => {
    const before = await tokens(member);
    const declined = await save(member, '4000111111111115');
    expect(declined).toEqual({ ok: false, message: expect.stringContaining('declined') });
    const used = await nonceFor('4111111111111111');
    expect((await saveCard({ userDbId: member.id, userPublicId: member.public_id, email: member.email, nonce: used, nickname: null, makeDefault: false })).ok).toBe(true);
    const replay = await saveCard({ userDbId: member.id, userPublicId: member.public_id, email: member.email, nonce: used, nickname: null, makeDefault: false });
    expect(replay).toEqual({ ok: false, message: expect.any(String) });
    const bogus = await saveCard({ userDbId: member.id, userPublicId: member.public_id, email: member.email, nonce: 'not-a-nonce', nickname: null, makeDefault: false });
    expect(bogus.ok).toBe(false);
    expect((await tokens(member)).length).toBe(before.length + 1);
  });

  it('saving with makeDefault moves the default; set default keeps one per user, at the gateway too', async () => {
    const amex = await save(member, '378282246310005', { makeDefault: true });
    if (!amex.ok) throw new Error(amex.message);
    expect((await tokens(member)).filter((t) => t.is_default).map((t) => t.id)).toEqual([amex.card.id]);
    const cards = await listCards(member.id);
    expect(cards[0]!.id).toBe(amex.card.id);
    const other = cards.find((c) => c.last4 === '4444')!;
    expect(await setDefaultCard(member.id, other.id)).toMatchObject({ ok: true, card: { id: other.id, isDefault: true } });
    expect((await tokens(member)).filter((t) => t.is_default).map((t) => t.id)).toEqual([other.id]);
    expect((await findDefaultCard(member.id))?.id).toBe(other.id);
    const token = (await tokens(member)).find((t) => t.id === other.id)!.token;
    const atGateway = await paymentGateway().setDefault({ token });
    expect(atGateway.ok && atGateway.value.isDefault).toBe(true);
  });

  it('a gateway failure while setting the default changes nothing', async () => {
    const rows = await tokens(member);
    const target = rows.find((r) => !r.is_default)!;
    await control('faults', { path: `/payment_methods/any/${target.token}`, method: 'PUT', kind: '500' });
    const result = await setDefaultCard(member.id, target.id);
    expect(result).toMatchObject({ ok: false, reason: 'gateway' });
    expect(await tokens(member)).toEqual(rows);
  });

  it('renames a card of the user only', async () => {
    const [card] = await listCards(member.id);
    expect(await updateNickname(member.id, card!.id, 'Work')).toMatchObject({ ok: true, card: { nickname: 'Work' } });
    expect(await updateNickname(agent.id, card!.id, 'Stolen')).toEqual({ ok: false, reason: 'not_found' });
    expect(await updateNickname(member.id, 'not-a-uuid', 'x')).toEqual({ ok: false, reason: 'not_found' });
    expect((await listCards(member.id))[0]!.nickname).toBe('Work');
  });

  it('hands the booking helper the token of the user’s own card only, and it charges', async () => {
    const [card] = await listCards(member.id);
    const source = await cardForPayment(member.id, card!.id);
    expect(source).toEqual({ token: expect.any(String), customerId: card!.gatewayCustomerId });
    expect(await cardForPayment(agent.id, card!.id)).toBeNull();
    expect(await cardForPayment(member.id, randomUUID())).toBeNull();
    const sale = await paymentGateway().authorize({
      amountMinor: 1_234,
      source: { token: source!.token },
      orderId: `SC-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      threeDSecureRequired: false,
    });
    expect(sale.ok).toBe(true);
  });

  it('mints a one-time nonce for the user’s own saved card (3-D Secure), usable once', async () => {
    const [card] = await listCards(member.id);
    expect(await nonceForCard(agent.id, card!.id)).toEqual({ ok: false, reason: 'not_found' });
    const minted = await nonceForCard(member.id, card!.id);
    if (!minted.ok) throw new Error('no nonce');
    const charge = (nonce: string) =>
      paymentGateway().authorize({ amountMinor: 2_500, source: { nonce }, orderId: `SC-${randomUUID()}`, idempotencyKey: randomUUID(), threeDSecureRequired: false });
    const first = await charge(minted.nonce);
    expect(first.ok && first.value.card).toMatchObject({ last4: card!.last4 });
    expect((await charge(minted.nonce)).ok).toBe(false);
  });

  it('deletes from the vault and the table; another user cannot', async () => {
    const agentCard = await save(agent, '6011000991300009');
    if (!agentCard.ok) throw new Error(agentCard.message);
    const before = await tokens(member);
    const victim = before[0]!;
    expect(await deleteCard(agent.id, victim.id)).toEqual({ ok: false, reason: 'not_found' });
    expect(await setDefaultCard(agent.id, victim.id)).toEqual({ ok: false, reason: 'not_found' });
    expect(await tokens(member)).toEqual(before);
    expect(await deleteCard(member.id, victim.id)).toEqual({ ok: true, card: null });
    expect((await tokens(member)).map((t) => t.id)).not.toContain(victim.id);
    const gone = await paymentGateway().authorize({
      amountMinor: 100,
      source: { token: victim.token },
      orderId: `SC-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      threeDSecureRequired: false,
    });
    expect(gone.ok).toBe(false);
    expect(await deleteCard(member.id, victim.id)).toEqual({ ok: false, reason: 'not_found' });
    expect((await listCards(agent.id)).map((c) => c.last4)).toEqual(['0009']);
  });

  it('lists at most 100 cards, default first, and refuses a 101st', async () => {
    const user = await database.db.selectFrom('users').select(['id', 'public_id', 'email']).where('email', '=', 'expired@wanderly.example').executeTakeFirstOrThrow();
    await database.db
      .insertInto('saved_cards')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          user_id: user.id,
          gateway_customer_id: 'u-test',
          token: `test-token-${randomUUID()}`,
          brand: 'visa',
          last4: String(1000 + i),
          exp_month: '01',
          exp_year: '2030',
          is_default: i === 0,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      )
      .execute();
    const cards = await listCards(user.id);
    expect(cards.length).toBe(100);
    expect(cards[0]).toMatchObject({ last4: '1000', isDefault: true });
    expect(cards[1]!.last4).toBe('1099');
    const refused = await save(user, '4111111111111111');
    expect(refused).toEqual({ ok: false, message: 'You can keep at most 100 saved cards. Delete one to save another.' });
    expect((await tokens(user)).length).toBe(100);
  });
});
