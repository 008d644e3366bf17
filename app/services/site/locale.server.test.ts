import { describe, expect, it } from 'vitest';
import { cookiesOfHeader, getOrgById } from '../config/config.server';
import { geolocatedLocaleCookies, offeredCurrencies, offeredLanguages, resolveLocaleFromCookies as resolveLocale } from './locale.server';

function orgOf(id: string) {
  const org = getOrgById(id);
  if (!org) throw new Error(`no org ${id}`);
  return org;
}
const withCookie = (cookie?: string) => (name: string) => cookiesOfHeader(cookie).get(name);

describe('resolveLocale', () => {
  it("uses the organisation's defaults for a new visitor", () => {
    expect(resolveLocale(withCookie(), orgOf('wanderly'))).toEqual({ language: 'en-US', currency: 'USD' });
    expect(resolveLocale(withCookie(), orgOf('viajamas'))).toEqual({ language: 'es-MX', currency: 'MXN' });
  });

  it('prefers the code cookies, then the id cookies (en-US = 1, USD = 9)', () => {
    expect(resolveLocale(withCookie('lan_code=es-MX; currency_code=EUR'), orgOf('wanderly'))).toEqual({ language: 'es-MX', currency: 'EUR' });
    expect(resolveLocale(withCookie('ssoLanguage=1; ssoCurrency=9'), orgOf('viajamas'))).toEqual({ language: 'en-US', currency: 'USD' });
  });

  it("uses a signed-in user's saved preference when no cookie says otherwise", () => {
    const preferred = { language: 'es-MX', currency: 'GBP' };
    expect(resolveLocale(withCookie(), orgOf('wanderly'), preferred)).toEqual({ language: 'es-MX', currency: 'GBP' });
    expect(resolveLocale(withCookie('currency_code=CAD'), orgOf('wanderly'), preferred)).toEqual({ language: 'es-MX', currency: 'CAD' });
  });

  it('ignores what the organisation does not offer or the platform does not know', () => {
    // voyagerpro offers no MXN; XXX is no currency; fr-FR is not a known language.
    expect(resolveLocale(withCookie('currency_code=MXN; lan_code=fr-FR'), orgOf('voyagerpro'))).toEqual({ language: 'en-US', currency: 'USD' });
    expect(resolveLocale(withCookie('currency_code=XXX'), orgOf('wanderly'), { currency: 'COP' })).toEqual({ language: 'en-US', currency: 'USD' });
  });
});

describe('resolveLocale from the visitor’s country', () => {
  it('gives a new visitor their country’s language and currency where the organisation offers them', () => {
    expect(resolveLocale(withCookie(), orgOf('wanderly'), undefined, 'MX')).toEqual({ language: 'es-MX', currency: 'MXN' });
    expect(resolveLocale(withCookie(), orgOf('viajamas'), undefined, 'US')).toEqual({ language: 'en-US', currency: 'USD' });
    // Germany: euros where offered; no German, so the organisation's language.
    expect(resolveLocale(withCookie(), orgOf('wanderly'), undefined, 'DE')).toEqual({ language: 'en-US', currency: 'EUR' });
    // voyagerpro offers no MXN: its default currency, with the Spanish it offers.
    expect(resolveLocale(withCookie(), orgOf('voyagerpro'), undefined, 'MX')).toEqual({
      language: orgOf('voyagerpro').locale.languages.includes('es-MX') ? 'es-MX' : 'en-US',
      currency: 'USD',
    });
  });

  it('never outranks a cookie or a signed-in user’s preference, and no country changes nothing', () => {
    expect(resolveLocale(withCookie('lan_code=en-US; currency_code=USD'), orgOf('wanderly'), undefined, 'MX')).toEqual({ language: 'en-US', currency: 'USD' });
    expect(resolveLocale(withCookie(), orgOf('wanderly'), { language: 'en-US', currency: 'CAD' }, 'MX')).toEqual({ language: 'en-US', currency: 'CAD' });
    expect(resolveLocale(withCookie(), orgOf('viajamas'), undefined, null)).toEqual({ language: 'es-MX', currency: 'MXN' });
    expect(resolveLocale(withCookie(), orgOf('viajamas'), undefined, 'NG')).toEqual({ language: 'es-MX', currency: 'MXN' });
  });
});

describe('the locale cookies a first visit gets from its country', () => {
  const visit = (org: string, country: string | null, cookie?: string, signedIn = false) => {
    const o = orgOf(org);
    return { org: o, signedIn, cookie: withCookie(cookie), country, locale: resolveLocale(withCookie(cookie), o, undefined, country), hostname: 'localhost' };
  };

  it('are the spec’s four cookies of the resolved locale, when the country chose something the organisation offers', () => {
    expect(geolocatedLocaleCookies(visit('wanderly', 'MX')).map((line) => line.split(';')[0])).toEqual(['ssoLanguage=2', 'ssoCurrency=8', 'lan_code=es-MX', 'currency_code=MXN']);
    // Germany: euros, and the organisation's own language with them.
    expect(geolocatedLocaleCookies(visit('wanderly', 'DE')).map((line) => line.split(';')[0])).toEqual(['ssoLanguage=1', 'ssoCurrency=5', 'lan_code=en-US', 'currency_code=EUR']);
    expect(geolocatedLocaleCookies(visit('wanderly', 'MX'))[0]).toContain('Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('are none for a signed-in user, a visitor with a locale cookie, no country, or a country that offers nothing here', () => {
    expect(geolocatedLocaleCookies(visit('wanderly', 'MX', undefined, true))).toEqual([]);
    expect(geolocatedLocaleCookies(visit('wanderly', 'MX', 'currency_code=USD'))).toEqual([]);
    expect(geolocatedLocaleCookies(visit('wanderly', 'MX', 'ssoLanguage=1'))).toEqual([]);
    expect(geolocatedLocaleCookies(visit('wanderly', null))).toEqual([]);
    expect(geolocatedLocaleCookies(visit('wanderly', 'NG'))).toEqual([]);
  });
});

describe('offered languages and currencies', () => {
  it("lists only the org's own, with the spec's ids", () => {
    expect(offeredLanguages(orgOf('viajamas')).map((l) => [l.id, l.code])).toEqual([
      [1, 'en-US'],
      [2, 'es-MX'],
    ]);
    expect(
      offeredCurrencies(orgOf('voyagerpro'))
        .map((c) => c.code)
        .sort(),
    ).toEqual(['CAD', 'CHF', 'EUR', 'GBP', 'USD']);
  });
});
