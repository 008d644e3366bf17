import { describe, expect, it } from 'vitest';
import { getOrgById } from '../config/config.server';
import { PreferenceError, localeCookies, parsePreferenceUpdate, safeReturnPath } from './preferences.server';

function orgOf(id: string) {
  const org = getOrgById(id);
  if (!org) throw new Error(`no org ${id}`);
  return org;
}

describe('parsePreferenceUpdate', () => {
  it('accepts offered codes or the spec ids', () => {
    expect(parsePreferenceUpdate({ usr_type: 2, preferred_language: 'es-MX', preferred_currency: 'EUR' }, orgOf('wanderly'))).toEqual({
      language: { id: 2, code: 'es-MX' },
      currency: { id: 5, code: 'EUR' },
    });
    expect(parsePreferenceUpdate({ usr_type: 2, preferred_language: '1', preferred_currency: '9' }, orgOf('wanderly'))).toEqual({
      language: { id: 1, code: 'en-US' },
      currency: { id: 9, code: 'USD' },
    });
  });

  it('refuses wrong types, missing fields and extra fields with the path', () => {
    const org = orgOf('wanderly');
    expect(() => parsePreferenceUpdate({ usr_type: '2', preferred_language: 'en-US', preferred_currency: 'USD' }, org)).toThrow(/usr_type/);
    expect(() => parsePreferenceUpdate({ usr_type: 2, preferred_language: 'en-US' }, org)).toThrow(/preferred_currency/);
    expect(() => parsePreferenceUpdate([], org)).toThrow(PreferenceError);
    expect(() => parsePreferenceUpdate({ usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD', role: 'admin' }, org)).toThrow(PreferenceError);
  });

  it('takes an optional date format from the allowed list (spec §6, §9); anything else names date_format', () => {
    const org = orgOf('wanderly');
    const base = { usr_type: 2, preferred_language: 'en-US', preferred_currency: 'USD' };
    expect(parsePreferenceUpdate({ ...base, date_format: 'MM/DD/YYYY' }, org)).toMatchObject({ dateFormat: 'MM/DD/YYYY' });
    expect(parsePreferenceUpdate(base, org)).not.toHaveProperty('dateFormat');
    expect(() => parsePreferenceUpdate({ ...base, date_format: 'mm/dd/yyyy' }, org)).toThrow('date_format: must be one of "DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"');
    expect(() => parsePreferenceUpdate({ ...base, date_format: 1 }, org)).toThrow(/^date_format: /);
  });

  it('refuses codes the organisation does not offer, naming them', () => {
    expect(() => parsePreferenceUpdate({ usr_type: 2, preferred_language: 'en-US', preferred_currency: 'MXN' }, orgOf('voyagerpro'))).toThrow(
      "preferred_currency: 'MXN' is not offered",
    );
    expect(() => parsePreferenceUpdate({ usr_type: 2, preferred_language: 'fr-FR', preferred_currency: 'USD' }, orgOf('wanderly'))).toThrow(
      "preferred_language: 'fr-FR' is not offered",
    );
  });
});

describe('localeCookies', () => {
  const choice = { language: { id: 2, code: 'es-MX' }, currency: { id: 8, code: 'MXN' } };
  it('writes the four spec cookies, readable by scripts, for a year', () => {
    const cookies = localeCookies('viajamas.localhost', choice);
    expect(cookies.map((c) => c.split(';')[0])).toEqual(['ssoLanguage=2', 'ssoCurrency=8', 'lan_code=es-MX', 'currency_code=MXN']);
    for (const cookie of cookies) {
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain(`Max-Age=${365 * 24 * 3600}`);
      expect(cookie).not.toMatch(/HttpOnly|Secure/);
    }
  });
  it('marks them Secure outside localhost', () => {
    expect(localeCookies('viajamas.example', choice).every((c) => c.endsWith('; Secure'))).toBe(true);
  });
});

describe('safeReturnPath', () => {
  it('keeps local paths and drops the dialog parameter', () => {
    expect(safeReturnPath('/cars?x=1&preferences=open#top')).toBe('/cars?x=1#top');
    expect(safeReturnPath('/?preferences=open')).toBe('/');
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, 42]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});
