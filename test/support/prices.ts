import { convert, formatMoney } from '~/domain/money';
import { currencies } from '~/domain/reference-data';

const rates = new Map<string, { perUsd: string; minorDigits: number }>(currencies.map((c) => [c.code, { perUsd: c.perUsd, minorDigits: c.minorDigits }]));

/** The cheapest featured-destination teaser (Bangkok, USD 56) as the page prints it. */
export function teaser(currency: string, language: string): string {
  const price = formatMoney(convert({ amountMinor: 5_600, currency: 'USD' }, currency, rates), rates.get(currency)!.minorDigits, language);
  return language === 'es-MX' ? `desde ${price} / noche` : `from ${price} / night`;
}
