import { describe, expect, it } from 'vitest';
import { invoiceCreditCovers, parseCreditGrant } from './invoice-credit';

describe('invoiceCreditCovers', () => {
  const line = { limitMinor: 100_000, currency: 'USD', usedMinor: 60_000 };
  it('covers a booking that fits in what is left of the limit, up to exactly the limit', () => {
    expect(invoiceCreditCovers(line, { amountMinor: 40_000, currency: 'USD' })).toBe(true);
    expect(invoiceCreditCovers(line, { amountMinor: 40_001, currency: 'USD' })).toBe(false);
  });
  it('needs a line, the same currency and a positive amount', () => {
    expect(invoiceCreditCovers(null, { amountMinor: 1, currency: 'USD' })).toBe(false);
    expect(invoiceCreditCovers(line, { amountMinor: 1, currency: 'MXN' })).toBe(false);
    expect(invoiceCreditCovers(line, { amountMinor: 0, currency: 'USD' })).toBe(false);
    expect(invoiceCreditCovers({ ...line, limitMinor: 0, usedMinor: 0 }, { amountMinor: 1, currency: 'USD' })).toBe(false);
  });
});

describe('parseCreditGrant', () => {
  it('reads a user grant or a company grant, the limit in major units', () => {
    expect(parseCreditGrant({ email: ' ana@voyagerpro.example ', limit: '2500.50', currency: 'USD' })).toEqual({
      ok: true,
      grant: { payer: { email: 'ana@voyagerpro.example' }, limitMinor: 250_050, currency: 'USD' },
    });
    expect(parseCreditGrant({ company: 'Acme', limit: 0, currency: 'USD' })).toEqual({ ok: true, grant: { payer: { company: 'Acme' }, limitMinor: 0, currency: 'USD' } });
  });
  it.each([
    [null, 'The body'],
    [[], 'The body'],
    [{ limit: 1, currency: 'USD' }, 'email or company'],
    [{ email: 'a@b.example', company: 'Acme', limit: 1, currency: 'USD' }, 'email or company'],
    [{ email: 'nobody', limit: 1, currency: 'USD' }, 'email:'],
    [{ company: '', limit: 1, currency: 'USD' }, 'company:'],
    [{ email: 'a@b.example', limit: -1, currency: 'USD' }, 'limit:'],
    [{ email: 'a@b.example', limit: '1.234', currency: 'USD' }, 'limit:'],
    [{ email: 'a@b.example', limit: 1e12, currency: 'USD' }, 'limit:'],
    [{ email: 'a@b.example', limit: 1, currency: 'usd' }, 'currency:'],
    [{ email: 'a@b.example', limit: 1, currency: 'USD', role: 'admin' }, 'role:'],
  ])('refuses %j naming the field', (body, message) => {
    const parsed = parseCreditGrant(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.startsWith(message)).toBe(true);
  });
});
