import { describe, expect, it } from 'vitest';
import { buildQuote, convertAtQuoteRate, quoteDisplayOf, quotedAmount, quotedLine, quotingOf, readQuote, requiredLine } from './quote';

const rates = new Map([
  ['USD', { perUsd: '1', minorDigits: 2 }],
  ['MXN', { perUsd: '17.00000000', minorDigits: 2 }],
]);

const quote = () =>
  buildQuote({
    product: 'HLT',
    lines: { perNight: 10_000, total: 21_000, strikeTotal: null },
    fees: { tax: 1_000 },
    display: quoteDisplayOf('MXN', rates),
    chargeCurrency: 'USD',
    chargeMinorDigits: 2,
    priceType: 'B2C',
    party: { rooms: 1, guestsPerRoom: 2 },
    charge: { amountMinor: 21_000, description: 'Hotel Sol ·  2 nights' },
    facts: { nights: 2 },
    now: new Date('2026-01-01T00:00:00Z'),
  });

describe('quote', () => {
  it('converts each line once at the rate of its display currency, and keeps the charge in USD', () => {
    const q = quote();
    expect(q.lines).toEqual([
      { key: 'perNight', amountMinor: 10_000, displayMinor: 170_000 },
      { key: 'total', amountMinor: 21_000, displayMinor: 357_000 },
    ]);
    expect(q.fees).toEqual([{ key: 'tax', amountMinor: 1_000, displayMinor: 17_000 }]);
    expect(q.charge).toEqual({ amountMinor: 21_000, currency: 'USD', description: 'Hotel Sol · 2 nights' });
    expect(q.display).toEqual({ currency: 'MXN', perUsd: '17.00000000', minorDigits: 2 });
  });

  it('shows lines and amounts at the recorded rate, whatever the rates are now', () => {
    const q = quote();
    expect(requiredLine(q, 'total', 'en-US')).toMatchObject({ amountMinor: 357_000, currency: 'MXN' });
    expect(quotedLine(q, 'tax', 'en-US')?.amountMinor).toBe(17_000);
    expect(quotedLine(q, 'strikeTotal', 'en-US')).toBeNull();
    expect(() => requiredLine(q, 'markup', 'en-US')).toThrow(/no markup line/);
    expect(quotedAmount(q, 100, 'en-US').amountMinor).toBe(1_700);
  });

  it('reads a stored quote back only for its product and when whole', () => {
    const q = quote();
    expect(readQuote(JSON.parse(JSON.stringify(q)), 'HLT')).toEqual(q);
    expect(readQuote(JSON.stringify(q), 'HLT')).toEqual(q);
    expect(readQuote(q, 'CAR')).toBeNull();
    expect(readQuote(null, 'HLT')).toBeNull();
    expect(readQuote('{', 'HLT')).toBeNull();
    expect(readQuote({ ...q, charge: { ...q.charge, amountMinor: 1.5 } }, 'HLT')).toBeNull();
    expect(readQuote({ ...q, lines: [{ key: 'total' }] }, 'HLT')).toBeNull();
  });

  it('charges in the display currency where the organisation settles in it (decision 0056): lines, fees and charge in pesos', () => {
    const q = buildQuote({
      ...quoteInput(),
      ...quotingOf('MXN', 'MXN', rates),
      lines: { perNight: 10_000, total: 21_000 },
      fees: { tax: 1_000 },
      charge: { amountMinor: 21_000, description: 'Hotel Sol' },
    });
    expect(q.lines).toEqual([
      { key: 'perNight', amountMinor: 170_000, displayMinor: 170_000 },
      { key: 'total', amountMinor: 357_000, displayMinor: 357_000 },
    ]);
    expect(q.fees).toEqual([{ key: 'tax', amountMinor: 17_000, displayMinor: 17_000 }]);
    expect(q.charge).toEqual({ amountMinor: 357_000, currency: 'MXN', description: 'Hotel Sol' });
    expect(quotedAmount(q, 5_000, 'es-MX').amountMinor).toBe(5_000);
    // Dollars (a USD wallet, points valued in USD) convert at the quote's own rate.
    expect(convertAtQuoteRate(q, { amountMinor: 1_000, currency: 'USD' }, 'MXN')).toEqual({ amountMinor: 17_000, currency: 'MXN' });
    expect(convertAtQuoteRate(q, { amountMinor: 17_000, currency: 'MXN' }, 'USD')).toEqual({ amountMinor: 1_000, currency: 'USD' });
    expect(convertAtQuoteRate(q, { amountMinor: 1_000, currency: 'EUR' }, 'MXN')).toBeNull();
  });

  it('charges only in the catalogue currency or the display one', () => {
    expect(() => quotingOf('MXN', 'EUR', new Map([...rates, ['EUR', { perUsd: '0.9', minorDigits: 2 }]]))).toThrow(/USD or in its display currency/);
    expect(() => buildQuote({ ...quoteInput(), chargeCurrency: 'MXN' })).toThrow(/USD or in its display currency/);
    expect(quotingOf('MXN', 'USD', rates)).toEqual({ display: { currency: 'MXN', perUsd: '17.00000000', minorDigits: 2 }, chargeCurrency: 'USD', chargeMinorDigits: 2 });
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => buildQuote({ ...quoteInput(), lines: { total: 1.5 } })).toThrow(RangeError);
  });
});

function quoteInput() {
  return {
    product: 'HLT' as const,
    lines: {},
    fees: {},
    display: quoteDisplayOf('USD', rates),
    chargeCurrency: 'USD',
    chargeMinorDigits: 2,
    priceType: 'B2C',
    party: {},
    charge: { amountMinor: 0, description: 'x' },
    facts: {},
  };
}
