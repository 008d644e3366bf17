// Which currency a checkout charges in, and which merchant account the sale names (decision
// 0056). A Braintree merchant account settles in one currency; an organisation names one per
// currency it settles in (`payments.merchantAccounts`). A visitor whose currency has one is
// charged in it (a Mexican traveller on a peso site pays pesos, no foreign-currency fee); any
// other is charged in the catalogue currency on the gateway's default account.
import { CATALOGUE_CURRENCY } from './charge';

/** Currency code → merchant account id, as the org config names them. */
export type MerchantAccounts = Readonly<Record<string, string>>;

const named = (accounts: MerchantAccounts | undefined, currency: string) => accounts !== undefined && Object.hasOwn(accounts, currency);

/** The currency a visitor who shows prices in `displayCurrency` is charged in. */
export function chargeCurrencyFor(accounts: MerchantAccounts | undefined, displayCurrency: string): string {
  return named(accounts, displayCurrency) ? displayCurrency : CATALOGUE_CURRENCY;
}

/** Whether the organisation can take a card payment in `currency` (it may have dropped an account since a quote was made). */
export const settlesIn = (accounts: MerchantAccounts | undefined, currency: string): boolean => currency === CATALOGUE_CURRENCY || named(accounts, currency);

/**
 * The merchant account a sale in `currency` names; undefined for the catalogue currency when the
 * organisation names none (the gateway's configured default account, BRAINTREE_MERCHANT_ACCOUNT_ID).
 * A currency the organisation has no account for is a programming error: nothing is charged.
 */
export function merchantAccountFor(accounts: MerchantAccounts | undefined, currency: string): string | undefined {
  if (named(accounts, currency)) return accounts![currency];
  if (currency === CATALOGUE_CURRENCY) return undefined;
  throw new Error(`No merchant account settles in ${currency}`);
}
