import type { Money, RateTable } from '~/domain/money';
import { convert, formatMoney } from '~/domain/money';
import { getDb } from '../platform/db.server';
import { cachedReference } from './reference-cache.server';

/** Exchange rates from the database, through the reference cache (rates change daily at most). */
export function getRateTable(): Promise<RateTable> {
  return cachedReference('rate-table', async () => {
    const rows = await getDb()
      .selectFrom('exchange_rates as r')
      .innerJoin('currencies as c', 'c.code', 'r.currency_code')
      .select(['r.currency_code', 'r.per_usd', 'c.minor_digits'])
      .execute();
    return new Map(rows.map((r) => [r.currency_code, { perUsd: r.per_usd, minorDigits: r.minor_digits }])) as RateTable;
  });
}

/** A price converted into the visitor's currency, with its display text. */
export type DisplayPrice = Money & { text: string };

export function toDisplayPrice(money: Money, currency: string, language: string, rates: RateTable): DisplayPrice {
  const converted = convert(money, currency, rates);
  const digits = rates.get(currency)?.minorDigits ?? 2;
  return { ...converted, text: formatMoney(converted, digits, language) };
}
