// The sandbox's stand-in for a card provider's own payment page: the 'redirect' variant of the
// car payment mode (spec §4; decision 0055). The merchant's server opens a payment (Basic auth,
// JSON: amount, order id, return URL) and sends the payer to its page; the payer pays there (a
// sale under the order id, which the Braintree API then lists like any other) or cancels, and the
// page sends them back to the return URL. The merchant reads the outcome from the gateway by the
// order id, never from the URL the payer comes back with.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from './card-frame';
import { parseAmount } from './rules';
import { currencyOfAccount, SANDBOX_MERCHANT_ACCOUNT_ID, type SandboxState } from './state';
import { escape as html } from './xml';

/** `paid`: a sale was made on it (it takes no second); `expiresAt`: on the sandbox's clock, after which it takes none. */
type HostedPayment = {
  id: string;
  amount: string;
  merchantAccountId: string;
  currency: string;
  orderId: string;
  returnUrl: string;
  description: string;
  language: 'en' | 'es';
  paid: boolean;
  expiresAt: number;
};

const COPY = {
  en: {
    title: 'Secure payment',
    intro: 'Sandbox payment page of the car’s provider.',
    amount: 'Amount',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    pay: 'Pay',
    cancel: 'Cancel and go back',
    invalid: 'Check the card number and its expiry.',
    declined: 'The card was declined. Try another card or cancel.',
    expired: 'This payment page has expired: go back and try again.',
  },
  es: {
    title: 'Pago seguro',
    intro: 'Página de pago sandbox del proveedor del auto.',
    amount: 'Monto',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    pay: 'Pagar',
    cancel: 'Cancelar y volver',
    invalid: 'Revisa el número de la tarjeta y su vencimiento.',
    declined: 'La tarjeta fue rechazada. Prueba otra tarjeta o cancela.',
    expired: 'Esta página de pago venció: vuelve e inténtalo de nuevo.',
  },
} as const;

/** An http(s) URL, else null: the only place a payer is sent back to. */
function returnUrlOf(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The hosted payments of one sandbox: opened by the merchant API, paid or cancelled on their page. */
export function hostedPages(state: SandboxState, publicUrl: () => string) {
  const payments = new Map<string, HostedPayment>();

  function page(response: ServerResponse, status: number, payment: HostedPayment, error: string | null): void {
    const copy = COPY[payment.language];
    const nonce = randomBytes(16).toString('base64');
    response.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // The form posts here and its answer redirects to the merchant: form-action allows both.
      'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${new URL(payment.returnUrl).origin}; base-uri 'none'; frame-ancestors 'none'`,
    });
    const amount = `${payment.amount} ${payment.currency}`;
    response.end(`<!doctype html>
<html lang="${payment.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${copy.title}</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #6b6b76;border-radius:.375rem}button{margin-top:1.25rem;padding:.6rem 1rem;font:inherit;border-radius:.375rem;border:1px solid #1b4fd8;background:#1b4fd8;color:#fff;cursor:pointer}button.secondary{background:#fff;color:#1b4fd8;margin-left:.5rem}.error{color:#a4161a;font-weight:600}</style></head>
<body><main><h1>${copy.title}</h1><p>${copy.intro}</p><p>${html(payment.description)}</p><p><strong>${copy.amount}: ${html(amount)}</strong></p>
${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="/hosted/${html(payment.id)}">
<label for="number">${copy.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number">
<label for="expiry">${copy.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY">
<button type="submit" name="action" value="pay">${copy.pay} ${html(amount)}</button><button type="submit" name="action" value="cancel" class="secondary">${copy.cancel}</button>
</form></main></body></html>`);
  }

  function backToMerchant(response: ServerResponse, payment: HostedPayment): void {
    response.writeHead(303, { Location: payment.returnUrl, 'Cache-Control': 'no-store' });
    response.end();
  }

  return {
    /**
     * POST /merchants/<id>/hosted_payments (authenticated by the caller): `{ amount, order_id,
     * return_url, merchant_account_id?, description?, language? }` → `{ id, url }`. The page takes
     * the amount in the merchant account's currency (the default account's, USD, when none is named).
     */
    open(body: Record<string, unknown>, response: ServerResponse): void {
      const cents = parseAmount(body.amount);
      const returnUrl = returnUrlOf(body.return_url);
      const orderId = typeof body.order_id === 'string' && body.order_id !== '' && body.order_id.length <= 255 ? body.order_id : null;
      if (cents === null || cents === 0) return sendJson(response, 422, { error: 'amount: a positive amount with at most 2 decimals' });
      if (!orderId) return sendJson(response, 422, { error: 'order_id: required, at most 255 characters' });
      if (!returnUrl) return sendJson(response, 422, { error: 'return_url: an http(s) URL' });
      const merchantAccountId = typeof body.merchant_account_id === 'string' ? body.merchant_account_id : SANDBOX_MERCHANT_ACCOUNT_ID;
      const currency = currencyOfAccount(merchantAccountId);
      if (!currency) return sendJson(response, 422, { error: 'merchant_account_id: no such merchant account' });
      const id = `hp_${randomBytes(12).toString('hex')}`;
      const description = typeof body.description === 'string' ? body.description.slice(0, 200) : '';
      const minutes = typeof body.expires_in_minutes === 'number' && body.expires_in_minutes > 0 ? body.expires_in_minutes : 15;
      payments.set(id, {
        id,
        amount: (cents / 100).toFixed(2),
        merchantAccountId,
        currency,
        orderId,
        returnUrl: returnUrl.href,
        description,
        language: body.language === 'es' ? 'es' : 'en',
        paid: false,
        expiresAt: state.now() + minutes * 60_000,
      });
      sendJson(response, 201, { id, url: `${publicUrl()}/hosted/${id}` });
    },

    /** The payer's page: GET shows it; POST pays (a sale under the order id) or cancels, then sends them back. */
    handle(method: string, path: string, rawBody: string, response: ServerResponse): boolean {
      const match = /^\/hosted\/(hp_[0-9a-f]{24})$/.exec(path);
      if (!match) return false;
      const payment = payments.get(match[1]!);
      if (!payment) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('No such payment.');
        return true;
      }
      if (method === 'GET') {
        page(response, 200, payment, null);
        return true;
      }
      if (method !== 'POST') {
        response.writeHead(405, { Allow: 'GET, POST' });
        response.end();
        return true;
      }
      const form = new URLSearchParams(rawBody);
      // Cancelled, or paid already (a second submit): back to the merchant, nothing charged again.
      if (form.get('action') !== 'pay' || payment.paid) {
        backToMerchant(response, payment);
        return true;
      }
      if (state.now() >= payment.expiresAt) {
        page(response, 410, payment, COPY[payment.language].expired);
        return true;
      }
      const [month = '', year = ''] = (form.get('expiry') ?? '').split('/').map((part) => part.trim());
      const minted = state.mintNonce({ number: form.get('number') ?? '', expirationMonth: month, expirationYear: year.length === 2 ? `20${year}` : year });
      if ('error' in minted) {
        page(response, 422, payment, COPY[payment.language].invalid);
        return true;
      }
      // Keyed by the payment: another payment of the same card and amount is not a duplicate to refuse.
      const sale = state.sale({
        transaction: {
          type: 'sale',
          amount: payment.amount,
          merchant_account_id: payment.merchantAccountId,
          order_id: payment.orderId,
          payment_method_nonce: minted.nonce,
          api_request_key: payment.id,
          options: { submit_for_settlement: false },
        },
      });
      if (sale.status !== 201) {
        page(response, 402, payment, COPY[payment.language].declined);
        return true;
      }
      payment.paid = true;
      backToMerchant(response, payment);
      return true;
    },
  };
}
