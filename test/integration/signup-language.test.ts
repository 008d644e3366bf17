// A visitor who signs up on a page in Spanish gets the verification e-mail in Spanish, and the
// new account keeps Spanish as its preference, so every later e-mail is in Spanish too (issue 14,
// "e-mails in the recipient's language"), whatever the organisation's own language.
import { describe, expect, it } from 'vitest';
import { action as signup } from '~/routes/auth.signup';
import { getOrgById } from '~/services/config/config.server';
import { completeSignup } from '~/services/identity/auth.server';
import { useSeededDatabase } from '../support/databases';
import { callAction } from '../support/load-context';

describe('sign-up in the page’s language', () => {
  const database = useSeededDatabase('pglite');

  it('mails the verification in the language the page was in, and the account keeps it', async () => {
    const email = `idioma-${Date.now()}@example.com`;
    const form = new URLSearchParams({ firstName: 'Lucía', lastName: 'Paz', email, password: 'Viaje-Largo-2026!' });
    const request = new Request('http://localhost/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lan_code=es-MX' },
      body: form.toString(),
    });
    const answer = await callAction(signup, request);
    expect(answer.status).toBe(200);

    const mail = await database.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', email).executeTakeFirstOrThrow();
    // Wanderly's own language is English; the page was in Spanish.
    expect(getOrgById('wanderly')!.locale.defaultLanguage).toBe('en-US');
    expect(mail.subject).toBe('Termina de crear tu cuenta de Wanderly Travel');
    const token = /token=([\w-]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeDefined();

    expect(await completeSignup(getOrgById('wanderly')!, token!)).not.toBeNull();
    const user = await database.db.selectFrom('users').select('preferred_language').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.preferred_language).toBe('es-MX');
  });
});
