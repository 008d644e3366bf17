import { describe, expect, it } from 'vitest';
import { mailLanguage, renderEmail } from './mail.server';

const viajamas = { locale: { defaultLanguage: 'es-MX', defaultCurrency: 'MXN', languages: ['es-MX', 'en-US'], currencies: ['MXN'] } };
const wanderly = { locale: { defaultLanguage: 'en-US', defaultCurrency: 'USD', languages: ['en-US'], currencies: ['USD'] } };

describe('e-mails in the recipient’s language (issue 14)', () => {
  it("is the recipient's preferred language when the organisation offers it, else the organisation's", () => {
    expect(mailLanguage(viajamas, 'en-US')).toBe('en-US');
    expect(mailLanguage(viajamas, null)).toBe('es-MX');
    expect(mailLanguage(wanderly, 'es-MX')).toBe('en-US');
    expect(mailLanguage(viajamas, 'fr-FR')).toBe('es-MX');
  });

  it('renders every mail in Spanish and English', () => {
    const values = {
      orgName: 'Viajamás',
      firstName: 'Ana',
      link: 'https://viajamas.example/x',
      signInLink: 'a',
      resetLink: 'b',
      planName: 'Plus',
      amount: 'USD 1.00',
      reason: 'x',
      nextTry: '11 de febrero de 2026',
      profileLink: 'p',
      inviterName: 'Luis',
      tripName: 'Cancún',
      expires: '1 de marzo de 2026',
    };
    const names = ['signupVerify', 'signupExisting', 'passwordReset', 'renewalDeclined', 'renewalExpired', 'tripInvitation'] as const;
    for (const name of names) {
      const spanish = renderEmail(name, 'es-MX', values);
      const english = renderEmail(name, 'en-US', values);
      expect(spanish.subject, name).not.toBe(english.subject);
      expect(spanish.text, name).toMatch(/^Hola/);
      expect(english.text, name).toMatch(/^Hello/);
      expect(spanish.html, name).toContain('— Viajamás');
    }
    expect(renderEmail('passwordReset', 'es-MX', values).subject).toBe('Restablece tu contraseña de Viajamás');
  });
});
