// A card provider's own payment page (the car payment mode's 'redirect' variant, spec §4;
// decision 0055): we open a payment for an amount and a gateway order id, send the payer to the
// provider's page, and read the outcome back from the gateway by that order id when they return
// (or when the sweep finds them gone). Only the local sandbox gateway offers such a page today;
// without one, a car of another provider is paid in our own card form (decision 0055).
import type { BraintreeSettings } from './gateway.server';

/**
 * `expiresInMinutes`: how long the page takes the payment (the sweep reads the outcome after it);
 * `merchantAccountId`: the account of the charge's currency (absent: the default, USD).
 */
export type HostedPaymentOpening = {
  amountMinor: number;
  orderId: string;
  returnUrl: string;
  expiresInMinutes: number;
  description: string;
  language: 'en' | 'es';
  merchantAccountId?: string;
};
export type HostedPayments = {
  open(input: HostedPaymentOpening): Promise<{ ok: true; url: string } | { ok: false; message: string }>;
};

/** The sandbox gateway's hosted payments API: `POST /merchants/<id>/hosted_payments`, Basic auth, JSON. */
export function sandboxHostedPayments(settings: BraintreeSettings & { environment: { url: string } }): HostedPayments {
  const endpoint = `${settings.environment.url.replace(/\/$/, '')}/merchants/${settings.merchantId}/hosted_payments`;
  const authorization = `Basic ${Buffer.from(`${settings.publicKey}:${settings.privateKey}`).toString('base64')}`;
  return {
    async open(input) {
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: (input.amountMinor / 100).toFixed(2),
            merchant_account_id: input.merchantAccountId ?? settings.merchantAccountId,
            order_id: input.orderId,
            return_url: input.returnUrl,
            expires_in_minutes: input.expiresInMinutes,
            description: input.description,
            language: input.language,
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        const answer = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
        if (response.status === 201 && typeof answer?.url === 'string') return { ok: true, url: answer.url };
        return { ok: false, message: typeof answer?.error === 'string' ? answer.error : `the provider answered ${response.status}` };
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : 'the provider did not answer' };
      }
    },
  };
}
