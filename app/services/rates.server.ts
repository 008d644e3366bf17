import type { Money, RateTable } from '~/domain/money';
import { convert, formatMoney } from '~/domain/money';
import { getDb } from './db.server';
import { singleton } from '~/utils/singleton.server';

const CACHE_MS = 60_000;
const cache = singleton('rate-table', () => ({ table: undefined as RateTable | undefined, at: 0 }));

/** Exchange rates from the database, cached for a minute (rates change daily at most). */
export async function getRateTable(): Promise<RateTable> {
  if (cache.table && Date.now() - cache.at < CACHE_MS) return cache.table;
  const rows = await getDb()
    .selectFrom('exchange_rates as r')
    .innerJoin('currencies as c', 'c.code', 'r.currency_code')
    .select(['r.currency_code', 'r.per_usd', 'c.minor_digits'])
    .execute();
  cache.table = new Map(rows.map((r) => [r.currency_code, { perUsd: r.per_usd, minorDigits: r.minor_digits }]));
  cache.at = Date.now();
  return cache.table;
}

/** A price converted into the visitor's currency, with its display text. */
export type DisplayPrice = Money & { text: string };

export function toDisplayPrice(money: Money, currency: string, language: string, rates: RateTable): DisplayPrice {
  const converted = convert(money, currency, rates);
  const digits = rates.get(currency)?.minorDigits ?? 2;
  return { ...converted, text: formatMoney(converted, digits, language) };
}
