// Saved-card endpoints over HTTP on both backends (spec §7 "Card service", "Legacy card
// calls"): what each answers, bad input (4xx, nothing changed) and the cross-user matrix:
// a user never sees or changes another user's cards through any endpoint. The card owners are
// viajamas' expired member and agent, whom no checkout spec books with, so their lists are
// this spec's alone.
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, demo, hostOf, http, sessionCookie } from '../support/http-client';
import { sandboxNonce } from '../support/sandbox-control';

const sandboxURL = inject('sandboxURL');
const backends = [
  { name: 'PGlite', base: inject('baseURL') },
  { name: 'PostgreSQL', base: inject('pgBaseURL') },
].filter((b) => b.base);

/** Stands in for the card frame: card details go to the sandbox, the test holds a nonce. */
const nonceFor = (number: string) => sandboxNonce(sandboxURL, number, { expirationMonth: '07', expirationYear: '2032', cvv: '123' });

type Session = { cookie: string; email: string; host: string };
type PG1 = { card_number: string; cca_card_id: string; is_default: 0 | 1 };

describe.each(backends)('saved-card endpoints on $name', ({ base }) => {
  async function signIn(key: string, org = 'wanderly'): Promise<Session> {
    const host = hostOf(org);
    const answer = await http(base, 'POST', '/api/auth/login', { host, body: { email_id: demo(key, org), password: DEMO_PASSWORD } });
    expect(answer.status).toBe(200);
    return { cookie: sessionCookie(answer), email: demo(key, org), host };
  }
  const call = (s: Session | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    http(base, method, path, { host: s?.host ?? 'localhost', ...(s ? { cookie: s.cookie } : {}), ...(body === undefined ? {} : { body }), headers });
  const saveCard = (s: Session, body: Record<string, unknown>) => call(s, 'POST', '/api/booking/saveCard', body);
  const list = async (s: Session): Promise<PG1[]> => {
    const answer = await call(s, 'POST', '/api/booking/getUserCreditCards', { merchant_id: hostOrg(s), email: s.email, mobile: '555' });
    expect(answer.status).toBe(200);
    return answer.json().data;
  };
  const hostOrg = (s: Session) => (s.host === 'localhost' ? 'wanderly' : s.host.split('.')[0]!);
  async function apiKey(s: Session): Promise<string> {
    const answer = await call(s, 'POST', '/api/booking/getSupplierpg', { pg_product_type: 'HLT', pg_supplier_id: '' });
    return answer.json().data.find((e: { pg_method_name: string }) => e.pg_method_name === 'Braintree Card')['api-key'];
  }
  const setDefault = async (s: Session, cardId: string, email = s.email, key?: string) =>
    call(s, 'POST', '/api/card-service/v1/card/set_default_card', { card_id: cardId, email }, { 'api-key': key ?? (await apiKey(s)) });
  const remove = (s: Session, cardId: string, email = s.email) => call(s, 'DELETE', `/api/card-service/v1/card/delete/${encodeURIComponent(email)}`, { card_id: cardId });
  const rename = (s: Session, cardId: string, nickName: unknown, email = s.email) =>
    call(s, 'POST', `/api/card-service/v1/card/update/${encodeURIComponent(email)}`, { card_id: cardId, nick_name: nickName });

  it('saveCard vaults a card (second provider shape); the list shows it in the first provider shape, without the token', async () => {
    const member = await signIn('expired', 'viajamas');
    const before = await list(member);
    const answer = await saveCard(member, { nonce: await nonceFor('4111111111111111'), nick_name: '  Holiday  card ' });
    expect(answer.status).toBe(200);
    const card = answer.json().data;
    expect(answer.json()).toMatchObject({ status: 200, status_code: 200 });
    expect(Object.keys(card).sort()).toEqual(['brand', 'exp_month', 'exp_year', 'id', 'is_default', 'last4', 'name', 'nick_name'].sort());
    expect(card).toMatchObject({ nick_name: 'Holiday card', brand: 'visa', last4: '1111', exp_month: 7, exp_year: 2032 });
    const after = await list(member);
    expect(after.length).toBe(before.length + 1);
    const row = after.find((c) => c.cca_card_id === card.id)!;
    expect(Object.keys(row).sort()).toEqual(
      ['card_key', 'card_number', 'card_type', 'cca_card_id', 'cca_customer_token', 'expiry_month', 'expiry_year', 'is_default', 'merchant_id'].sort(),
    );
    expect(row).toMatchObject({ card_number: '1111', expiry_month: '07', expiry_year: '2032', merchant_id: 'viajamas', card_key: card.id, card_type: 'visa' });
    expect(JSON.stringify(after)).not.toMatch(/4111111111111111|"token"|"cvv"/);
    // Default first: the user's first card is their default.
    expect(after.filter((c) => c.is_default === 1).length).toBe(1);
    expect(after[0]!.is_default).toBe(1);
    // Another merchant keeps none of our cards.
    expect((await call(member, 'POST', '/api/booking/getUserCreditCards', { merchant_id: 'elsewhere' })).json().data).toEqual([]);
  });

  it('a failed save is not successful (422) and stores nothing', async () => {
    const member = await signIn('expired', 'viajamas');
    const before = await list(member);
    const declined = await saveCard(member, { nonce: await nonceFor('4000111111111115') });
    expect(declined.status).toBe(422);
    expect(declined.json()).toMatchObject({ status: 'not successful', message: expect.stringMatching(/declined/i) });
    const nonce = await nonceFor('5555555555554444');
    expect((await saveCard(member, { nonce })).status).toBe(200);
    const replay = await saveCard(member, { nonce });
    expect(replay.status).toBe(422);
    expect(replay.json().status).toBe('not successful');
    expect((await list(member)).length).toBe(before.length + 1);
    for (const bad of [{}, { nonce: '' }, { nonce: 5 }, { nonce: 'x', extra: 1 }, { nonce: 'x', nick_name: 'y'.repeat(41) }, { nonce: 'x', is_default: 'yes' }]) {
      expect((await saveCard(member, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(member, 'POST', '/api/booking/saveCard', '{not json')).status).toBe(400);
    expect((await list(member)).length).toBe(before.length + 1);
  });

  it('card service: set default (api-key), update nickname, delete; default lookup follows', async () => {
    const agent = await signIn('agent', 'viajamas');
    const first = (await saveCard(agent, { nonce: await nonceFor('378282246310005') })).json().data;
    const second = (await saveCard(agent, { nonce: await nonceFor('3530111333300000'), is_default: true })).json().data;
    expect(second.is_default).toBe(true);
    let cards = await list(agent);
    expect(cards.filter((c) => c.is_default === 1).map((c) => c.cca_card_id)).toEqual([second.id]);

    const made = await setDefault(agent, first.id);
    expect(made.status).toBe(200);
    expect(made.json()).toMatchObject({ status_code: 200, data: { id: first.id, is_default: true } });
    cards = await list(agent);
    expect(cards.filter((c) => c.is_default === 1).map((c) => c.cca_card_id)).toEqual([first.id]);
    expect(cards[0]!.cca_card_id).toBe(first.id);
    const lookup = await call(agent, 'POST', '/api/booking/getDefaultCard', { email: agent.email, is_default: 1, merchant_id: 'viajamas' });
    expect(lookup.json()).toMatchObject({ status_code: 200, data: { cca_card_id: first.id, is_default: 1 } });

    const renamed = await rename(agent, second.id, '  Corporate ');
    expect(renamed.json()).toMatchObject({ status_code: 200, data: { id: second.id, nick_name: 'Corporate' } });

    // Legacy set default and delete speak the same rules.
    const legacy = await call(agent, 'POST', '/api/booking/setDefaultCard', { card_id: second.id, email: agent.email, merchant_id: 'viajamas' });
    expect(legacy.json()).toMatchObject({ status_code: 200, data: { cca_card_id: second.id, is_default: 1 } });

    const deleted = await remove(agent, second.id);
    expect(deleted.json()).toMatchObject({ status_code: 200, data: null });
    expect((await list(agent)).map((c) => c.cca_card_id)).not.toContain(second.id);
    expect((await remove(agent, second.id)).status).toBe(404);
    expect((await call(agent, 'POST', '/api/booking/getDefaultCard', { email: agent.email, is_default: 1 })).json().status_code).toBe(404);
    const legacyDelete = await call(agent, 'POST', '/api/booking/deletecard', { card_id: first.id });
    expect(legacyDelete.json().status_code).toBe(200);
    expect((await list(agent)).map((c) => c.cca_card_id)).not.toContain(first.id);
  });

  it('cardNonce gives a one-time nonce for the user’s own saved card', async () => {
    const member = await signIn('expired', 'viajamas');
    const card = (await saveCard(member, { nonce: await nonceFor('6011000991300009') })).json().data;
    const answer = await call(member, 'POST', '/api/pgv2/cardNonce', { card_id: card.id });
    expect(answer.status).toBe(200);
    expect(answer.json().nonce).toMatch(/^\S{8,}$/);
    expect(answer.json().data.nonce).toBe(answer.json().nonce);
    expect((await call(member, 'POST', '/api/pgv2/cardNonce', { card_id: randomUUID() })).status).toBe(404);
    expect((await call(member, 'POST', '/api/pgv2/cardNonce', {})).status).toBe(400);
  });

  it('getSupplierpg lists the providers of the organisation (PG ids, api-key, method names)', async () => {
    const member = await signIn('member');
    const cars = await call(member, 'POST', '/api/booking/getSupplierpg', { pg_product_type: 'CAR', pg_supplier_id: 'hertz' });
    expect(cars.json()).toMatchObject({ status_code: 200 });
    expect(cars.json().data).toEqual([
      { id: 'PG_03', 'api-key': 'pg_03.wanderly', pg_method_name: 'Braintree Card' },
      { id: 'PG_01', 'api-key': 'pg_01.wanderly', pg_method_name: 'Client CC' },
    ]);
    const business = await signIn('member', 'voyagerpro');
    const flights = await call(business, 'POST', '/api/booking/getSupplierpg', { pg_product_type: 'FLT' });
    expect(flights.json().data.map((e: { pg_method_name: string }) => e.pg_method_name)).toEqual(['Braintree Card', 'Credit line']);
    expect((await call(member, 'POST', '/api/booking/getSupplierpg', { pg_product_type: 'BOAT' })).status).toBe(400);
    expect((await call(member, 'POST', '/api/booking/getSupplierpg', {})).status).toBe(400);
  });

  it('bad input answers a clear 4xx and changes nothing', async () => {
    const member = await signIn('expired', 'viajamas');
    const card = (await saveCard(member, { nonce: await nonceFor('36259600000004'), nick_name: 'Keep' })).json().data;
    const before = await list(member);
    const key = await apiKey(member);
    const cases: [string, Awaited<ReturnType<typeof call>>, number][] = [
      ['set default without api-key', await call(member, 'POST', '/api/card-service/v1/card/set_default_card', { card_id: card.id, email: member.email }), 401],
      ['set default with a wrong api-key', await setDefault(member, card.id, member.email, 'pg_03.voyagerpro'), 403],
      ['set default without email', await call(member, 'POST', '/api/card-service/v1/card/set_default_card', { card_id: card.id }, { 'api-key': key }), 400],
      [
        'set default with an unknown field',
        await call(member, 'POST', '/api/card-service/v1/card/set_default_card', { card_id: card.id, email: member.email, x: 1 }, { 'api-key': key }),
        400,
      ],
      ['set default of an unknown card', await setDefault(member, randomUUID()), 404],
      ['set default of a malformed id', await setDefault(member, "1' or '1'='1"), 404],
      ['set default by GET', await call(member, 'GET', '/api/card-service/v1/card/set_default_card'), 405],
      ['delete without card_id', await call(member, 'DELETE', `/api/card-service/v1/card/delete/${member.email}`, {}), 400],
      ['delete by POST', await call(member, 'POST', `/api/card-service/v1/card/delete/${member.email}`, { card_id: card.id }), 405],
      ['delete with a broken body', await call(member, 'DELETE', `/api/card-service/v1/card/delete/${member.email}`, '{'), 400],
      ['update without nick_name', await call(member, 'POST', `/api/card-service/v1/card/update/${member.email}`, { card_id: card.id }), 400],
      ['update with an empty nick_name', await rename(member, card.id, ''), 400],
      ['update with a blank nick_name', await rename(member, card.id, '   '), 400],
      ['update with a long nick_name', await rename(member, card.id, 'n'.repeat(41)), 400],
      ['update with a number', await rename(member, card.id, 42), 400],
      ['legacy set default without card_id', await call(member, 'POST', '/api/booking/setDefaultCard', {}), 400],
      ['legacy delete of an unknown card', await call(member, 'POST', '/api/booking/deletecard', { card_id: randomUUID() }), 404],
      ['default lookup without email', await call(member, 'POST', '/api/booking/getDefaultCard', { is_default: 1 }), 400],
      ['list with an array body', await call(member, 'POST', '/api/booking/getUserCreditCards', []), 400],
    ];
    for (const [name, answer, status] of cases) {
      expect(answer.status, name).toBe(status);
      expect(answer.json(), name).toMatchObject({ status_code: status, message: expect.any(String) });
    }
    expect(await list(member)).toEqual(before);
    expect((await rename(member, card.id, 'n'.repeat(40))).status).toBe(200);
  });

  it('signed out: every endpoint answers 401', async () => {
    const id = randomUUID();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/card-service/v1/card/set_default_card', { card_id: id, email: 'member@wanderly.example' }],
      ['DELETE', '/api/card-service/v1/card/delete/member@wanderly.example', { card_id: id }],
      ['POST', '/api/card-service/v1/card/update/member@wanderly.example', { card_id: id, nick_name: 'x' }],
      ['POST', '/api/booking/getUserCreditCards', {}],
      ['POST', '/api/booking/setDefaultCard', { card_id: id }],
      ['POST', '/api/booking/deletecard', { card_id: id }],
      ['POST', '/api/booking/getDefaultCard', { email: 'member@wanderly.example', is_default: 1 }],
      ['POST', '/api/booking/getSupplierpg', { pg_product_type: 'HLT' }],
      ['POST', '/api/booking/saveCard', { nonce: 'fake-valid-nonce' }],
      ['POST', '/api/pgv2/cardNonce', { card_id: id }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(null, method, path, body, { 'api-key': 'pg_03.wanderly' });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.json(), `${method} ${path}`).toMatchObject({ status_code: 401, logout_url: '/session-out' });
    }
  });

  it('cross-user matrix: another user’s card id or e-mail answers 404 through every endpoint, and nothing changes', async () => {
    const member = await signIn('expired', 'viajamas');
    const agent = await signIn('agent', 'viajamas');
    const owned = (await saveCard(member, { nonce: await nonceFor('5555555555554444'), nick_name: 'Mine' })).json().data;
    const agentCard = (await saveCard(agent, { nonce: await nonceFor('4111111111111111') })).json().data;
    const memberBefore = await list(member);
    const agentBefore = await list(agent);
    expect(memberBefore.map((c) => c.cca_card_id)).toContain(owned.id);
    expect(agentBefore.map((c) => c.cca_card_id)).not.toContain(owned.id);

    const attempts: [string, Awaited<ReturnType<typeof call>>][] = [
      ['set default: their card, my e-mail', await setDefault(agent, owned.id)],
      ['set default: their card, their e-mail', await setDefault(agent, owned.id, member.email)],
      ['set default: my card, their e-mail', await setDefault(agent, agentCard.id, member.email)],
      ['delete: their card under my e-mail', await remove(agent, owned.id)],
      ['delete: their card under their e-mail', await remove(agent, owned.id, member.email)],
      ['update: their card', await rename(agent, owned.id, 'Pwned')],
      ['update: their card under their e-mail', await rename(agent, owned.id, 'Pwned', member.email)],
      ['legacy list: their e-mail', await call(agent, 'POST', '/api/booking/getUserCreditCards', { email: member.email, merchant_id: 'viajamas' })],
      ['legacy set default: their card', await call(agent, 'POST', '/api/booking/setDefaultCard', { card_id: owned.id })],
      ['legacy set default: their e-mail', await call(agent, 'POST', '/api/booking/setDefaultCard', { card_id: agentCard.id, email: member.email })],
      ['legacy delete: their card', await call(agent, 'POST', '/api/booking/deletecard', { card_id: owned.id })],
      ['legacy delete: their e-mail', await call(agent, 'POST', '/api/booking/deletecard', { card_id: agentCard.id, email: member.email })],
      ['default lookup: their e-mail', await call(agent, 'POST', '/api/booking/getDefaultCard', { email: member.email, is_default: 1 })],
      ['nonce: their card', await call(agent, 'POST', '/api/pgv2/cardNonce', { card_id: owned.id })],
    ];
    for (const [name, answer] of attempts) {
      expect(answer.status, name).toBe(404);
      expect(JSON.stringify(answer.json()), name).not.toContain('5555');
    }
    // Another organisation's member, on their own site, reaches nothing either.
    const abroad = await signIn('member', 'voyagerpro');
    expect((await setDefault(abroad, owned.id)).status).toBe(404);
    expect((await remove(abroad, owned.id)).status).toBe(404);
    expect((await list(abroad)).map((c) => c.cca_card_id)).not.toContain(owned.id);
    // A viajamas session does not count on another organisation's site.
    expect((await http(base, 'POST', '/api/booking/getUserCreditCards', { host: 'voyagerpro.localhost', cookie: member.cookie, body: {} })).status).toBe(401);

    expect(await list(member)).toEqual(memberBefore);
    expect(await list(agent)).toEqual(agentBefore);
    expect((await list(agent)).map((c) => c.cca_card_id)).not.toContain(owned.id);
  });
});
