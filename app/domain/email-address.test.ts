import { describe, expect, it } from 'vitest';
import { parseEmailAddress } from './email-address';

describe('parseEmailAddress', () => {
  it('takes a plain local@domain, lower-cased, an IDN domain in its ASCII form', () => {
    expect(parseEmailAddress('  Maria.Lopez+trips@Example.COM ')).toEqual({ ok: true, address: 'maria.lopez+trips@example.com' });
    expect(parseEmailAddress("o'neil@sub.example.co.uk")).toEqual({ ok: true, address: "o'neil@sub.example.co.uk" });
    expect(parseEmailAddress('ana@bücher.example')).toEqual({ ok: true, address: 'ana@xn--bcher-kva.example' });
    expect(parseEmailAddress('ana@xn--bcher-kva.example')).toEqual({ ok: true, address: 'ana@xn--bcher-kva.example' });
    expect(parseEmailAddress('ivan@пример.рф')).toMatchObject({ ok: true, address: expect.stringMatching(/^ivan@xn--/) });
  });

  it('refuses comments, quoted parts, IP literals, a second @ and anything a mail library could read otherwise', () => {
    for (const address of [
      'victim@company.com(x)attacker.net',
      'victim(comment)@company.com',
      '"victim@company.com"@attacker.net',
      'victim@company.com@attacker.net',
      'victim@[127.0.0.1]',
      'victim@company.com,attacker@evil.net',
      'victim@company.com\nBcc: attacker@evil.net',
      'Victim <victim@company.com>',
      'victim@localhost',
      'victim@-company.com',
      'victim@company..com',
      '.victim@company.com',
      'vic..tim@company.com',
      'víctor@company.com',
      `${'a'.repeat(65)}@company.com`,
      'victim@company.123',
      '',
      '@company.com',
    ]) {
      expect(parseEmailAddress(address), JSON.stringify(address)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a domain written in other letters that read as Latin ones (a Cyrillic look-alike)', () => {
    // 'а' and 'е' below are Cyrillic.
    expect(parseEmailAddress('member@wаnderly.example')).toEqual({ ok: false, reason: 'lookalike' });
    expect(parseEmailAddress('member@wanderly.еxample')).toEqual({ ok: false, reason: 'lookalike' });
    expect(parseEmailAddress('member@раураl.com')).toEqual({ ok: false, reason: 'lookalike' });
    // Greek omicron.
    expect(parseEmailAddress('member@gοogle.com')).toEqual({ ok: false, reason: 'lookalike' });
  });
});
