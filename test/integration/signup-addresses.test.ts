// Mail that cannot be turned against its recipients (issue 33 item 5, decision 0051): sign-up takes
// only a plain local@domain, refuses a domain spelled with look-alike letters of another alphabet
// and names that are not one line of letters, and mails nothing for a refused form.
import { describe, expect, it } from 'vitest';
import { action as signup } from '~/routes/auth.signup';
import { action as forgot } from '~/routes/auth.forgot';
import { demoEmail } from '~/services/seed/demo-accounts';
import { useSeededDatabase } from '../support/databases';
import { callAction } from '../support/load-context';

describe('sign-up and reset addresses', () => {
  const database = useSeededDatabase('pglite');
  const outboxCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function signUp(fields: Record<string, string>, language = 'en-US') {
    const form = new URLSearchParams({ firstName: 'Ana', lastName: 'Paz', password: 'Viaje-Largo-2026!', ...fields });
    const request = new Request('http://localhost/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lan_code=${language}` },
      body: form.toString(),
    });
    const answer = await callAction(signup, request);
    return { status: answer.status, body: (await answer.json()) as { ok: boolean; field?: string; error?: string } };
  }

  it('refuses an address with a comment, a quoted part or a second domain, and mails nothing', async () => {
    const before = await outboxCount();
    for (const email of ['victim@company.com(x)attacker.net', '"victim@company.com"@attacker.net', 'victim@company.com@attacker.net', 'victim(x)@company.com']) {
      expect(await signUp({ email }), email).toEqual({ status: 400, body: expect.objectContaining({ ok: false, field: 'email', error: 'Enter a valid e-mail address' }) });
    }
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a Cyrillic look-alike of an existing address, in the page’s language, whoever has an account', async () => {
    const existing = demoEmail('wanderly', 'member');
    // 'а' is Cyrillic: member@wаnderly.example reads as the demo member's address.
    const lookalike = existing.replace('wanderly', 'wаnderly');
    expect(lookalike).not.toBe(existing);
    const before = await outboxCount();
    expect(await signUp({ email: lookalike })).toMatchObject({ status: 400, body: { field: 'email', error: expect.stringMatching(/another alphabet that look like Latin/) } });
    expect(await signUp({ email: lookalike }, 'es-MX')).toMatchObject({ status: 400, body: { field: 'email', error: expect.stringMatching(/otro alfabeto que parecen latinas/) } });
    // The same for the reset form, which mails a link.
    const reset = await callAction(
      forgot,
      new Request('http://localhost/auth/forgot', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: lookalike }).toString(),
      }),
    );
    expect(reset.status).toBe(400);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a name with a line break or what is not a name, before anything is mailed', async () => {
    const before = await outboxCount();
    expect(await signUp({ email: `line-${Date.now()}@example.com`, firstName: 'Ana\nVisit https://evil.example' })).toMatchObject({ status: 400, body: { field: 'firstName' } });
    expect(await signUp({ email: `link-${Date.now()}@example.com`, lastName: 'https://evil.example' })).toMatchObject({ status: 400, body: { field: 'lastName' } });
    expect(await signUp({ email: `long-${Date.now()}@example.com`, lastName: 'P'.repeat(61) })).toMatchObject({ status: 400, body: { field: 'lastName' } });
    expect(await outboxCount()).toBe(before);
  });

  it('keeps an IDN domain in its ASCII form', async () => {
    const answer = await signUp({ email: 'Ana@Bücher.Example' });
    expect(answer.status).toBe(200);
    const mail = await database.db.selectFrom('outbox').select('recipient').where('recipient', '=', 'ana@xn--bcher-kva.example').executeTakeFirst();
    expect(mail).toBeDefined();
  });
});
