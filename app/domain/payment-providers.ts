/**
 * The organisation's payment providers as the legacy `getSupplierpg` call lists them (spec §3
 * "Payment provider supplier entry", "Payment gateway ids"), and the card service's api-key.
 *
 * The api-key names the organisation's provider; it is not a secret and grants nothing: the
 * session decides whose cards a call may touch. It is derived (`<pg id>.<org id>`), so there is
 * nothing to configure or rotate, and a client gets it from getSupplierpg like the old one did.
 */
import type { PaymentGatewayId, PaymentOptionKind } from './payment-options';
import { paymentRulesOf, productTakesInvoice } from '~/products/registry';

export type SupplierEntry = { id: PaymentGatewayId; 'api-key': string; pg_method_name: string };

export type OrgPayments = {
  cardProvider: { pgId: PaymentGatewayId };
  options: readonly PaymentOptionKind[];
  carReferenceProvider: PaymentGatewayId;
};

/** The provider-specific card method name of our card provider (Braintree). */
export const PROVIDER_CARD_METHOD = 'Braintree Card';
export const CLIENT_CC = 'Client CC';
export const CREDIT_LINE = 'Credit line';

export function providerApiKey(pgId: PaymentGatewayId, orgId: string): string {
  return `${pgId.toLowerCase()}.${orgId}`;
}

/** The key the card service expects in its `api-key` header: the card provider's entry's key. */
export function cardServiceApiKey(payments: OrgPayments, orgId: string): string {
  return providerApiKey(payments.cardProvider.pgId, orgId);
}

/**
 * The entries for a product: the card provider's card method always; 'Client CC' (the car
 * reference provider, the customer's card passed to the supplier) for cars; 'Credit line'
 * (PG_02, the add-card group) where the organisation pays by invoice. `supplierId`, when it
 * names a gateway id, narrows the list to that entry.
 */
export function supplierEntries(payments: OrgPayments, orgId: string, productCode: string, supplierId?: string): SupplierEntry[] {
  const entries: SupplierEntry[] = [{ id: payments.cardProvider.pgId, 'api-key': providerApiKey(payments.cardProvider.pgId, orgId), pg_method_name: PROVIDER_CARD_METHOD }];
  if (paymentRulesOf(productCode)?.clientCardToSupplier && payments.carReferenceProvider !== payments.cardProvider.pgId) {
    entries.push({ id: payments.carReferenceProvider, 'api-key': providerApiKey(payments.carReferenceProvider, orgId), pg_method_name: CLIENT_CC });
  }
  if (payments.options.includes('invoice') && productTakesInvoice(productCode)) {
    entries.push({ id: 'PG_02', 'api-key': providerApiKey('PG_02', orgId), pg_method_name: CREDIT_LINE });
  }
  const narrowed = supplierId && /^PG_0[123]$/.test(supplierId) ? entries.filter((entry) => entry.id === supplierId) : entries;
  return narrowed;
}
